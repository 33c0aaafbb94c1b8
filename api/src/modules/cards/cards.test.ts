import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient, type CardJson } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';

const CARD_KEYS = [
  'answer',
  'buried_until',
  'category',
  'category_id',
  'category_name',
  'class_name',
  'college',
  'created_at',
  'difficulty_level',
  'due',
  'id',
  'interval',
  'kind',
  'known',
  'language',
  'lapses',
  'note_guid',
  'ord',
  'question',
  'repetitions',
  'state',
  'suspended',
  'tags',
  'updated_at',
];

describeEachDb('cards API', (ctx) => {
  // A clock the tests move forward, so updated_at visibly changes.
  let clock = new Date('2024-05-01T10:00:00.000Z');
  const tick = () => {
    clock = new Date(clock.getTime() + 60_000);
  };
  let app: FastifyInstance;
  let me: ApiClient;
  let stranger: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => clock });
    me = await signedInClient(app);
    stranger = await signedInClient(app);
  });

  const ids = (cards: CardJson[]) => cards.map((card) => card.id);
  const listIds = async (client: ApiClient, query = '') => {
    const response = await client.get(`/api/cards${query}`);
    expect(response.statusCode).toBe(200);
    return ids(response.json());
  };

  describe('authentication', () => {
    it.each([
      ['GET', '/api/cards'],
      ['GET', '/api/cards/search?q=x'],
      ['GET', '/api/cards/1'],
      ['POST', '/api/cards'],
      ['PUT', '/api/cards/1'],
      ['DELETE', '/api/cards/1?confirm=true'],
      ['PUT', '/api/cards/1/known'],
      ['PUT', '/api/cards/1/unknown'],
      ['PUT', '/api/cards/reset-known'],
      ['GET', '/api/cards/filters/options'],
      ['PUT', '/api/cards/move-to-set'],
      ['POST', '/api/cards/import'],
      ['GET', '/api/cards/export'],
    ] as const)('%s %s needs a signed-in user', async (method, url) => {
      const response = await app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Authentication required' });
    });
  });

  describe('POST /api/cards', () => {
    it('creates a new card with defaults, trimmed text and blank optional fields as null', async () => {
      const response = await me.post('/api/cards', {
        question: '  What is 2 + 2?  ',
        answer: '\n4\t',
        tags: '   ',
        college: '',
        class_name: ' MATH 101 ',
      });
      expect(response.statusCode).toBe(201);
      const card = response.json();
      expect(Object.keys(card).sort()).toEqual(CARD_KEYS);
      expect(card).toEqual({
        id: expect.any(Number),
        note_guid: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
        kind: 'basic',
        ord: 0,
        question: 'What is 2 + 2?',
        answer: '4',
        difficulty_level: 1,
        tags: null,
        college: null,
        class_name: 'MATH 101',
        category_id: null,
        category_name: null,
        category: null,
        language: null,
        known: false,
        repetitions: 0,
        lapses: 0,
        state: 'new',
        due: null,
        interval: 0,
        suspended: false,
        buried_until: null,
        created_at: clock.toISOString(),
        updated_at: clock.toISOString(),
      });
      expect((await me.get(`/api/cards/${card.id}`)).json()).toEqual(card);
    });

    it("files the card in one of the user's sets and names the set", async () => {
      const set = await me.createSet('Algebra');
      const card = await me.createCard({ category_id: set.id, difficulty_level: 4, tags: 'math, easy' });
      expect(card).toMatchObject({
        category_id: set.id,
        category_name: 'Algebra',
        category: 'Algebra',
        difficulty_level: 4,
        tags: 'math, easy',
      });
    });

    it('accepts the difficulty as a numeric string, as form fields send it', async () => {
      expect((await me.createCard({ difficulty_level: '5' })).difficulty_level).toBe(5);
      expect((await me.createCard({ difficulty_level: null })).difficulty_level).toBe(1);
    });

    it.each([
      [{ answer: 'a' }],
      [{ question: 'q' }],
      [{ question: '   ', answer: 'a' }],
      [{ question: 'q', answer: '\n\t ' }],
      [{ question: null, answer: 'a' }],
      [{}],
    ])('refuses %j: Question and answer are required', async (payload) => {
      const response = await me.post('/api/cards', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Question and answer are required' });
    });

    it.each([0, 6, -1, 2.5, '0', '3.5', 'three', true, [], {}])(
      'refuses difficulty %j: Difficulty must be between 1 and 5',
      async (difficulty) => {
        const response = await me.post('/api/cards', { question: 'q', answer: 'a', difficulty_level: difficulty });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'Difficulty must be between 1 and 5' });
      },
    );

    it('allows 10,000 characters of question and answer, not more', async () => {
      const long = 'x'.repeat(10_000);
      expect((await me.post('/api/cards', { question: long, answer: long })).statusCode).toBe(201);
      const tooLong = await me.post('/api/cards', { question: `${long}y`, answer: 'a' });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ error: 'Question is too long' });
      const answerTooLong = await me.post('/api/cards', { question: 'q', answer: `${long}y` });
      expect(answerTooLong.json()).toEqual({ error: 'Answer is too long' });
    });

    it("refuses a set that is not the user's, or does not exist, with 404 Set not found", async () => {
      const theirs = await stranger.createSet('Private');
      for (const categoryId of [theirs.id, 987_654, 99_999_999_999]) {
        const response = await me.post('/api/cards', { question: 'q', answer: 'a', category_id: categoryId });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Set not found' });
      }
    });

    it('answers malformed bodies with 400, never 500', async () => {
      const notJson = await app.inject({
        method: 'POST',
        url: '/api/cards',
        headers: { authorization: `Bearer ${me.user.accessToken}`, 'content-type': 'application/json' },
        payload: '{"question": "q",',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toEqual({ error: 'Request body is not valid JSON' });
      for (const payload of [
        [1, 2],
        { question: { text: 'q' }, answer: 'a' },
        { question: 'q', answer: 'a', category_id: 'x' },
      ]) {
        const response = await me.post('/api/cards', payload);
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json())).toEqual(['error']);
      }
    });
  });

  describe('GET /api/cards/:id', () => {
    it("is 404 Card not found for another user's card and for ids that name nothing", async () => {
      const theirs = await stranger.createCard({ question: 'secret question' });
      for (const id of [String(theirs.id), '0', '-1', 'abc', '1.5', '99999999999999999999', '987654']) {
        const response = await me.get(`/api/cards/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Card not found' });
      }
      expect((await stranger.get(`/api/cards/${theirs.id}`)).json().question).toBe('secret question');
    });
  });

  describe('PUT /api/cards/:id', () => {
    it('changes only the fields sent and moves updated_at; the answer says the edit was kept', async () => {
      const set = await me.createSet('Geography');
      const card = await me.createCard({
        question: 'Capital of France?',
        answer: 'Paris',
        tags: 'europe',
        college: 'Arts',
        category_id: set.id,
      });
      tick();
      const response = await me.put(`/api/cards/${card.id}`, { answer: '  Paris, of course ', difficulty_level: 2 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...card,
        answer: 'Paris, of course',
        difficulty_level: 2,
        updated_at: clock.toISOString(),
        kept: 'edit',
      });
      expect(response.json().created_at).toBe(card.created_at);
    });

    it('moves the card to another set, clears it with null, and blanks optional fields', async () => {
      const first = await me.createSet('First set');
      const second = await me.createSet('Second set');
      const card = await me.createCard({ category_id: first.id, tags: 't', class_name: 'c' });
      const moved = (await me.put(`/api/cards/${card.id}`, { category_id: second.id })).json();
      expect(moved).toMatchObject({ category_id: second.id, category_name: 'Second set', category: 'Second set' });
      const cleared = (await me.put(`/api/cards/${card.id}`, { category_id: null, tags: '', class_name: null })).json();
      expect(cleared).toMatchObject({
        category_id: null,
        category_name: null,
        category: null,
        tags: null,
        class_name: null,
      });
    });

    it('applies the same rules as creation', async () => {
      const card = await me.createCard();
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ question: '  ' }, 400, 'Question and answer are required'],
        [{ answer: '' }, 400, 'Question and answer are required'],
        [{ difficulty_level: 9 }, 400, 'Difficulty must be between 1 and 5'],
        [{ question: 'x'.repeat(10_001) }, 400, 'Question is too long'],
        [{ category_id: (await stranger.createSet('Not yours')).id }, 404, 'Set not found'],
      ];
      for (const [payload, status, error] of cases) {
        const response = await me.put(`/api/cards/${card.id}`, payload);
        expect({ payload: Object.keys(payload), status: response.statusCode, body: response.json() }).toEqual({
          payload: Object.keys(payload),
          status,
          body: { error },
        });
      }
      expect((await me.get(`/api/cards/${card.id}`)).json()).toEqual(card);
    });

    it("cannot touch another user's card", async () => {
      const theirs = await stranger.createCard({ question: 'theirs' });
      const response = await me.put(`/api/cards/${theirs.id}`, { question: 'hijacked' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Card not found' });
      expect((await stranger.get(`/api/cards/${theirs.id}`)).json().question).toBe('theirs');
    });
  });

  describe('DELETE /api/cards/:id', () => {
    it('needs confirm=true', async () => {
      const card = await me.createCard();
      for (const query of ['', '?confirm=false', '?confirm=yes', '?confirm=']) {
        const response = await me.del(`/api/cards/${card.id}${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'Confirm deletion with confirm=true' });
      }
      expect((await me.get(`/api/cards/${card.id}`)).statusCode).toBe(200);

      const response = await me.del(`/api/cards/${card.id}?confirm=true`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Card deleted' });
      expect((await me.get(`/api/cards/${card.id}`)).statusCode).toBe(404);
      expect((await me.del(`/api/cards/${card.id}?confirm=true`)).statusCode).toBe(404);
    });

    it("cannot delete another user's card", async () => {
      const theirs = await stranger.createCard();
      const response = await me.del(`/api/cards/${theirs.id}?confirm=true`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Card not found' });
      expect((await stranger.get(`/api/cards/${theirs.id}`)).statusCode).toBe(200);
    });
  });

  describe('known / unknown / reset-known', () => {
    it("marks cards known and unknown, and reset-known counts only the user's known cards", async () => {
      const learner = await signedInClient(app);
      const [a, b, c] = [await learner.createCard(), await learner.createCard(), await learner.createCard()];
      const theirs = await stranger.createCard();
      await stranger.put(`/api/cards/${theirs.id}/known`);

      tick();
      const known = await learner.put(`/api/cards/${a.id}/known`);
      expect(known.statusCode).toBe(200);
      expect(known.json()).toMatchObject({ id: a.id, known: true, updated_at: clock.toISOString() });
      await learner.put(`/api/cards/${b.id}/known`);
      expect(await listIds(learner, '?hideKnown=true')).toEqual([c.id]);
      expect(await listIds(learner, '?hideKnown=false')).toEqual([c.id, b.id, a.id]);

      const unknown = await learner.put(`/api/cards/${b.id}/unknown`);
      expect(unknown.json()).toMatchObject({ id: b.id, known: false });
      expect(await listIds(learner, '?hideKnown=true')).toEqual([c.id, b.id]);

      const reset = await learner.put('/api/cards/reset-known');
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ updated: 1 });
      expect(await listIds(learner, '?hideKnown=true')).toEqual([c.id, b.id, a.id]);
      expect((await learner.put('/api/cards/reset-known')).json()).toEqual({ updated: 0 });
      // The stranger's card stayed known.
      expect((await stranger.get(`/api/cards/${theirs.id}`)).json().known).toBe(true);
    });

    it("is 404 for another user's card", async () => {
      const theirs = await stranger.createCard();
      for (const action of ['known', 'unknown']) {
        const response = await me.put(`/api/cards/${theirs.id}/${action}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Card not found' });
      }
      expect((await stranger.get(`/api/cards/${theirs.id}`)).json().known).toBe(false);
    });
  });

  describe('GET /api/cards with filters', () => {
    let learner: ApiClient;
    let cards: Record<string, CardJson>;
    let biology: number;
    let history: number;

    beforeAll(async () => {
      learner = await signedInClient(app);
      biology = (await learner.createSet('Biology')).id;
      history = (await learner.createSet('History')).id;
      const make = (fields: Record<string, unknown>) => learner.createCard(fields);
      cards = {
        cell: await make({ category_id: biology, college: 'Science', class_name: 'BIO 101', difficulty_level: 1 }),
        gene: await make({ category_id: biology, college: 'Science', class_name: 'BIO 202', difficulty_level: 3 }),
        rome: await make({ category_id: history, college: 'Arts', class_name: 'HIST 110', difficulty_level: 5 }),
        loose: await make({ college: 'Science', class_name: 'BIO 101', difficulty_level: 4 }),
      };
      await learner.put(`/api/cards/${cards.gene!.id}/known`);
      // Someone else's card matching every filter must never show up.
      await stranger.createCard({ college: 'Science', class_name: 'BIO 101', difficulty_level: 3 });
    });

    const expectIds = async (query: string, names: string[]) =>
      expect(await listIds(learner, query)).toEqual(names.map((name) => cards[name]!.id));

    it("lists only the user's cards, newest first, with the full card shape", async () => {
      const response = await learner.get('/api/cards');
      expect(response.statusCode).toBe(200);
      const list = response.json() as CardJson[];
      expect(ids(list)).toEqual([cards.loose!.id, cards.rome!.id, cards.gene!.id, cards.cell!.id]);
      expect(list[1]).toEqual({ ...cards.rome });
    });

    it.each([
      ['?category={biology}', ['gene', 'cell']],
      ['?college=Science', ['loose', 'gene', 'cell']],
      ['?class_name=BIO%20101', ['loose', 'cell']],
      ['?difficultyMin=3', ['loose', 'rome', 'gene']],
      ['?difficultyMax=3', ['gene', 'cell']],
      ['?difficultyMin=3&difficultyMax=4', ['loose', 'gene']],
      ['?difficultyMin=5&difficultyMax=5', ['rome']],
      ['?hideKnown=true', ['loose', 'rome', 'cell']],
      ['?college=Science&class_name=BIO%20101&difficultyMin=2', ['loose']],
      ['?category={biology}&college=Science&hideKnown=true&difficultyMax=2', ['cell']],
      ['?college=Nowhere', []],
      // Empty values, as a form with nothing chosen sends them, mean "no filter".
      ['?category=&college=&class_name=&difficultyMin=&difficultyMax=&hideKnown=', ['loose', 'rome', 'gene', 'cell']],
    ])('%s', async (query, names) => {
      await expectIds(query.replace('{biology}', String(biology)), names);
    });

    it('filters by the history set', async () => {
      await expectIds(`?category=${history}`, ['rome']);
    });

    it('pages newest first with limit and the before cursor; headers give the total and the next cursor', async () => {
      const first = await learner.get('/api/cards?limit=2');
      expect(ids(first.json())).toEqual([cards.loose!.id, cards.rome!.id]);
      expect(first.headers['x-total-count']).toBe('4');
      expect(first.headers['x-next-cursor']).toBe(String(cards.rome!.id));

      const last = await learner.get(`/api/cards?limit=2&before=${first.headers['x-next-cursor']}`);
      expect(ids(last.json())).toEqual([cards.gene!.id, cards.cell!.id]);
      expect(last.headers['x-total-count']).toBe('4');
      // A full last page: no cursor, as nothing follows.
      expect(last.headers['x-next-cursor']).toBeUndefined();

      await expectIds(`?before=${cards.gene!.id}`, ['cell']);
      await expectIds(`?before=${cards.cell!.id}`, []);
    });

    it('counts and pages within the filters', async () => {
      const response = await learner.get('/api/cards?college=Science&limit=1');
      expect(ids(response.json())).toEqual([cards.loose!.id]);
      expect(response.headers['x-total-count']).toBe('3');
      const next = await learner.get(`/api/cards?college=Science&limit=1&before=${response.headers['x-next-cursor']}`);
      expect(ids(next.json())).toEqual([cards.gene!.id]);
    });

    it('keeps its place when a card is deleted between pages (keyset, not offset)', async () => {
      const reader = await signedInClient(app);
      const made = [];
      for (let n = 0; n < 5; n++) made.push((await reader.createCard({ question: `Q${n}` })).id);
      const first = await reader.get('/api/cards?limit=2');
      expect(ids(first.json())).toEqual([made[4], made[3]]);
      expect((await reader.del(`/api/cards/${made[4]}?confirm=true`)).statusCode).toBe(200);
      const second = await reader.get(`/api/cards?limit=2&before=${first.headers['x-next-cursor']}`);
      expect(ids(second.json())).toEqual([made[2], made[1]]);
      expect(second.headers['x-total-count']).toBe('4');
    });

    it('answers 50 cards per page unless asked otherwise', async () => {
      const bulk = await signedInClient(app);
      const text = Array.from({ length: 60 }, (_, n) => `Question ${n},Answer ${n}`).join('\n');
      expect((await bulk.post('/api/cards/import', { text })).json().imported).toBe(60);
      const response = await bulk.get('/api/cards');
      expect(response.json()).toHaveLength(50);
      expect(response.headers['x-total-count']).toBe('60');
      const rest = await bulk.get(`/api/cards?before=${response.headers['x-next-cursor']}`);
      expect(rest.json()).toHaveLength(10);
      expect((await bulk.get('/api/cards?limit=1000')).json()).toHaveLength(60);
    });

    it("shows nothing for another user's set", async () => {
      const theirSet = await stranger.createSet('Their biology');
      await stranger.createCard({ category_id: theirSet.id });
      await expectIds(`?category=${theirSet.id}`, []);
    });

    it.each([
      ['category=abc', 'Category must be a positive integer'],
      ['category=0', 'Category must be a positive integer'],
      ['category=-3', 'Category must be a positive integer'],
      ['category=99999999999', 'Category must be a positive integer'],
      ['difficultyMin=0', 'Difficulty must be between 1 and 5'],
      ['difficultyMax=6', 'Difficulty must be between 1 and 5'],
      ['difficultyMin=2.5', 'Difficulty must be between 1 and 5'],
      ['difficultyMax=hard', 'Difficulty must be between 1 and 5'],
      ['difficultyMin=4&difficultyMax=2', 'Minimum difficulty cannot be greater than maximum difficulty'],
      ['hideKnown=yes', 'hideKnown must be true or false'],
      ['limit=0', 'Limit must be between 1 and 1000'],
      ['limit=1001', 'Limit must be between 1 and 1000'],
      ['before=-1', 'before must be a card id'],
      ['before=abc', 'before must be a card id'],
      ['category=1&category=2', 'Category must be a positive integer'],
    ])('refuses ?%s', async (query, error) => {
      const response = await learner.get(`/api/cards?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });
  });

  describe('GET /api/cards/search', () => {
    let learner: ApiClient;
    let found: Record<string, number>;

    beforeAll(async () => {
      learner = await signedInClient(app);
      const make = async (question: string, answer: string, tags?: string) =>
        (await learner.createCard({ question, answer, tags })).id;
      found = {
        mitosis: await make('What is MITOSIS?', 'Cell division'),
        answer: await make('Powerhouse of the cell?', 'The Mitochondria'),
        tag: await make('Krebs cycle', 'Citric acid cycle', 'biology, Metabolism'),
        percent: await make('What is 100% of 3?', '3'),
        thousand: await make('What is 1000 / 10?', '100'),
        underscore: await make('Python name', 'snake_case'),
        snakes: await make('Reptile', 'snakeXcase pattern'),
        backslash: await make('Windows path', 'C:\\temp'),
        accent: await make('ÉTOILE en anglais ?', 'Star'),
      };
      await stranger.createCard({ question: 'Stranger mitosis', answer: 'mitosis too' });
    });

    const search = async (q: string) => {
      const response = await learner.get(`/api/cards/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['results']);
      return ids(body.results).sort((a, b) => a - b);
    };
    const idsOf = (...names: string[]) => names.map((name) => found[name]!).sort((a, b) => a - b);

    it("matches question, answer and tags, ignoring case, only among the user's cards", async () => {
      expect(await search('mitosis')).toEqual(idsOf('mitosis'));
      expect(await search('MITOCHONDRIA')).toEqual(idsOf('answer'));
      expect(await search('metabolism')).toEqual(idsOf('tag'));
      expect(await search('  cycle  ')).toEqual(idsOf('tag'));
      expect(await search('no such words')).toEqual([]);
    });

    it('ignores case for non-ASCII letters too', async () => {
      expect(await search('étoile')).toEqual(idsOf('accent'));
      expect(await search('Étoile')).toEqual(idsOf('accent'));
    });

    it('takes %, _ and \\ literally', async () => {
      expect(await search('100%')).toEqual(idsOf('percent'));
      expect(await search('%')).toEqual(idsOf('percent'));
      expect(await search('snake_case')).toEqual(idsOf('underscore'));
      expect(await search('_')).toEqual(idsOf('underscore'));
      expect(await search('C:\\temp')).toEqual(idsOf('backslash'));
      expect(await search('\\')).toEqual(idsOf('backslash'));
    });

    it('returns full cards, newest first', async () => {
      const response = await learner.get('/api/cards/search?q=what%20is');
      const results = response.json().results as CardJson[];
      expect(ids(results)).toEqual([found.thousand, found.percent, found.mitosis]);
      expect(Object.keys(results[0]!).sort()).toEqual(CARD_KEYS);
    });

    it('finds a card by its edited text, and no longer by the old one', async () => {
      const card = await learner.createCard({ question: 'Ribosome?', answer: 'Protein factory', tags: 'organelle' });
      expect(await search('protein factory')).toEqual([card.id]);
      // Only the answer changes: the question and tags stay searchable.
      await learner.put(`/api/cards/${card.id}`, { answer: 'Makes PROTEINS' });
      expect(await search('protein factory')).toEqual([]);
      expect(await search('makes proteins')).toEqual([card.id]);
      expect(await search('ribosome')).toEqual([card.id]);
      await learner.put(`/api/cards/${card.id}`, { tags: null });
      expect(await search('organelle')).toEqual([]);
      expect((await learner.del(`/api/cards/${card.id}?confirm=true`)).statusCode).toBe(200);
    });

    it('finds imported cards', async () => {
      const text = 'Quasar definition,A very bright galactic nucleus,astro';
      expect((await learner.post('/api/cards/import', { text })).json().imported).toBe(1);
      const [id] = await search('GALACTIC');
      expect((await learner.get(`/api/cards/${id}`)).json().question).toBe('Quasar definition');
      expect((await learner.del(`/api/cards/${id}?confirm=true`)).statusCode).toBe(200);
    });

    it('pages its results like the list, with the number of matches', async () => {
      const first = await learner.get('/api/cards/search?q=what%20is&limit=2');
      expect(ids(first.json().results)).toEqual([found.thousand, found.percent]);
      expect(first.headers['x-total-count']).toBe('3');
      const rest = await learner.get(`/api/cards/search?q=what%20is&limit=2&before=${first.headers['x-next-cursor']}`);
      expect(ids(rest.json().results)).toEqual([found.mitosis]);
      expect(rest.headers['x-total-count']).toBe('3');
      expect(rest.headers['x-next-cursor']).toBeUndefined();
      // A cursor past the last match: an empty page, the matches still counted.
      const past = await learner.get(`/api/cards/search?q=what%20is&limit=2&before=${found.mitosis}`);
      expect(past.json()).toEqual({ results: [] });
      expect(past.headers['x-total-count']).toBe('3');
    });

    it('applies the list filters to the matches', async () => {
      await learner.put(`/api/cards/${found.percent}/known`);
      const response = await learner.get('/api/cards/search?q=what%20is&hideKnown=true');
      expect(ids(response.json().results)).toEqual([found.thousand, found.mitosis]);
      expect(response.headers['x-total-count']).toBe('2');
      await learner.put(`/api/cards/${found.percent}/unknown`);
      expect((await learner.get('/api/cards/search?q=what&difficultyMin=4&difficultyMax=2')).json()).toEqual({
        error: 'Minimum difficulty cannot be greater than maximum difficulty',
      });
    });

    it.each([
      ['', 'Search query is required'],
      ['?q=', 'Search query is required'],
      ['?q=%20%20%20', 'Search query is required'],
      [`?q=${'a'.repeat(1001)}`, 'Search query must be at most 1000 characters'],
    ])('refuses bad query %#', async (query, error) => {
      const response = await learner.get(`/api/cards/search${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });

    it('accepts 1000 characters', async () => {
      expect((await learner.get(`/api/cards/search?q=${'a'.repeat(1000)}`)).json()).toEqual({ results: [] });
    });
  });

  describe('GET /api/cards/filters/options', () => {
    it("lists the user's distinct colleges and classes, sorted, without blanks", async () => {
      const learner = await signedInClient(app);
      await learner.createCard({ college: 'Science', class_name: 'BIO 10' });
      await learner.createCard({ college: 'arts', class_name: 'BIO 9' });
      await learner.createCard({ college: 'Science', class_name: 'bio 2' });
      await learner.createCard({ college: '', class_name: null });
      await stranger.createCard({ college: 'Stranger College', class_name: 'Stranger class' });

      const response = await learner.get('/api/cards/filters/options');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ colleges: ['arts', 'Science'], classes: ['bio 2', 'BIO 9', 'BIO 10'] });
    });

    it('is empty for a user without cards', async () => {
      const learner = await signedInClient(app);
      expect((await learner.get('/api/cards/filters/options')).json()).toEqual({ colleges: [], classes: [] });
    });
  });

  describe('PUT /api/cards/move-to-set', () => {
    let learner: ApiClient;
    beforeAll(async () => {
      learner = await signedInClient(app);
    });

    const categoryIds = async (cardIds: number[]) =>
      Promise.all(cardIds.map(async (id) => (await learner.get(`/api/cards/${id}`)).json().category_id));

    it('moves the cards into a set and out of it again', async () => {
      const set = await learner.createSet('Destination');
      const cards = [await learner.createCard(), await learner.createCard(), await learner.createCard()];
      const moved = await learner.put('/api/cards/move-to-set', { cardIds: ids(cards.slice(0, 2)), setId: set.id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ moved: 2 });
      expect(await categoryIds(ids(cards))).toEqual([set.id, set.id, null]);

      const unfiled = await learner.put('/api/cards/move-to-set', { cardIds: [cards[0]!.id], setId: null });
      expect(unfiled.json()).toEqual({ moved: 1 });
      expect(await categoryIds(ids(cards))).toEqual([null, set.id, null]);
    });

    it("moves nothing when one card is not the user's", async () => {
      const set = await learner.createSet('Careful');
      const mine = await learner.createCard();
      const theirs = await stranger.createCard();
      for (const cardIds of [
        [mine.id, theirs.id],
        [mine.id, 987_654],
        [mine.id, 99_999_999_999],
      ]) {
        const response = await learner.put('/api/cards/move-to-set', { cardIds, setId: set.id });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Card not found' });
      }
      expect(await categoryIds([mine.id])).toEqual([null]);
      expect((await stranger.get(`/api/cards/${theirs.id}`)).json().category_id).toBeNull();
    });

    it("refuses a set that is not the user's", async () => {
      const mine = await learner.createCard();
      const theirSet = await stranger.createSet('Theirs to keep');
      for (const setId of [theirSet.id, 987_654]) {
        const response = await learner.put('/api/cards/move-to-set', { cardIds: [mine.id], setId });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Set not found' });
      }
      expect(await categoryIds([mine.id])).toEqual([null]);
    });

    it.each([
      [{ cardIds: [], setId: null }, 'Choose between 1 and 5000 cards to move'],
      [
        { cardIds: Array.from({ length: 5001 }, (_, i) => i + 1), setId: null },
        'Choose between 1 and 5000 cards to move',
      ],
      [{ cardIds: [1, 2, 1], setId: null }, 'Each card may be listed only once'],
      [{ cardIds: [1] }, 'Set id is required'],
      [{ setId: 1 }, 'Card ids is required'],
      // Fastify's coercion turns a lone value into a one-item array, so both read the same.
      [{ cardIds: 'all', setId: 1 }, 'Card ids must be array'],
      [{ cardIds: [1, 'x'], setId: 1 }, 'Card ids must be integer'],
      [{ cardIds: { 1: true }, setId: 1 }, 'Card ids must be array'],
    ])('refuses %j', async (payload, error) => {
      const response = await learner.put('/api/cards/move-to-set', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });

    it('moves up to 5000 cards at once', async () => {
      const bulk = await signedInClient(app);
      const set = await bulk.createSet('Bulk');
      const now = new Date().toISOString();
      await ctx.db
        .insertInto('cards')
        .values(
          Array.from({ length: 5000 }, (_, i) => ({
            user_id: bulk.user.id,
            note_guid: `n${i}`,
            question: `q${i}`,
            answer: 'a',
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const cardIds = (await ctx.db.selectFrom('cards').select('id').where('user_id', '=', bulk.user.id).execute()).map(
        (row) => row.id,
      );
      const response = await bulk.put('/api/cards/move-to-set', { cardIds, setId: set.id });
      expect(response.json()).toEqual({ moved: 5000 });
      expect((await bulk.get(`/api/cards?category=${set.id}&limit=1`)).headers['x-total-count']).toBe('5000');
    });
  });
});

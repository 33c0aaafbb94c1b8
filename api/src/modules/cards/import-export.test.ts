import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient, type CardJson } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';
import { CardsRepository } from './repository';
import { EXPORT_BATCH } from './service';

describeEachDb('card import and export', (ctx) => {
  let app: FastifyInstance;
  let stranger: ApiClient;

  beforeAll(async () => {
    app = ctx.app;
    stranger = await signedInClient(app);
  });

  const countCards = async (userId: number) => {
    const row = await ctx.db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const allCards = async (client: ApiClient) => ((await client.get('/api/cards')).json() as CardJson[]).reverse();

  // Rows 2, 4 and 5 are bad; 1, 3 and 6 are good.
  const MIXED = [
    'Question,Answer,Tags',
    'What is H2O?,Water,chemistry',
    ',No question',
    '"Capital of Italy, in Italian?","Roma",',
    'No answer,   ',
    'a,b,c,d',
    'Trailing empty cells,are fine,tag,,',
  ].join('\r\n');

  describe('POST /api/cards/import', () => {
    it('previews a dry run without writing anything', async () => {
      const learner = await signedInClient(app);
      const response = await learner.post('/api/cards/import', { text: MIXED, dryRun: true });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        imported: 0,
        updated: 0,
        total: 6,
        rows: [
          { row: 1, question: 'What is H2O?', answer: 'Water', tags: 'chemistry' },
          { row: 3, question: 'Capital of Italy, in Italian?', answer: 'Roma', tags: null },
          { row: 6, question: 'Trailing empty cells', answer: 'are fine', tags: 'tag' },
        ],
        errors: [
          { row: 2, error: 'Question is required' },
          { row: 4, error: 'Answer is required' },
          { row: 5, error: 'Too many columns' },
        ],
        counts: { new: 3, updated: 0, unchanged: 0 },
        skipped: 0,
      });
      expect(await countCards(learner.user.id)).toBe(0);
    });

    it('writes the good rows, reports the bad ones, and writes nothing else', async () => {
      const learner = await signedInClient(app);
      const set = await learner.createSet('Imported');
      const response = await learner.post('/api/cards/import', { text: MIXED, categoryId: set.id });
      expect(response.statusCode).toBe(200);
      const report = response.json();
      expect(report.imported).toBe(3);
      expect(report.total).toBe(6);
      expect(report.errors.map((error: { row: number }) => error.row)).toEqual([2, 4, 5]);

      const cards = await allCards(learner);
      expect(
        cards.map(({ question, answer, tags, category_id, category_name, difficulty_level, known, state }) => ({
          question,
          answer,
          tags,
          category_id,
          category_name,
          difficulty_level,
          known,
          state,
        })),
      ).toEqual([
        {
          question: 'What is H2O?',
          answer: 'Water',
          tags: 'chemistry',
          category_id: set.id,
          category_name: 'Imported',
          difficulty_level: 1,
          known: false,
          state: 'new',
        },
        {
          question: 'Capital of Italy, in Italian?',
          answer: 'Roma',
          tags: null,
          category_id: set.id,
          category_name: 'Imported',
          difficulty_level: 1,
          known: false,
          state: 'new',
        },
        {
          question: 'Trailing empty cells',
          answer: 'are fine',
          tags: 'tag',
          category_id: set.id,
          category_name: 'Imported',
          difficulty_level: 1,
          known: false,
          state: 'new',
        },
      ]);
      expect(await countCards(stranger.user.id)).toBe(0);
    });

    it('reads tab-separated text, detected or named', async () => {
      const learner = await signedInClient(app);
      const tsv = 'question\tanswer\ttags\nOne, two\tthree, four\tx\n';
      expect((await learner.post('/api/cards/import', { text: tsv })).json()).toMatchObject({
        imported: 1,
        rows: [{ row: 1, question: 'One, two', answer: 'three, four', tags: 'x' }],
      });
      // Named: the first line has no tab, but the format says so.
      const named = await learner.post('/api/cards/import', {
        text: 'only one column\nq\ta',
        format: 'tsv',
        dryRun: true,
      });
      expect(named.json()).toMatchObject({ total: 2, errors: [{ row: 1, error: 'Answer is required' }] });
      // Named csv: the tabs are part of the text.
      const asCsv = await learner.post('/api/cards/import', { text: 'q\tx,a', format: 'CSV', dryRun: true });
      expect(asCsv.json().rows).toEqual([{ row: 1, question: 'q\tx', answer: 'a', tags: null }]);
    });

    it('reports too long fields per row', async () => {
      const learner = await signedInClient(app);
      const long = 'x'.repeat(10_001);
      const text = `${long},a\nq,${long}\nq,a,${'t'.repeat(1_001)}\nok,fine`;
      const report = (await learner.post('/api/cards/import', { text })).json();
      expect(report.errors).toEqual([
        { row: 1, error: 'Question is too long' },
        { row: 2, error: 'Answer is too long' },
        { row: 3, error: 'Tags are too long' },
      ]);
      expect(report.imported).toBe(1);
    });

    it('answers a CSV syntax error with 400 and the line, writing nothing', async () => {
      const learner = await signedInClient(app);
      const response = await learner.post('/api/cards/import', { text: 'q,a\nq2,a2\n"unclosed,a3\nq4,a4' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^Invalid CSV at line 4: Quote Not Closed/);
      expect(await countCards(learner.user.id)).toBe(0);
    });

    it.each([
      [{ text: '' }, 'Paste or upload the cards to import'],
      [{ text: ' \n\r\n ' }, 'Paste or upload the cards to import'],
      [{ text: 'q,a', format: 'xlsx' }, 'Format must be csv, tsv, anki or quizlet'],
      [{}, 'Text is required'],
      [{ text: 'q,a', dryRun: 'maybe' }, 'Dry run must be boolean'],
      [{ text: 'q,a', categoryId: 'x' }, 'Category id must be integer or null'],
    ])('refuses %j', async (payload, error) => {
      const learner = await signedInClient(app);
      const response = await learner.post('/api/cards/import', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });

    it('refuses more than 10,000 rows, and accepts exactly 10,000 in one go', async () => {
      const learner = await signedInClient(app);
      const rows = (count: number) => Array.from({ length: count }, (_, i) => `q${i},a${i}`).join('\n');
      const tooMany = await learner.post('/api/cards/import', { text: rows(10_001) });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ error: 'Too many rows: at most 10000 cards per import' });

      const response = await learner.post('/api/cards/import', { text: rows(10_000) });
      expect(response.json()).toMatchObject({ imported: 10_000, total: 10_000, errors: [] });
      expect(await countCards(learner.user.id)).toBe(10_000);
    });

    it('refuses more than 2 MB of text; a body past the route limit is 413', async () => {
      const learner = await signedInClient(app);
      const big = `q,${'a'.repeat(2 * 1024 * 1024)}`;
      const response = await learner.post('/api/cards/import', { text: big });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The import is too large (at most 2 MB)' });

      const huge = await learner.post('/api/cards/import', { text: 'q,a\n'.repeat(1_200_000) });
      expect(huge.statusCode).toBe(413);
      expect(Object.keys(huge.json())).toEqual(['error']);
      // Other card routes keep the small default limit.
      const card = await learner.post('/api/cards', { question: 'q', answer: 'a'.repeat(200_000) });
      expect(card.statusCode).toBe(413);
    });

    it("refuses a set that is not the user's, even for a dry run", async () => {
      const learner = await signedInClient(app);
      const theirs = await stranger.createSet('Stranger set');
      for (const dryRun of [true, false]) {
        const response = await learner.post('/api/cards/import', { text: 'q,a', categoryId: theirs.id, dryRun });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Set not found' });
      }
      expect(await countCards(learner.user.id)).toBe(0);
    });

    it('writes all good rows or none: a failure mid-way leaves nothing behind', async () => {
      const learner = await signedInClient(app);
      const original = CardsRepository.prototype.insertCards;
      // The first batch goes in, then the "disk" fails.
      const spy = jest.spyOn(CardsRepository.prototype, 'insertCards').mockImplementationOnce(async function (
        this: CardsRepository,
        cards,
      ) {
        await original.call(this, cards.slice(0, 500));
        throw new Error('disk full');
      });
      try {
        const text = Array.from({ length: 1_200 }, (_, i) => `q${i},a${i}`).join('\n');
        const response = await learner.post('/api/cards/import', { text });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ error: 'Internal server error' });
      } finally {
        spy.mockRestore();
      }
      expect(await countCards(learner.user.id)).toBe(0);
    });
  });

  describe('GET /api/cards/export', () => {
    const TRICKY = [
      { question: 'Commas, "quotes" and\nnew lines', answer: 'Windows\r\nline end', tags: 'a,b' },
      { question: 'Unicode: ñ ß 中文 Ελληνικά', answer: 'Emoji 🧪🔬 and 👩‍🔬', tags: null },
      { question: '=SUM(A1:A2)', answer: "'quoted' \\ back\\slash", tags: 'question,answer,tags' },
      { question: 'question', answer: 'answer', tags: 'tags' },
      { question: 'Tab\tinside', answer: '"Fully quoted"', tags: ' , ' },
    ];

    it('sends every card of the user as CSV, oldest first', async () => {
      const learner = await signedInClient(app);
      await learner.createCard({ question: 'First', answer: 'One', tags: 'x' });
      await learner.createCard({ question: 'Second, with comma', answer: 'Two "quoted"' });
      await stranger.createCard({ question: 'Stranger card' });

      const response = await learner.get('/api/cards/export');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="flashcards.csv"');
      expect(response.body).toBe(
        'question,answer,tags,notetype,set\nFirst,One,x,basic,\n"Second, with comma","Two ""quoted""",,basic,\n',
      );
    });

    it('streams a collection larger than one read, in order, each note once across reads', async () => {
      const learner = await signedInClient(app);
      const now = new Date().toISOString();
      // EXPORT_BATCH + 1,004 cards; the 1,000th and 1,001st are one note (a reversed pair) that
      // the first two reads split between them.
      const count = EXPORT_BATCH + 1_004;
      const cards = Array.from({ length: count }, (_, n) => ({
        user_id: learner.user.id,
        note_guid: `n${n === EXPORT_BATCH ? EXPORT_BATCH - 1 : n}`,
        ord: n === EXPORT_BATCH ? 1 : 0,
        question: `Q${n}`,
        answer: n === EXPORT_BATCH ? `A${n - 1}` : `A${n}`,
        created_at: now,
        updated_at: now,
      }));
      for (let start = 0; start < count; start += 500)
        await ctx.db
          .insertInto('cards')
          .values(cards.slice(start, start + 500))
          .execute();

      const response = await learner.get('/api/cards/export');
      expect(response.statusCode).toBe(200);
      const lines = response.body.trimEnd().split('\n');
      expect(lines[0]).toBe('question,answer,tags,notetype,set');
      expect(lines).toHaveLength(count); // the header + every note but the pair's second card
      expect(lines[EXPORT_BATCH]).toBe(`Q${EXPORT_BATCH - 1},A${EXPORT_BATCH - 1},,basic,`);
      expect(lines[EXPORT_BATCH + 1]).toBe(`Q${EXPORT_BATCH + 1},A${EXPORT_BATCH + 1},,basic,`);
      expect(lines[count - 1]).toBe(`Q${count - 1},A${count - 1},,basic,`);
    });

    it('sends only the header for a learner without cards', async () => {
      const learner = await signedInClient(app);
      const response = await learner.get('/api/cards/export');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('question,answer,tags,notetype,set\n');
    });

    it('sends one set, named after it', async () => {
      const learner = await signedInClient(app);
      const set = await learner.createSet('Biologie: Zellen & Gene!');
      await learner.createCard({ question: 'In the set', answer: 'yes', category_id: set.id });
      await learner.createCard({ question: 'Not in the set', answer: 'no' });

      const response = await learner.get(`/api/cards/export?category=${set.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="flashcards-biologie-zellen-gene.csv"',
      );
      expect(response.body).toBe('question,answer,tags,notetype,set\nIn the set,yes,,basic,Biologie: Zellen & Gene!\n');

      const unnamed = await learner.createSet('日本語');
      const named = await learner.get(`/api/cards/export?category=${unnamed.id}`);
      expect(named.headers['content-disposition']).toBe(`attachment; filename="flashcards-set-${unnamed.id}.csv"`);
      expect(named.body).toBe('question,answer,tags,notetype,set\n');
    });

    it("is 404 for another user's set and 400 for a malformed one", async () => {
      const learner = await signedInClient(app);
      const theirs = await stranger.createSet('Do not export');
      await stranger.createCard({ category_id: theirs.id });
      const response = await learner.get(`/api/cards/export?category=${theirs.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Set not found' });
      const malformed = await learner.get('/api/cards/export?category=abc');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'Category must be a positive integer' });
    });

    it('round-trips: export then import gives back the same cards', async () => {
      const author = await signedInClient(app);
      for (const card of TRICKY) await author.createCard(card);
      const exported = await author.get('/api/cards/export');

      const reader = await signedInClient(app);
      const response = await reader.post('/api/cards/import', { text: exported.body });
      expect(response.json()).toMatchObject({ imported: TRICKY.length, total: TRICKY.length, errors: [] });

      const simplify = (cards: CardJson[]) => cards.map(({ question, answer, tags }) => ({ question, answer, tags }));
      // Stored trimmed, as any card would be (' , ' is the one value that changes, on both sides).
      const expected = simplify(await allCards(author));
      expect(simplify(await allCards(reader))).toEqual(expected);
      expect(expected).toEqual(TRICKY.map((card) => ({ ...card, tags: card.tags?.trim() || null })));
      // And exporting the copy gives the very same file.
      expect((await reader.get('/api/cards/export')).body).toBe(exported.body);
    });
  });
});

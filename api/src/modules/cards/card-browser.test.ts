import type { FastifyInstance } from 'fastify';
import { default_w, FSRS6_DEFAULT_DECAY, forgetting_curve } from 'ts-fsrs';
import { signedInClient, type ApiClient, type CardJson } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';

const DAY = 86_400_000;

describeEachDb('card browser API', (ctx) => {
  const clock = new Date('2024-05-01T10:00:00.000Z');
  const at = (ms: number) => new Date(clock.getTime() + ms).toISOString();
  let app: FastifyInstance;
  let me: ApiClient;
  let stranger: ApiClient;
  let card: Record<string, number>;
  let spanishSet: number;

  /** Scheduling columns written straight to the row, as reviews would have left them. */
  const schedule = (id: number, values: Record<string, unknown>) =>
    ctx.db.updateTable('cards').set(values).where('id', '=', id).execute();

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => clock });
    me = await signedInClient(app);
    stranger = await signedInClient(app);
    spanishSet = (await me.createSet('Spanish Words')).id;
    const make = async (question: string, answer: string, tags?: string, extra: Record<string, unknown> = {}) =>
      (await me.createCard({ question, answer, tags, ...extra })).id;
    card = {
      mitosis: await make('Mitosis', 'Cell division', 'Bio::Cell, exam'),
      meiosis: await make('Meiosis', 'Cell division twice', 'bio'),
      photo: await make('Photosynthesis', 'Light to sugar', 'botany'),
      krebs: await make('Krebs cycle', 'Citric acid', 'leech'),
      hola: await make('hola', 'hello', undefined, { category_id: spanishSet }),
      biology: await make('Biology', 'Life science', 'biology'),
    };
    await schedule(card.meiosis!, {
      state: 2,
      due: at(-DAY),
      scheduled_days: 10,
      lapses: 3,
      stability: 10,
      difficulty: 7,
      last_review: at(-11 * DAY),
    });
    await schedule(card.photo!, {
      state: 2,
      due: at(5 * DAY),
      scheduled_days: 3,
      stability: 100,
      difficulty: 3,
      last_review: at(-DAY),
      suspended: true,
    });
    await schedule(card.krebs!, {
      state: 1,
      due: at(10 * 60_000),
      lapses: 8,
      stability: 1,
      difficulty: 9,
      last_review: at(-60_000),
      buried_until: at(DAY),
    });
    await stranger.createCard({ question: 'Mitosis of a stranger', answer: 'Cell division', tags: 'bio' });
  });

  const search = async (q: string, extra = '') => {
    const response = await me.get(`/api/cards/search?q=${encodeURIComponent(q)}${extra}`);
    expect(response.statusCode).toBe(200);
    return (response.json().results as CardJson[]).map((result) => result.id).sort((a, b) => a - b);
  };
  const ids = (...names: string[]) => names.map((name) => card[name]!).sort((a, b) => a - b);

  describe('the grammar', () => {
    it('matches free text and phrases in question, answer and tags (implicit AND)', async () => {
      expect(await search('cell')).toEqual(ids('mitosis', 'meiosis'));
      expect(await search('cell twice')).toEqual(ids('meiosis'));
      expect(await search('"division twice"')).toEqual(ids('meiosis'));
      expect(await search('"twice division"')).toEqual([]);
      expect(await search('m*sis')).toEqual(ids('mitosis', 'meiosis'));
    });

    it('matches a tag, its children and wildcards, not a longer tag', async () => {
      expect(await search('tag:bio')).toEqual(ids('mitosis', 'meiosis'));
      expect(await search('tag:BIO::cell')).toEqual(ids('mitosis'));
      expect(await search('tag:bio*')).toEqual(ids('mitosis', 'meiosis', 'biology'));
      expect(await search('tag:exam')).toEqual(ids('mitosis'));
      expect(await search('tag:ex')).toEqual([]);
    });

    it('matches a set by name, any case', async () => {
      expect(await search('set:"spanish words"')).toEqual(ids('hola'));
      expect(await search('set:spanish*')).toEqual(ids('hola'));
      expect(await search('set:nothing')).toEqual([]);
    });

    it('matches the is: states', async () => {
      expect(await search('is:new')).toEqual(ids('mitosis', 'hola', 'biology'));
      expect(await search('is:learn')).toEqual(ids('krebs'));
      expect(await search('is:review')).toEqual(ids('meiosis', 'photo'));
      // Learning cards within the 20-minute learn-ahead, review cards due by now.
      expect(await search('is:due')).toEqual(ids('meiosis', 'krebs'));
      expect(await search('is:suspended')).toEqual(ids('photo'));
      expect(await search('is:buried')).toEqual(ids('krebs'));
      expect(await search('is:leech')).toEqual(ids('krebs'));
    });

    it('compares the prop: properties', async () => {
      expect(await search('prop:ivl>=10')).toEqual(ids('meiosis'));
      expect(await search('prop:ivl<10')).toEqual(ids('photo', 'krebs'));
      expect(await search('prop:lapses>2')).toEqual(ids('meiosis', 'krebs'));
      expect(await search('prop:lapses=0')).toEqual(ids('mitosis', 'photo', 'hola', 'biology'));
      expect(await search('prop:reps=0')).toHaveLength(6);
      // Days from today: overdue by one is -1; new cards have no due day.
      expect(await search('prop:due=-1')).toEqual(ids('meiosis'));
      expect(await search('prop:due<0')).toEqual(ids('meiosis'));
      expect(await search('prop:due<3')).toEqual(ids('meiosis', 'krebs'));
      expect(await search('prop:due>=5')).toEqual(ids('photo'));
      expect(await search('prop:due!=0')).toEqual(ids('meiosis', 'photo'));
    });

    it('compares retrievability as ts-fsrs computes it', async () => {
      expect(await search('prop:r<0.9')).toEqual(ids('meiosis'));
      expect(await search('prop:r>0.99')).toEqual(ids('photo', 'krebs'));
      const r = {
        meiosis: forgetting_curve(FSRS6_DEFAULT_DECAY, 11, 10),
        photo: forgetting_curve(FSRS6_DEFAULT_DECAY, 1, 100),
        krebs: forgetting_curve(FSRS6_DEFAULT_DECAY, 0, 1),
      };
      for (const threshold of [0.5, 0.85, 0.89, 0.895, 0.9, 0.95, 0.995, 0.999, 1]) {
        const below = Object.entries(r)
          .filter(([, value]) => value < threshold)
          .map(([name]) => name);
        expect([threshold, await search(`prop:r<${threshold}`)]).toEqual([threshold, ids(...below)]);
      }
      expect(await search('prop:r>=0')).toEqual(ids('meiosis', 'photo', 'krebs'));
    });

    it("uses the learner's own decay (w[20]) once they optimized their parameters", async () => {
      // Two learners with the same cards: stability 10, last reviewed 1 to 30 days ago.
      const learners = [await signedInClient(app), await signedInClient(app)] as const;
      const elapsed = Array.from({ length: 30 }, (_, i) => i + 1);
      const cardsOf = await Promise.all(
        learners.map(async (learner) => {
          const made = new Map<number, number>();
          for (const days of elapsed) {
            const id = (await learner.createCard({ question: `Elapsed ${days}`, answer: 'x' })).id;
            await schedule(id, { state: 2, due: at(0), stability: 10, difficulty: 5, last_review: at(-days * DAY) });
            made.set(id, days);
          }
          return made;
        }),
      );
      const ownDecay = 0.6;
      await ctx.db
        .insertInto('fsrs_parameters')
        .values({
          user_id: learners[1].user.id,
          parameters: JSON.stringify([...default_w.slice(0, 20), ownDecay]),
          in_use: true,
          review_count: 1000,
          default_log_loss: 0.4,
          default_rmse: 0.05,
          fitted_log_loss: 0.3,
          fitted_rmse: 0.04,
          fitted_at: at(-DAY),
          running_since: null,
        })
        .execute();
      const found = async (learner: ApiClient, q: string) => {
        const response = await learner.get(`/api/cards/search?q=${encodeURIComponent(q)}&limit=100`);
        expect(response.statusCode).toBe(200);
        return (response.json().results as CardJson[]).map((result) => result.id).sort((a, b) => a - b);
      };
      const expected = (made: Map<number, number>, decay: number, threshold: number) =>
        [...made]
          .filter(([, days]) => forgetting_curve(decay, days, 10) < threshold)
          .map(([id]) => id)
          .sort((a, b) => a - b);

      const defaults = await found(learners[0], 'prop:r<0.9');
      const own = await found(learners[1], 'prop:r<0.9');
      expect(defaults).toEqual(expected(cardsOf[0]!, FSRS6_DEFAULT_DECAY, 0.9));
      expect(own).toEqual(expected(cardsOf[1]!, ownDecay, 0.9));
      for (const threshold of [0.5, 0.8, 0.85]) {
        expect(await found(learners[1], `prop:r<${threshold}`)).toEqual(expected(cardsOf[1]!, ownDecay, threshold));
      }
      // The same days since the last review, another match set.
      const days = (made: Map<number, number>, list: number[]) => list.map((id) => made.get(id));
      expect(days(cardsOf[1]!, await found(learners[1], 'prop:r<0.85'))).not.toEqual(
        days(cardsOf[0]!, await found(learners[0], 'prop:r<0.85')),
      );

      // Parameters not in use (they predicted no better) leave the defaults.
      await ctx.db
        .updateTable('fsrs_parameters')
        .set({ in_use: false })
        .where('user_id', '=', learners[1].user.id)
        .execute();
      expect(await found(learners[1], 'prop:r<0.85')).toEqual(expected(cardsOf[1]!, FSRS6_DEFAULT_DECAY, 0.85));
    });

    it('negates, ORs and groups', async () => {
      expect(await search('-is:new')).toEqual(ids('meiosis', 'photo', 'krebs'));
      expect(await search('-tag:bio')).toEqual(ids('photo', 'krebs', 'hola', 'biology'));
      expect(await search('-prop:r<0.9')).toEqual(ids('mitosis', 'photo', 'krebs', 'hola', 'biology'));
      expect(await search('tag:botany or tag:leech')).toEqual(ids('photo', 'krebs'));
      // AND binds first: (cell AND twice) OR hola.
      expect(await search('cell twice or hola')).toEqual(ids('meiosis', 'hola'));
      expect(await search('cell (twice or hola)')).toEqual(ids('meiosis'));
      expect(await search('-(is:new or is:suspended) cycle')).toEqual(ids('krebs'));
    });

    it("keeps to the learner's own cards", async () => {
      expect(await search('mitosis')).toEqual(ids('mitosis'));
      const theirs = await stranger.get('/api/cards/search?q=tag%3Abio');
      expect(theirs.json().results).toHaveLength(1);
    });

    it.each([
      ['a )', 'Unexpected ")" at position 3'],
      ['(tag:bio', 'Unclosed "(" at position 1'],
      [
        'is:nope',
        'Unknown "is:nope": use is:new, is:learn, is:review, is:due, is:suspended, is:buried, is:leech at position 4',
      ],
      ['prop:r<7', 'prop:r compares with a number between 0 and 1 at position 8'],
      ['"open', 'Unclosed quote " at position 1'],
      ['x or', 'Expected a search term after "or" at position 5'],
    ])('answers %p with a 400 that says where', async (q, error) => {
      const response = await me.get(`/api/cards/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });

    it('binds what the learner typed as parameters', async () => {
      expect(await search("'; drop table cards; --")).toEqual([]);
      expect(await search('tag:"x\' or 1=1 --"')).toEqual([]);
      expect(await search('mitosis')).toEqual(ids('mitosis'));
    });
  });

  describe('sort and paging', () => {
    /** Every page of a search, following X-Next-Cursor; the ids in order. */
    const allPages = async (q: string, sort: string) => {
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 20; pages++) {
        const response = await me.get(
          `/api/cards/search?q=${encodeURIComponent(q)}&limit=2&${sort}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count']).toBe('6');
        seen.push(...(response.json().results as CardJson[]).map((result) => result.id));
        cursor = response.headers['x-next-cursor'] as string | undefined;
        if (!cursor) return seen;
      }
      throw new Error('paging did not end');
    };
    const everything = '-"no such words"';

    it.each([
      ['sort=lapses', ['mitosis', 'photo', 'hola', 'biology', 'meiosis', 'krebs']],
      ['sort=lapses&order=desc', ['krebs', 'meiosis', 'biology', 'hola', 'photo', 'mitosis']],
      ['sort=interval', ['mitosis', 'krebs', 'hola', 'biology', 'photo', 'meiosis']],
      ['sort=difficulty&order=desc', ['krebs', 'meiosis', 'photo', 'biology', 'hola', 'mitosis']],
      // New cards (no due date) after every due one.
      ['sort=due', ['meiosis', 'krebs', 'photo', 'mitosis', 'hola', 'biology']],
      ['sort=created&order=asc', ['mitosis', 'meiosis', 'photo', 'krebs', 'hola', 'biology']],
    ])('%s pages through every match once, in order', async (sort, order) => {
      expect(await allPages(everything, sort)).toEqual(order.map((name) => card[name]));
    });

    it('keeps newest-first pages on numeric before cursors', async () => {
      const first = await me.get(`/api/cards/search?q=${encodeURIComponent(everything)}&limit=4`);
      expect(first.headers['x-next-cursor']).toBe(String(card.photo));
      const rest = await me.get(`/api/cards/search?q=${encodeURIComponent(everything)}&limit=4&before=${card.photo}`);
      expect(rest.json().results.map((result: CardJson) => result.id)).toEqual([card.meiosis, card.mitosis]);
    });

    it.each([
      ['sort=size', 'sort must be one of created, due, interval, difficulty, lapses'],
      ['sort=due&order=up', 'order must be asc or desc'],
      ['sort=due&cursor=nonsense', 'cursor is not a position of this search'],
      [`sort=lapses&cursor=${Buffer.from('["a",1]').toString('base64url')}`, 'cursor is not a position of this search'],
      ['sort=lapses&before=3', 'cursor is not a position of this search'],
      ['cursor=abc&before=3', 'Send either cursor or before, not both'],
    ])('refuses %s', async (query, error) => {
      const response = await me.get(`/api/cards/search?q=cell&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });
  });

  describe('POST /api/cards/bulk', () => {
    let learner: ApiClient;
    beforeEach(async () => {
      learner = await signedInClient(app);
    });
    const bulk = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/cards/bulk', body);
    const get = async (client: ApiClient, id: number) => (await client.get(`/api/cards/${id}`)).json() as CardJson;

    it('tags and untags whole notes, keeping other tags and skipping ones already there', async () => {
      const a = await learner.createCard({ tags: 'keep, Exam' });
      const b = await learner.createCard({ kind: 'reversed', question: 'Q', answer: 'A' });
      const tagged = await bulk(learner, { ids: [a.id, b.id], action: 'tag', tags: ['exam', 'new::tag'] });
      expect(tagged.statusCode).toBe(200);
      expect(tagged.json()).toEqual({ action: 'tag', changed: 3, deletedIds: [] });
      expect((await get(learner, a.id)).tags).toBe('keep, Exam, new::tag');
      // The reversed note's other card carries the tags too, and search finds them.
      expect((await get(learner, b.id + 1)).tags).toBe('exam, new::tag');
      expect((await learner.get('/api/cards/search?q=tag%3Anew')).json().results).toHaveLength(3);
      const untagged = await bulk(learner, { ids: [a.id], action: 'untag', tags: ['EXAM', 'new::tag'] });
      expect(untagged.json().changed).toBe(1);
      expect((await get(learner, a.id)).tags).toBe('keep');
    });

    it('suspends, unsuspends, resets and moves', async () => {
      const a = await learner.createCard();
      const b = await learner.createCard();
      const set = await learner.createSet('Target');
      expect((await bulk(learner, { ids: [a.id, b.id], action: 'suspend' })).json().changed).toBe(2);
      expect((await get(learner, a.id)).suspended).toBe(true);
      expect((await bulk(learner, { ids: [a.id], action: 'unsuspend' })).json().changed).toBe(1);
      expect((await get(learner, a.id)).suspended).toBe(false);
      expect((await get(learner, b.id)).suspended).toBe(true);

      await schedule(a.id, { state: 2, due: at(DAY), stability: 5, lapses: 2, repetitions: 4, last_review: at(-DAY) });
      expect((await bulk(learner, { ids: [a.id], action: 'reset' })).json().changed).toBe(1);
      const reset = await get(learner, a.id);
      expect([reset.state, reset.due, reset.lapses, reset.repetitions]).toEqual(['new', null, 0, 0]);

      expect((await bulk(learner, { ids: [a.id, b.id], action: 'move', setId: set.id })).json().changed).toBe(2);
      expect((await get(learner, b.id)).category_id).toBe(set.id);
      expect((await bulk(learner, { ids: [a.id], action: 'move', setId: null })).json().changed).toBe(1);
      expect((await get(learner, a.id)).category_id).toBeNull();
    });

    it('deletes whole notes and names every card deleted', async () => {
      const reversed = await learner.createCard({ kind: 'reversed', question: 'Front', answer: 'Back' });
      const basic = await learner.createCard();
      const keep = await learner.createCard();
      const response = await bulk(learner, { ids: [reversed.id, basic.id], action: 'delete' });
      expect(response.json()).toEqual({
        action: 'delete',
        changed: 3,
        deletedIds: [reversed.id, reversed.id + 1, basic.id],
      });
      expect((await learner.get(`/api/cards/${reversed.id + 1}`)).statusCode).toBe(404);
      expect((await learner.get(`/api/cards/${keep.id}`)).statusCode).toBe(200);
    });

    it("answers 404 and changes nothing when any id is not the learner's", async () => {
      const mine = await learner.createCard();
      const theirs = await stranger.createCard();
      for (const action of ['suspend', 'delete', 'reset']) {
        const response = await bulk(learner, { ids: [mine.id, theirs.id], action });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Card not found' });
      }
      expect((await get(learner, mine.id)).suspended).toBe(false);
      expect((await stranger.get(`/api/cards/${theirs.id}`)).statusCode).toBe(200);
      expect((await bulk(learner, { ids: [mine.id], action: 'move', setId: spanishSet })).statusCode).toBe(404);
    });

    it.each([
      [{ ids: [], action: 'suspend' }, 'Choose between 1 and 1000 cards'],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: 'suspend' }, 'Choose between 1 and 1000 cards'],
      [{ ids: [1, 1], action: 'suspend' }, 'Each card may be listed only once'],
      [{ ids: [1], action: 'explode' }, 'action must be one of tag, untag, suspend, unsuspend, delete, reset, move'],
      [{ ids: [1], action: 'tag' }, 'Give at least one tag'],
      [{ ids: [1], action: 'tag', tags: ['  '] }, 'Give at least one tag'],
      [{ ids: [1], action: 'tag', tags: ['a,b'] }, 'A tag cannot be empty or contain a comma or a space'],
      [{ ids: [1], action: 'move' }, 'Give setId (null: out of any set)'],
    ])('refuses a bad body (%#): %p', async (body, error) => {
      const response = await bulk(learner, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });

    it('refuses tags that would make the note too long', async () => {
      const a = await learner.createCard({ tags: 'x'.repeat(990) });
      const response = await bulk(learner, { ids: [a.id], action: 'tag', tags: ['abcdefghijkl'] });
      expect(response.json()).toEqual({ error: 'Tags are too long' });
      expect((await get(learner, a.id)).tags).toBe('x'.repeat(990));
    });
  });
});

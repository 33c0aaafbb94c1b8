// Learning steps (Anki's "1m 10m", the learner's own), graduation, and siblings of a note kept
// out of the same day's study: buried until the learner's next local day once one is answered.
import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb, setAccountTimeZone } from '../../test/harness';

const MINUTE = 60_000;
const START = new Date('2024-06-11T05:00:00.000Z');

interface StudyCardJson {
  id: number;
  state: string;
  due: string | null;
  note_guid?: string;
  preview: Record<'0' | '1' | '2' | '3', { interval: string; due: string }>;
}

describeEachDb('learning steps and siblings', (ctx) => {
  let now = START;
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => now });
  });
  beforeEach(async () => {
    now = START;
    me = await signedInClient(app);
  });

  const review = async (cardId: number, result: number) => {
    const response = await me.post('/api/spaced-repetition/review', { cardId, result, timeSpent: 3000 });
    expect(response.statusCode).toBe(200);
    return response.json().card as StudyCardJson;
  };
  const queue = async () => {
    const response = await me.get('/api/learning/review-queue');
    expect(response.statusCode).toBe(200);
    return response.json() as {
      due: StudyCardJson[];
      new: StudyCardJson[];
      newCount: number;
      newWaiting: number;
      newCardsPerDay: number;
      scheduler: object;
    };
  };
  const after = (card: StudyCardJson) => Date.parse(card.due!) - now.getTime();

  describe('settings', () => {
    it("start at Anki's 1m 10m and 10m, stored normalised, on both settings calls", async () => {
      expect((await me.get('/api/spaced-repetition/settings')).json()).toMatchObject({
        learningSteps: '1m 10m',
        relearningSteps: '10m',
      });
      const put = await me.put('/api/spaced-repetition/settings', { learningSteps: ' 5M  1h ', relearningSteps: '' });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ learningSteps: '5m 1h', relearningSteps: '' });
      expect((await me.get('/api/user/settings')).json()).toMatchObject({
        learningSteps: '5m 1h',
        relearningSteps: '',
      });
      const user = await me.put('/api/user/settings', { learningSteps: '2m 20m 1d' });
      expect(user.statusCode).toBe(200);
      expect((await me.get('/api/spaced-repetition/settings')).json().learningSteps).toBe('2m 20m 1d');
      expect((await queue()).scheduler).toMatchObject({ learningSteps: '2m 20m 1d', relearningSteps: '' });
    });

    it.each([
      [{ learningSteps: '' }, 'Learning steps must be 1 to 10'],
      [{ learningSteps: '30s' }, 'Learning steps must be 1 to 10'],
      [{ learningSteps: '2d' }, 'Learning steps must be 1 to 10'],
      [{ learningSteps: '1m '.repeat(11) }, 'Learning steps must be 1 to 10'],
      [{ learningSteps: 10 }, 'Learning steps must be 1 to 10'],
      [{ relearningSteps: '1.5m' }, 'Relearning steps must be up to 10'],
      [{ relearningSteps: null }, 'Relearning steps must be up to 10'],
    ])('refuse %j with 400 naming the field, changing nothing', async (body, message) => {
      for (const url of ['/api/spaced-repetition/settings', '/api/user/settings']) {
        const response = await me.put(url, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toContain(message);
      }
      expect((await me.get('/api/spaced-repetition/settings')).json()).toMatchObject({
        learningSteps: '1m 10m',
        relearningSteps: '10m',
      });
    });
  });

  describe('scheduling', () => {
    it('takes a new card through 1m 10m: Again 1m, Hard 6m, Good 10m, then Good graduates', async () => {
      const { id } = await me.createCard();
      const [fresh] = (await queue()).new;
      expect([0, 1, 2].map((r) => fresh!.preview[`${r}` as '0'].interval)).toEqual(['1m', '6m', '10m']);
      let card = await review(id, 0);
      expect(card.state).toBe('learning');
      expect(after(card)).toBe(MINUTE);
      now = new Date(Date.parse(card.due!));
      card = await review(id, 1);
      expect(after(card)).toBe(6 * MINUTE);
      now = new Date(Date.parse(card.due!));
      card = await review(id, 2);
      expect(card.state).toBe('learning');
      expect(after(card)).toBe(10 * MINUTE);
      // Due within the 20-minute learn-ahead: in the queue at once.
      expect((await queue()).due.map((c) => c.id)).toEqual([id]);
      now = new Date(Date.parse(card.due!));
      card = await review(id, 2);
      expect(card.state).toBe('review');
      expect(after(card)).toBeGreaterThanOrEqual(24 * 60 * MINUTE);
    });

    it("follows the learner's own steps, relearning ones included", async () => {
      await me.put('/api/spaced-repetition/settings', { learningSteps: '3m 45m', relearningSteps: '30m' });
      const { id } = await me.createCard();
      let card = await review(id, 2);
      expect(after(card)).toBe(45 * MINUTE);
      // 45 minutes away: beyond the learn-ahead, not due yet.
      expect((await queue()).due).toEqual([]);
      now = new Date(Date.parse(card.due!));
      card = await review(id, 2);
      expect(card.state).toBe('review');
      now = new Date(Date.parse(card.due!));
      card = await review(id, 0);
      expect(card.state).toBe('relearning');
      expect(after(card)).toBe(30 * MINUTE);
    });
  });

  describe('siblings', () => {
    it("puts one card of a note in the queue and buries the others until the learner's next day", async () => {
      await setAccountTimeZone(app, ctx.db, me.user.accessToken, 'Europe/Berlin');
      const first = await me.createCard({ kind: 'reversed', question: 'Hund', answer: 'dog' });
      const other = await me.createCard();
      const before = await queue();
      const sibling = await ctx.db
        .selectFrom('cards')
        .select('id')
        .where('user_id', '=', me.user.id)
        .where(
          'note_guid',
          '=',
          (await ctx.db.selectFrom('cards').select('note_guid').where('id', '=', first.id).executeTakeFirstOrThrow())
            .note_guid,
        )
        .where('id', '!=', first.id)
        .executeTakeFirstOrThrow();
      expect(before.new.map((c) => c.id)).toEqual([first.id, other.id]);

      await review(first.id, 2);
      const buried = await ctx.db
        .selectFrom('cards')
        .select('buried_until')
        .where('id', '=', sibling.id)
        .executeTakeFirstOrThrow();
      // 05:00Z is 07:00 in Berlin (CEST): the next local day starts at 22:00Z.
      expect(new Date(buried.buried_until!).toISOString()).toBe('2024-06-11T22:00:00.000Z');
      expect((await queue()).new.map((c) => c.id)).toEqual([other.id]);

      now = new Date('2024-06-11T22:00:00.000Z');
      expect((await queue()).new.map((c) => c.id)).toContain(sibling.id);
    });
  });

  describe('undo and siblings', () => {
    const reviewId = async (cardId: number, result: number) => {
      const response = await me.post('/api/spaced-repetition/review', { cardId, result, timeSpent: 3000 });
      expect(response.statusCode).toBe(200);
      return response.json().reviewId as number;
    };
    const undo = async (id: number) =>
      expect((await me.post('/api/spaced-repetition/undo', { reviewId: id })).statusCode).toBe(200);
    /** The note's cards in cloze order, each with until when it is buried (ISO) and its suspension. */
    const clozeNote = async () => {
      const first = await me.createCard({
        kind: 'cloze',
        question: '{{c1::un}} {{c2::deux}} {{c3::trois}}',
        answer: '',
      });
      const { note_guid } = await ctx.db
        .selectFrom('cards')
        .select('note_guid')
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
      const ids = (
        await ctx.db.selectFrom('cards').select('id').where('note_guid', '=', note_guid).orderBy('ord').execute()
      ).map((row) => row.id);
      const states = async () =>
        (
          await ctx.db
            .selectFrom('cards')
            .select(['id', 'buried_until', 'suspended'])
            .where('note_guid', '=', note_guid)
            .orderBy('ord')
            .execute()
        ).map((row) => ({
          buried: row.buried_until === null ? null : new Date(row.buried_until).toISOString(),
          suspended: Boolean(row.suspended),
        }));
      return { ids, states };
    };
    const NEXT_DAY = '2024-06-11T22:00:00.000Z';

    it('brings back the siblings the undone review buried, not a suspended one', async () => {
      await setAccountTimeZone(app, ctx.db, me.user.accessToken, 'Europe/Berlin');
      const other = await me.createCard({ kind: 'reversed' });
      await reviewId(other.id, 2);
      const { ids, states } = await clozeNote();
      const [a, , c] = ids as [number, number, number];
      const review = await reviewId(a, 0);
      expect(await states()).toEqual([
        { buried: null, suspended: false },
        { buried: NEXT_DAY, suspended: false },
        { buried: NEXT_DAY, suspended: false },
      ]);
      expect((await me.post(`/api/spaced-repetition/cards/${c}/suspend`)).statusCode).toBe(200);

      await undo(review);
      expect(await states()).toEqual([
        { buried: null, suspended: false },
        { buried: null, suspended: false },
        { buried: NEXT_DAY, suspended: true },
      ]);
      expect((await queue()).new.map((card) => card.id)).toContain(a);
      // Another note's sibling, buried by its own review, stays buried.
      const otherSibling = await ctx.db
        .selectFrom('cards')
        .select('buried_until')
        .where('user_id', '=', me.user.id)
        .where('id', '!=', other.id)
        .where('id', 'not in', ids)
        .executeTakeFirstOrThrow();
      expect(new Date(otherSibling.buried_until!).toISOString()).toBe(NEXT_DAY);
    });

    it('keeps them buried while another review of the note that day still stands', async () => {
      await setAccountTimeZone(app, ctx.db, me.user.accessToken, 'Europe/Berlin');
      const { ids, states } = await clozeNote();
      const [a, , c] = ids as [number, number, number];
      const firstOfA = await reviewId(a, 0);
      now = new Date(START.getTime() + MINUTE);
      const secondOfA = await reviewId(a, 2);
      await undo(secondOfA);
      // The first review of the card still buries them.
      expect((await states()).map((card) => card.buried)).toEqual([null, NEXT_DAY, NEXT_DAY]);

      // A review of the third card (asked for by id) stands too: undoing the first one keeps b buried.
      const ofC = await reviewId(c, 2);
      await undo(firstOfA);
      expect((await states()).map((card) => card.buried)).toEqual([null, NEXT_DAY, null]);
      await undo(ofC);
      expect((await states()).map((card) => card.buried)).toEqual([null, null, null]);
      expect((await queue()).new.map((card) => card.id)).toEqual([a]);
    });
  });

  describe("the hub's new count", () => {
    it("is what can be learnt today: the waiting notes, at most today's allowance left; the rest said beside it", async () => {
      await me.put('/api/spaced-repetition/settings', { newCardsPerDay: 2 });
      const basic = await me.createCard();
      await me.createCard();
      await me.createCard({ kind: 'reversed' });
      expect(await queue()).toMatchObject({ newCount: 2, newWaiting: 3, newCardsPerDay: 2 });
      await review(basic.id, 3);
      expect(await queue()).toMatchObject({ newCount: 1, newWaiting: 2, newCardsPerDay: 2 });
    });
  });
});

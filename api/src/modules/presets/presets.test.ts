// Option presets shared by sets: their calls (list, create, edit, delete, assign; checked as the
// study settings are; scoped to their learner), and the study queue and reviews using each
// card's set's preset (steps, retention, maximum interval, daily limits).
import type { StudyPreset } from '@flashcard/api-contract/schemas';
import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';

const START = new Date('2024-06-11T05:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface StudyCardJson {
  id: number;
  state: string;
  due: string | null;
  category_id: number | null;
  preview: Record<'0' | '1' | '2' | '3', { interval: string; due: string }>;
}

interface QueueJson {
  dueCount: number;
  newCount: number;
  newWaiting: number;
  newCardsPerDay: number;
  due: StudyCardJson[];
  new: StudyCardJson[];
  scheduler: { learningSteps?: string; desiredRetention: number };
  setSchedulers?: Record<string, { learningSteps?: string }>;
}

// FSRS-6's default weights.
const FSRS6_WEIGHTS = [
  0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483,
  0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
];

describeEachDb('option presets', (ctx) => {
  let now = START;
  let app: FastifyInstance;
  let me: ApiClient;
  let stranger: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => now });
    stranger = await signedInClient(app);
  });
  beforeEach(async () => {
    now = START;
    me = await signedInClient(app);
  });

  const presets = async (client = me) => {
    const response = await client.get('/api/spaced-repetition/presets');
    expect(response.statusCode).toBe(200);
    return response.json() as StudyPreset[];
  };
  const createPreset = async (body: Record<string, unknown>, client = me) => {
    const response = await client.post('/api/spaced-repetition/presets', body);
    expect(response.statusCode).toBe(201);
    return response.json() as StudyPreset;
  };
  const assign = async (setId: number, presetId: number | null, client = me) => {
    const response = await client.put(`/api/categories/${setId}/preset`, { presetId });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  /** A set using a new preset of these values, and `cards` new cards in it. */
  const setWithPreset = async (name: string, values: Record<string, unknown>, cards = 1) => {
    const set = await me.createSet(name);
    const preset = await createPreset({ name, ...values });
    await assign(set.id, preset.id);
    const made = [];
    for (let i = 0; i < cards; i++) made.push(await me.createCard({ question: `${name} ${i}`, category_id: set.id }));
    return { set, preset, cards: made };
  };
  const queue = async (query = '') => {
    const response = await me.get(`/api/learning/review-queue${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as QueueJson;
  };
  const review = async (cardId: number, result: number) => {
    const response = await me.post('/api/spaced-repetition/review', { cardId, result, timeSpent: 3000 });
    expect(response.statusCode).toBe(200);
    return response.json() as { card: StudyCardJson; reviewId: number };
  };
  const untilDue = (card: StudyCardJson) => Date.parse(card.due!) - now.getTime();

  describe('the calls', () => {
    it('list the default preset (the study settings) with every set without a preset', async () => {
      const set = await me.createSet('Biology');
      expect(await presets()).toEqual([
        {
          id: 0,
          name: 'Default',
          isDefault: true,
          newCardsPerDay: 20,
          maximumReviewsPerDay: 200,
          learningSteps: '1m 10m',
          relearningSteps: '10m',
          desiredRetention: 0.9,
          maximumInterval: 36500,
          fsrsParameters: null,
          sets: [{ id: set.id, name: 'Biology' }],
        },
      ]);
    });

    it('create a preset from the default values, edit, rename and assign it; list it by name with its sets', async () => {
      await me.put('/api/user/settings', { newCardsPerDay: 12 });
      const created = await createPreset({ name: '  Languages ', learningSteps: ' 5M 1h ', desiredRetention: 0.85 });
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'Languages',
        isDefault: false,
        newCardsPerDay: 12,
        maximumReviewsPerDay: 200,
        learningSteps: '5m 1h',
        relearningSteps: '10m',
        desiredRetention: 0.85,
        maximumInterval: 36500,
        fsrsParameters: null,
        sets: [],
      });
      const set = await me.createSet('Spanish');
      expect(await assign(set.id, created.id)).toEqual({ setId: set.id, presetId: created.id });
      const edited = await me.put(`/api/spaced-repetition/presets/${created.id}`, {
        name: 'Words',
        maximumReviewsPerDay: 50,
        fsrsParameters: FSRS6_WEIGHTS,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        name: 'Words',
        maximumReviewsPerDay: 50,
        newCardsPerDay: 12,
        fsrsParameters: FSRS6_WEIGHTS,
        sets: [{ id: set.id, name: 'Spanish' }],
      });
      await createPreset({ name: 'Anatomy' });
      expect((await presets()).map((p) => [p.name, p.sets.length])).toEqual([
        ['Default', 0],
        ['Anatomy', 0],
        ['Words', 1],
      ]);
      // Back on the default through 0 (or null).
      await assign(set.id, 0);
      expect((await presets())[0]!.sets).toEqual([{ id: set.id, name: 'Spanish' }]);
    });

    it('edit the study settings when the default preset is edited, and show their changes', async () => {
      const response = await me.put('/api/spaced-repetition/presets/0', {
        newCardsPerDay: 7,
        maximumReviewsPerDay: 90,
        learningSteps: '2m',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: 0,
        newCardsPerDay: 7,
        maximumReviewsPerDay: 90,
        learningSteps: '2m',
      });
      expect((await me.get('/api/user/settings')).json()).toMatchObject({
        newCardsPerDay: 7,
        maximumReviewsPerDay: 90,
        learningSteps: '2m',
      });
      await me.put('/api/user/settings', { desiredRetention: 0.8 });
      expect((await presets())[0]).toMatchObject({
        desiredRetention: 0.8,
        maximumReviewsPerDay: 90,
        newCardsPerDay: 7,
      });
    });

    it.each([
      [{ name: '' }, 'Preset name is required'],
      [{ name: 5 }, 'Preset name is required'],
      [{ name: 'x'.repeat(101) }, 'Preset name must be at most 100 characters'],
      [{ name: 'A', newCardsPerDay: -1 }, 'New cards per day must be between 0 and 9999'],
      [{ name: 'A', newCardsPerDay: 1.5 }, 'New cards per day must be between 0 and 9999'],
      [{ name: 'A', maximumReviewsPerDay: 10000 }, 'Maximum reviews per day must be between 0 and 9999'],
      [{ name: 'A', maximumReviewsPerDay: '20' }, 'Maximum reviews per day must be between 0 and 9999'],
      [{ name: 'A', learningSteps: '30s' }, 'Learning steps must be 1 to 10'],
      [{ name: 'A', relearningSteps: 'soon' }, 'Relearning steps must be up to 10'],
      [{ name: 'A', desiredRetention: 0.5 }, 'Desired retention must be between 0.70 and 0.99'],
      [{ name: 'A', maximumInterval: 0 }, 'Maximum interval must be between 1 and 36500 days'],
      [{ name: 'A', fsrsParameters: [1, 2, 3] }, 'FSRS parameters must be 21 numbers'],
      [{ name: 'A', fsrsParameters: FSRS6_WEIGHTS.map((w, i) => (i === 0 ? 500 : w)) }, 'FSRS parameters must be 21'],
      [{ name: 'A', fsrsParameters: 'weights' }, 'FSRS parameters must be 21 numbers'],
    ])('refuse %j with 400 naming the field, creating nothing', async (body, message) => {
      const response = await me.post('/api/spaced-repetition/presets', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
      expect(await presets()).toHaveLength(1);
    });

    it('refuse an edit out of bounds, changing nothing', async () => {
      const preset = await createPreset({ name: 'Kept' });
      const response = await me.put(`/api/spaced-repetition/presets/${preset.id}`, {
        newCardsPerDay: 3,
        desiredRetention: 2,
      });
      expect(response.statusCode).toBe(400);
      expect((await presets())[1]).toMatchObject({ newCardsPerDay: 20, desiredRetention: 0.9 });
      const onDefault = await me.put('/api/spaced-repetition/presets/0', { maximumReviewsPerDay: -5 });
      expect(onDefault.statusCode).toBe(400);
    });

    it('refuse a taken name in any case (409), but another learner may use it', async () => {
      const first = await createPreset({ name: 'Languages' });
      const taken = await me.post('/api/spaced-repetition/presets', { name: 'LANGUAGES' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: 'A preset with this name already exists' });
      const other = await createPreset({ name: 'Other' });
      const renamed = await me.put(`/api/spaced-repetition/presets/${other.id}`, { name: 'languages' });
      expect(renamed.statusCode).toBe(409);
      expect((await me.put(`/api/spaced-repetition/presets/${first.id}`, { name: 'LANGUAGES' })).statusCode).toBe(200);
      await createPreset({ name: 'Languages' }, stranger);
    });

    it('keep the default preset: neither deleted, renamed nor given FSRS parameters', async () => {
      expect((await me.del('/api/spaced-repetition/presets/0')).json()).toEqual({
        error: 'The default preset cannot be deleted',
      });
      const renamed = await me.put('/api/spaced-repetition/presets/0', { name: 'Mine' });
      expect(renamed.statusCode).toBe(400);
      const weights = await me.put('/api/spaced-repetition/presets/0', { fsrsParameters: FSRS6_WEIGHTS });
      expect(weights.statusCode).toBe(400);
      expect((await presets())[0]).toMatchObject({ name: 'Default', fsrsParameters: null });
    });

    it('delete a preset: its sets are back on the default', async () => {
      const { set, preset } = await setWithPreset('Physics', { newCardsPerDay: 2 });
      const response = await me.del(`/api/spaced-repetition/presets/${preset.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Preset deleted; its 1 sets use the default preset now',
        setsMoved: 1,
      });
      expect(await presets()).toEqual([expect.objectContaining({ id: 0, sets: [{ id: set.id, name: 'Physics' }] })]);
      expect((await me.del(`/api/spaced-repetition/presets/${preset.id}`)).statusCode).toBe(404);
    });

    it("answer 404 for another learner's preset or set, and for ids that name nothing", async () => {
      const theirs = await createPreset({ name: 'Theirs' }, stranger);
      const theirSet = await stranger.createSet('Their set');
      const mine = await createPreset({ name: 'Mine' });
      const mySet = await me.createSet('My set');
      for (const id of [String(theirs.id), '987654', 'abc', '-1']) {
        const edit = await me.put(`/api/spaced-repetition/presets/${id}`, { newCardsPerDay: 1 });
        expect(edit.statusCode).toBe(404);
        expect(edit.json()).toEqual({ error: 'Preset not found' });
        expect((await me.del(`/api/spaced-repetition/presets/${id}`)).statusCode).toBe(404);
      }
      const assignTheirs = await me.put(`/api/categories/${mySet.id}/preset`, { presetId: theirs.id });
      expect(assignTheirs.statusCode).toBe(404);
      expect(assignTheirs.json()).toEqual({ error: 'Preset not found' });
      const toTheirSet = await me.put(`/api/categories/${theirSet.id}/preset`, { presetId: mine.id });
      expect(toTheirSet.statusCode).toBe(404);
      expect(toTheirSet.json()).toEqual({ error: 'Set not found' });
      const theirList = await presets(stranger);
      expect(theirList.find((p) => p.id === theirs.id)).toMatchObject({ name: 'Theirs', newCardsPerDay: 20, sets: [] });
      expect(theirList[0]!.sets).toContainEqual({ id: theirSet.id, name: 'Their set' });
    });

    it('allow at most 50 presets a learner', async () => {
      for (let i = 0; i < 50; i++) await createPreset({ name: `P${i}` });
      const response = await me.post('/api/spaced-repetition/presets', { name: 'One more' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'You can have at most 50 presets' });
    });
  });

  describe('the scheduler', () => {
    it("limits a set's new cards by its preset, and all cards by each set's and the default's", async () => {
      const { set, cards } = await setWithPreset('Two a day', { newCardsPerDay: 2 }, 5);
      const other = await me.createSet('Default set');
      for (let i = 0; i < 5; i++) await me.createCard({ question: `D${i}`, category_id: other.id });

      const inSet = await queue(`?set=${set.id}`);
      expect(inSet).toMatchObject({ newCount: 2, newWaiting: 5, newCardsPerDay: 2 });
      expect(inSet.new.map((c) => c.id)).toEqual(cards.slice(0, 2).map((c) => c.id));
      expect((await queue(`?set=${other.id}`)).newCount).toBe(5);
      const all = await queue('?newLimit=100');
      expect(all).toMatchObject({ newCount: 7, newWaiting: 10, newCardsPerDay: 20 });
      expect(all.new.filter((c) => c.category_id === set.id)).toHaveLength(2);

      await review(cards[0]!.id, 2);
      expect((await queue(`?set=${set.id}`)).newCount).toBe(1);
      await review(cards[1]!.id, 2);
      expect((await queue(`?set=${set.id}`)).new).toEqual([]);
      expect((await queue('?newLimit=100')).new.every((c) => c.category_id === other.id)).toBe(true);

      // The default preset's allowance caps the total when studying all cards.
      await me.put('/api/spaced-repetition/presets/0', { newCardsPerDay: 4 });
      expect((await queue('?newLimit=100')).newCount).toBe(2);
      // A set is limited by its own allowance: its cards were not studied today.
      expect((await queue(`?set=${other.id}`)).newCount).toBe(4);
    });

    it("schedules with the card's set's learning steps, in reviews, previews, undo and the offline scheduler", async () => {
      const { set, preset, cards } = await setWithPreset('Five minutes', { learningSteps: '5m' });
      const plain = await me.createCard({ question: 'default' });

      const [mine] = (await queue(`?set=${set.id}`)).new;
      expect(mine!.preview['0'].interval).toBe('5m');
      const all = await queue('?newLimit=100');
      expect(all.new.find((c) => c.id === plain.id)!.preview['0'].interval).toBe('1m');
      expect(all.scheduler.learningSteps).toBe('1m 10m');
      expect(all.setSchedulers).toEqual({ [String(set.id)]: expect.objectContaining({ learningSteps: '5m' }) });
      expect((await queue(`?set=${set.id}`)).scheduler.learningSteps).toBe('5m');
      expect((await queue(`?set=${set.id}`)).setSchedulers).toBeUndefined();

      const again = await review(cards[0]!.id, 0);
      expect(untilDue(again.card)).toBe(5 * MINUTE);
      expect(untilDue((await review(plain.id, 0)).card)).toBe(1 * MINUTE);

      // Undone, the card is new again, previewed with its preset.
      const undone = await me.post('/api/spaced-repetition/undo', { reviewId: again.reviewId });
      expect(undone.statusCode).toBe(200);
      expect(undone.json().card).toMatchObject({ state: 'new' });
      expect(undone.json().card.preview['0'].interval).toBe('5m');

      // Deleting the preset puts the set back on the default's steps.
      await me.del(`/api/spaced-repetition/presets/${preset.id}`);
      expect(untilDue((await review(cards[0]!.id, 0)).card)).toBe(1 * MINUTE);
    });

    it("caps intervals at the preset's maximum interval, and its retention changes them", async () => {
      const capped = await setWithPreset('Capped', { maximumInterval: 2 });
      const low = await setWithPreset('Low retention', { desiredRetention: 0.7 });
      const high = await setWithPreset('High retention', { desiredRetention: 0.97 });
      const plain = await me.createCard({ question: 'default' });
      const easyDays = async (cardId: number) => untilDue((await review(cardId, 3)).card) / DAY;
      const defaultDays = await easyDays(plain.id);
      expect(defaultDays).toBeGreaterThan(2);
      expect(await easyDays(capped.cards[0]!.id)).toBeLessThanOrEqual(2);
      const lowDays = await easyDays(low.cards[0]!.id);
      const highDays = await easyDays(high.cards[0]!.id);
      expect(lowDays).toBeGreaterThan(defaultDays);
      expect(highDays).toBeLessThan(defaultDays);
    });

    it("uses the preset's own FSRS parameters", async () => {
      // A first Easy's stability is w[3]: a tenth of it schedules a much shorter first interval.
      const own = await setWithPreset('Own weights', {
        fsrsParameters: FSRS6_WEIGHTS.map((w, i) => (i === 3 ? 0.9 : w)),
      });
      const plain = await me.createCard({ question: 'default' });
      const ownDays = untilDue((await review(own.cards[0]!.id, 3)).card) / DAY;
      const defaultDays = untilDue((await review(plain.id, 3)).card) / DAY;
      expect(ownDays).toBeLessThan(defaultDays / 3);
    });

    it("limits a set's review cards a day by its preset's maximum reviews", async () => {
      const { set, cards } = await setWithPreset(
        'One review a day',
        { maximumReviewsPerDay: 1, maximumInterval: 1 },
        3,
      );
      for (const card of cards) await review(card.id, 3);
      now = new Date(START.getTime() + 3 * DAY);
      const inSet = await queue(`?set=${set.id}`);
      expect(inSet.dueCount).toBe(1);
      expect(inSet.due).toHaveLength(1);
      expect((await queue()).dueCount).toBe(1);
      await review(inSet.due[0]!.id, 2);
      expect((await queue(`?set=${set.id}`)).dueCount).toBe(0);
      // The next day brings one more.
      now = new Date(START.getTime() + 4 * DAY);
      expect((await queue(`?set=${set.id}`)).due.filter((c) => c.state === 'review')).toHaveLength(1);
    });
  });
});

import 'fake-indexeddb/auto';
import { default_w } from 'ts-fsrs';
import { LEARN_AHEAD_MS, Scheduler, schedulingStateOf } from '@flashcard/api-contract';
import { reviewQueue, studyCard } from '../../test/study';
import {
  offlineQueue,
  rateLocally,
  rememberCard,
  savedQueue,
  saveQueue,
  forgetQueues,
  scopeKey,
  type SchedulerSettings,
} from './offline-queue';
import type { QueuedReview } from './review-outbox';
import { closeStudyDatabaseForTests } from './study-db';

const SETTINGS: SchedulerSettings = { desiredRetention: 0.9, maximumInterval: 36_500, parameters: null };
const NOW = new Date('2026-11-27T09:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const rating = (cardId: number, result: 0 | 1 | 2 | 3, reviewedAt: string, key = `k${cardId}`): QueuedReview => ({
  userId: 1,
  idempotencyKey: key,
  cardId,
  result,
  timeSpent: 1000,
  reviewedAt,
});

/** A review card last seen ten days ago, due an hour ago. */
const reviewCard = (id: number) =>
  studyCard(id, {
    state: 'review',
    repetitions: 3,
    due: at(-60),
    memory: {
      stability: 9,
      difficulty: 5,
      elapsed_days: 4,
      scheduled_days: 9,
      learning_steps: 0,
      last_review: at(-10 * 24 * 60),
    },
  });

describe('rating offline', () => {
  it('schedules a card exactly as the contract scheduler (the server) does', () => {
    const card = reviewCard(1);
    const reviewedAt = new Date(at(0));
    const rated = rateLocally(card, 2, reviewedAt, SETTINGS);
    const server = new Scheduler(SETTINGS).review(schedulingStateOf(card), reviewedAt, 2);
    expect(rated).toMatchObject({ state: 'review', due: server.due, repetitions: server.repetitions });
    expect(rated.memory).toEqual({
      stability: server.stability,
      difficulty: server.difficulty,
      elapsed_days: server.elapsed_days,
      scheduled_days: server.scheduled_days,
      learning_steps: server.learning_steps,
      last_review: server.last_review,
    });
    // The buttons' intervals are the scheduler's own previews for that card at that time.
    expect(rated.preview).toEqual(new Scheduler(SETTINGS).preview(server, reviewedAt));
    expect(Date.parse(rated.due!)).toBeGreaterThan(reviewedAt.getTime() + 24 * 3600_000);
  });

  it("takes the learner's fitted weights from the queue", () => {
    // FSRS-6's default weights with a larger first stability after Good, as a fit might give.
    const fitted = { ...SETTINGS, parameters: default_w.map((w, i) => (i === 2 ? w * 3 : w)) };
    const stability = (settings: typeof SETTINGS) => rateLocally(studyCard(3), 2, NOW, settings).memory.stability;
    expect(stability(fitted)).toBeCloseTo(stability(SETTINGS) * 3, 5);
  });
});

describe('the queue offline', () => {
  const saved = reviewQueue({
    due: [reviewCard(1), reviewCard(2)],
    new: [studyCard(3), studyCard(4)],
    dueCount: 2,
    newCount: 5,
    dailyGoal: { cardsStudied: 4, dailyGoal: 15 },
    scheduler: SETTINGS,
  });

  it('is the saved queue with every waiting rating applied, previews for now', () => {
    const queue = offlineQueue(saved, [rating(1, 2, at(-5)), rating(3, 0, at(-2))], NOW);
    // Card 1 was remembered: not due for days. Card 3 was forgotten: learning, due within minutes,
    // after card 2 (due an hour ago).
    expect(queue.due.map((card) => card.id)).toEqual([2, 3]);
    expect(queue.due[1].state).toBe('learning');
    expect(Date.parse(queue.due[1].due!)).toBeLessThanOrEqual(NOW.getTime() + LEARN_AHEAD_MS);
    expect(queue.new.map((card) => card.id)).toEqual([4]);
    expect(queue).toMatchObject({ dueCount: 2, newCount: 4, dailyGoal: { cardsStudied: 6, dailyGoal: 15 } });
    const scheduler = new Scheduler(SETTINGS);
    expect(queue.due[0].preview).toEqual(scheduler.preview(schedulingStateOf(reviewCard(2)), NOW));
  });

  it('replays two ratings of one card in order', () => {
    const twice = offlineQueue(saved, [rating(3, 0, at(-15), 'a'), rating(3, 2, at(-10), 'b')], NOW);
    const once = rateLocally(studyCard(3), 0, new Date(at(-15)), SETTINGS);
    const expected = rateLocally(once, 2, new Date(at(-10)), SETTINGS, NOW);
    expect([...twice.due, ...twice.new].find((card) => card.id === 3)).toEqual(expected);
  });

  it("schedules each card with its set's preset when the queue names one", () => {
    const inSet = { ...studyCard(5), category_id: 7 };
    const mixed = reviewQueue({
      ...saved,
      new: [studyCard(3), inSet],
      scheduler: { ...SETTINGS, learningSteps: '1m 10m' },
      setSchedulers: { '7': { ...SETTINGS, learningSteps: '5m' } },
    });
    const queue = offlineQueue(mixed, [rating(3, 0, at(-1)), rating(5, 0, at(-1))], NOW);
    const dueIn = (id: number) => Date.parse(queue.due.find((card) => card.id === id)!.due!) - Date.parse(at(-1));
    expect(dueIn(3)).toBe(60_000);
    expect(dueIn(5)).toBe(5 * 60_000);
  });

  it('ignores ratings of cards it does not hold', () => {
    expect(offlineQueue(saved, [rating(99, 2, at(-1))], NOW).due.map((card) => card.id)).toEqual([1, 2]);
  });
});

describe('saved queues', () => {
  beforeEach(async () => {
    await closeStudyDatabaseForTests();
    indexedDB.deleteDatabase('flashcard-study');
  });

  it("keeps one per learner and scope, takes the server's later answers, and forgets other learners", async () => {
    const queue = reviewQueue({ due: [reviewCard(1)], new: [studyCard(2)] });
    await saveQueue(1, {}, queue, 100);
    await saveQueue(1, { set: 4 }, reviewQueue({ new: [studyCard(2)] }), 200);
    await saveQueue(2, {}, reviewQueue(), 300);
    expect(scopeKey({ tag: 'Verbs' })).toBe(scopeKey({ tag: 'verbs' }));
    expect((await savedQueue(1, {}))?.savedAt).toBe(100);
    expect((await savedQueue(1, { set: 4 }))?.savedAt).toBe(200);

    await rememberCard(1, studyCard(2, { state: 'learning', question: 'changed' }));
    expect((await savedQueue(1, {}))?.queue.new[0].question).toBe('changed');
    expect((await savedQueue(1, { set: 4 }))?.queue.new[0].question).toBe('changed');

    await forgetQueues(1);
    expect(await savedQueue(2, {})).toBeUndefined();
    expect(await savedQueue(1, {})).toBeDefined();
    await forgetQueues(null);
    expect(await savedQueue(1, {})).toBeUndefined();
  });
});

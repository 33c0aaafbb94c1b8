import { createEmptyCard, fsrs, generatorParameters, Rating, State } from 'ts-fsrs';
import type { StudyCard } from './schemas/study';
import { formatInterval, NEW_STATE, Scheduler, schedulingStateOf, toRating, toResult } from './scheduler';

const NOW = new Date('2024-06-11T05:00:00.000Z');
const settings = { desiredRetention: 0.9, maximumInterval: 36500 };

// The reference: ts-fsrs used directly, with the parameters the app uses.
const reference = (desiredRetention = 0.9) =>
  fsrs(
    generatorParameters({
      request_retention: desiredRetention,
      maximum_interval: 36500,
      enable_fuzz: true,
      enable_short_term: true,
    }),
  );

describe('Scheduler (FSRS-6 through ts-fsrs)', () => {
  it('maps the app ratings 0-3 to Again..Easy and back', () => {
    expect([0, 1, 2, 3].map((r) => toRating(r as 0))).toEqual([Rating.Again, Rating.Hard, Rating.Good, Rating.Easy]);
    expect([1, 2, 3, 4].map(toResult)).toEqual([0, 1, 2, 3]);
  });

  it('schedules a new card exactly as ts-fsrs does, for every rating', () => {
    const scheduler = new Scheduler(settings);
    const expected = reference().repeat(createEmptyCard(NOW), NOW);
    for (const result of [0, 1, 2, 3] as const) {
      const next = scheduler.review(NEW_STATE, NOW, result);
      const card = expected[toRating(result)].card;
      expect(next).toEqual({
        state: card.state,
        due: card.due.toISOString(),
        stability: card.stability,
        difficulty: card.difficulty,
        elapsed_days: card.elapsed_days,
        scheduled_days: card.scheduled_days,
        learning_steps: card.learning_steps,
        repetitions: 1,
        lapses: 0,
        last_review: NOW.toISOString(),
      });
    }
  });

  it('uses the learning steps for new cards: Again 1m, Hard 6m, Good 10m, Easy days ahead', () => {
    const preview = new Scheduler(settings).preview(NEW_STATE, NOW);
    expect(preview['0'].interval).toBe('1m');
    expect(preview['1'].interval).toBe('6m');
    expect(preview['2'].interval).toBe('10m');
    expect(preview['3'].interval).toMatch(/^\d+d$/);
    expect(new Date(preview['3'].due).getTime()).toBeGreaterThan(NOW.getTime() + 86_400_000);
  });

  it("takes the learner's learning steps: Good moves to the next step, then graduates", () => {
    const scheduler = new Scheduler({ ...settings, learningSteps: '5m 30m 2h', relearningSteps: '15m' });
    expect(scheduler.preview(NEW_STATE, NOW)['0'].interval).toBe('5m');
    const first = scheduler.review(NEW_STATE, NOW, 2);
    expect(first).toMatchObject({ state: State.Learning, learning_steps: 1 });
    expect(Date.parse(first.due!) - NOW.getTime()).toBe(30 * 60_000);
    // Again goes back to the first step, Hard stays on the step it is on.
    const at = new Date(Date.parse(first.due!));
    expect(Date.parse(scheduler.review(first, at, 0).due!) - at.getTime()).toBe(5 * 60_000);
    const second = scheduler.review(first, at, 2);
    expect(second).toMatchObject({ state: State.Learning, learning_steps: 2 });
    expect(Date.parse(second.due!) - at.getTime()).toBe(2 * 3_600_000);
    const graduated = scheduler.review(second, new Date(Date.parse(second.due!)), 2);
    expect(graduated.state).toBe(State.Review);
    // A lapse relearns on the learner's relearning step.
    const later = new Date(Date.parse(graduated.due!));
    const lapse = scheduler.review(graduated, later, 0);
    expect(lapse.state).toBe(State.Relearning);
    expect(Date.parse(lapse.due!) - later.getTime()).toBe(15 * 60_000);
  });

  it('sends a forgotten card straight back to review without relearning steps', () => {
    const scheduler = new Scheduler({ ...settings, relearningSteps: '' });
    let card = scheduler.review(NEW_STATE, NOW, 3);
    const later = new Date(Date.parse(card.due!));
    card = scheduler.review(card, later, 0);
    expect(card.state).toBe(State.Review);
  });

  it('follows ts-fsrs through a history of reviews, lapses included', () => {
    const scheduler = new Scheduler(settings);
    const f = reference();
    let ours = NEW_STATE;
    let theirs = createEmptyCard(NOW);
    let now = NOW;
    for (const result of [2, 2, 3, 0, 2, 1, 2] as const) {
      ours = scheduler.review(ours, now, result);
      theirs = f.next(theirs, now, toRating(result)).card;
      expect(ours.due).toBe(theirs.due.toISOString());
      expect(ours.stability).toBeCloseTo(theirs.stability, 10);
      expect(ours.state).toBe(theirs.state);
      now = new Date(theirs.due.getTime() + 60_000);
    }
    expect(ours.lapses).toBe(1);
    expect(ours.repetitions).toBe(7);
  });

  it('gives shorter intervals when a higher retention is desired', () => {
    const review = {
      ...NEW_STATE,
      state: State.Review,
      due: NOW.toISOString(),
      stability: 20,
      difficulty: 5,
      repetitions: 5,
      scheduled_days: 20,
      last_review: new Date(NOW.getTime() - 20 * 86_400_000).toISOString(),
    };
    const relaxed = new Scheduler({ desiredRetention: 0.8, maximumInterval: 36500 }).review(review, NOW, 2);
    const strict = new Scheduler({ desiredRetention: 0.97, maximumInterval: 36500 }).review(review, NOW, 2);
    expect(strict.scheduled_days).toBeLessThan(relaxed.scheduled_days);
  });

  it('never schedules past the maximum interval', () => {
    const mature = {
      ...NEW_STATE,
      state: State.Review,
      due: NOW.toISOString(),
      stability: 5000,
      difficulty: 2,
      repetitions: 20,
      scheduled_days: 3000,
      last_review: new Date(NOW.getTime() - 3000 * 86_400_000).toISOString(),
    };
    const next = new Scheduler({ desiredRetention: 0.9, maximumInterval: 30 }).review(mature, NOW, 3);
    expect(next.scheduled_days).toBeLessThanOrEqual(30);
  });

  it('reports retrievability for studied cards only', () => {
    const scheduler = new Scheduler(settings);
    expect(scheduler.retrievability(NEW_STATE, NOW)).toBeNull();
    const learnt = scheduler.review(NEW_STATE, NOW, 3);
    const later = new Date(new Date(learnt.due!).getTime());
    const r = scheduler.retrievability(learnt, later)!;
    // At its due date a card sits near the desired retention.
    expect(r).toBeGreaterThan(0.85);
    expect(r).toBeLessThan(0.95);
  });
});

describe('a card as the study calls return it', () => {
  const scheduler = new Scheduler(settings);
  const learnt = scheduler.review(scheduler.review(NEW_STATE, NOW, 2), new Date(NOW.getTime() + 600_000), 3);
  const json: Pick<StudyCard, 'state' | 'due' | 'repetitions' | 'lapses' | 'memory'> = {
    state: 'review',
    due: learnt.due,
    repetitions: learnt.repetitions,
    lapses: learnt.lapses,
    memory: {
      stability: learnt.stability,
      difficulty: learnt.difficulty,
      elapsed_days: learnt.elapsed_days,
      scheduled_days: learnt.scheduled_days,
      learning_steps: learnt.learning_steps,
      last_review: learnt.last_review,
    },
  };

  it('gives back the scheduling row the server schedules it from', () => {
    expect(learnt.state).toBe(State.Review);
    expect(schedulingStateOf(json)).toEqual(learnt);
    expect(schedulingStateOf({ ...json, state: 'new' }).state).toBe(State.New);
    expect(schedulingStateOf({ ...json, state: 'relearning' }).state).toBe(State.Relearning);
  });

  it('previews and reviews from that row exactly as from the stored one, fuzz included', () => {
    const later = new Date(Date.parse(learnt.due!) + 3 * 86_400_000);
    expect(scheduler.preview(schedulingStateOf(json), later)).toEqual(scheduler.preview(learnt, later));
    for (const result of [0, 1, 2, 3] as const)
      expect(scheduler.review(schedulingStateOf(json), later, result)).toEqual(scheduler.review(learnt, later, result));
  });
});

describe('Scheduler.replay', () => {
  it('applies a history one rating after the other from a new card, giving each state before and after', () => {
    const scheduler = new Scheduler(settings);
    const history = [
      { at: NOW, result: 2 as const },
      { at: new Date(NOW.getTime() + 600_000), result: 2 as const },
      { at: new Date(NOW.getTime() + 3 * 86_400_000), result: 0 as const },
    ];
    const replayed = scheduler.replay(history);
    let state = NEW_STATE;
    history.forEach(({ at, result }, i) => {
      expect(replayed[i]!.before).toEqual(state);
      state = scheduler.review(state, at, result);
      expect(replayed[i]!.after).toEqual(state);
    });
    expect(scheduler.replay([])).toEqual([]);
  });
});

describe('formatInterval', () => {
  it.each([
    [30_000, '1m'],
    [10 * 60_000, '10m'],
    [59 * 60_000, '59m'],
    [3 * 3_600_000, '3h'],
    [3 * 86_400_000, '3d'],
    [45 * 86_400_000, '1.5mo'],
    [90 * 86_400_000, '3mo'],
    [438 * 86_400_000, '1.2y'],
  ])('%d ms reads %s', (ms, label) => {
    expect(formatInterval(ms)).toBe(label);
  });
});

// Studying with FSRS-6: the queues, one review (idempotent, safe under concurrency), undo,
// reset, settings, and the numbers behind stats, schedule and forecast.
//
// Concurrency: a review reads the card, computes the next state and writes it only if the
// card's sched_version is unchanged; otherwise it starts over on the fresh card. A retried
// request carries the same Idempotency-Key and gets the first answer back (the unique index on
// (user_id, idempotency_key) settles two copies racing each other).
import type { ReviewInput, StudySettingsInput, StudyStats } from '@flashcard/api-contract/schemas';
import { isUniqueViolation } from '../../db/errors';
import type { InTransaction } from '../../db/transaction';
import { reviewXp, XP_SOURCES } from '../../lib/experience';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { dayToDate } from '../../lib/local-time';
import { parseId } from '../../lib/params';
import { localDayNumber, toTimestamp } from '../../lib/time';
import type { ExperienceRepository } from '../experience';
import { countInOpenSession, SESSION_MESSAGES, type SessionsRepository } from '../sessions';
import type { StudyCardRow, StudyRepository, StudySettings } from './repository';
import {
  LEARN_AHEAD_MS,
  NEW_STATE,
  REVIEW_RESULTS,
  Scheduler,
  toResult,
  type ReviewResult,
  type SchedulingPreview,
  type SchedulingState,
} from './scheduler';

/** Spec 9: the new-card session takes the first 10 new cards. */
export const DEFAULT_NEW_LIMIT = 10;
export const MAX_NEW_LIMIT = 100;
/** Anki's default review limit per day: a session never holds more than this. */
export const DEFAULT_DUE_LIMIT = 200;
export const MAX_DUE_LIMIT = 1000;
/** Anki caps the time one answer counts at 60 s: a learner who walked away skews nothing. */
export const MAX_COUNTED_TIME_MS = 60_000;
const MAX_TIME_SPENT_MS = 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 5;
const MS_PER_DAY = 86_400_000;
// Local "today" began less than 48 hours ago in every time zone (offsets span UTC-12..UTC+14).
const TODAY_LOOKBACK_MS = 2 * MS_PER_DAY;
export const MAX_FORECAST_DAYS = 365;

export const LIMITS = {
  desiredRetention: [0.7, 0.99],
  maximumInterval: [1, 36500],
  newCardsPerDay: [0, 9999],
  // The settings slider's range (spec 5).
  dailyGoal: [5, 50],
} as const;

export const MESSAGES = {
  cardNotFound: 'Card not found',
  reviewNotFound: 'Review not found',
  resultInvalid: 'Result must be 0 (Again), 1 (Hard), 2 (Good) or 3 (Easy)',
  timeSpentInvalid: 'timeSpent must be a whole number of milliseconds, 0 or more',
  keyInvalid: 'Idempotency-Key must be 1-100 letters, digits, dashes or underscores',
  keyReused: 'This Idempotency-Key was already used for another review',
  busy: 'This card was changed by another request. Please try again.',
  notLatest: 'Only the latest review of a card can be undone',
  newLimitInvalid: `newLimit must be between 0 and ${MAX_NEW_LIMIT}`,
  limitInvalid: `limit must be between 1 and ${MAX_DUE_LIMIT}`,
  offsetInvalid: 'offset must be 0 or a positive integer',
  daysInvalid: `days must be between 1 and ${MAX_FORECAST_DAYS}`,
  desiredRetention: 'Desired retention must be between 0.70 and 0.99',
  maximumInterval: 'Maximum interval must be between 1 and 36500 days',
  newCardsPerDay: 'New cards per day must be between 0 and 9999',
  dailyGoal: 'Daily goal must be between 5 and 50',
} as const;

export interface StudyRepos {
  study: StudyRepository;
  sessions: SessionsRepository;
  experience: ExperienceRepository;
}

export interface StudyServiceDeps {
  repos: StudyRepos;
  inTransaction: InTransaction<StudyRepos>;
  /** Cards studied today and the goal, as the dashboard counts them. */
  dailyGoal: (userId: number, timeZone: string) => Promise<{ cardsStudied: number; dailyGoal: number }>;
  now: () => Date;
}

export interface StudyCard {
  card: StudyCardRow;
  preview: SchedulingPreview;
}

export interface ReviewQueue {
  dueCount: number;
  newCount: number;
  due: StudyCard[];
  new: StudyCard[];
  dailyGoal: { cardsStudied: number; dailyGoal: number };
}

export interface ReviewOutcome extends StudyCard {
  reviewId: number;
  xpEarned: number;
}

/** The numbers of GET /spaced-repetition/stats (the contract's shape). */
export type { StudyStats };

export interface ScheduledCard extends StudyCard {
  retrievability: number | null;
}

/** Thrown inside a transaction when the card changed under it: roll back and start over. */
class LostRace extends Error {}

/** Query text that must be an integer in [min, max]; `fallback` when absent. */
function intParam(value: string | undefined, fallback: number, min: number, max: number, message: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[0-9]{1,6}$/.test(value)) throw badRequest(message);
  const number = Number(value);
  if (number < min || number > max) throw badRequest(message);
  return number;
}

const RESULT_VALUES: readonly ReviewInput['result'][] = REVIEW_RESULTS;
const isReviewResult = (value: ReviewInput['result']): value is ReviewResult => RESULT_VALUES.includes(value);

function inRange(value: string | number | null, [min, max]: readonly [number, number], integer: boolean, message: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) throw badRequest(message);
  if (integer && !Number.isInteger(value)) throw badRequest(message);
  return value;
}

/**
 * The study settings with the given fields changed, each checked against its range (a 400 naming
 * the field otherwise). The one definition of these rules: /user/settings uses it too.
 */
export function applyStudySettings(current: StudySettings, input: StudySettingsInput): StudySettings {
  const next: StudySettings = { ...current };
  if (input.desiredRetention !== undefined) {
    next.desiredRetention = inRange(input.desiredRetention, LIMITS.desiredRetention, false, MESSAGES.desiredRetention);
  }
  if (input.maximumInterval !== undefined) {
    next.maximumInterval = inRange(input.maximumInterval, LIMITS.maximumInterval, true, MESSAGES.maximumInterval);
  }
  if (input.newCardsPerDay !== undefined) {
    next.newCardsPerDay = inRange(input.newCardsPerDay, LIMITS.newCardsPerDay, true, MESSAGES.newCardsPerDay);
  }
  if (input.dailyGoal !== undefined) {
    next.dailyGoal = inRange(input.dailyGoal, LIMITS.dailyGoal, true, MESSAGES.dailyGoal);
  }
  return next;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);

export class StudyService {
  constructor(private readonly deps: StudyServiceDeps) {}

  private async schedulerFor(userId: number): Promise<{ scheduler: Scheduler; settings: StudySettings }> {
    const settings = await this.deps.repos.study.settings(userId);
    return { scheduler: new Scheduler(settings), settings };
  }

  private withPreview(scheduler: Scheduler, card: StudyCardRow, now: Date): StudyCard {
    return { card, preview: scheduler.preview(card, now) };
  }

  private dueWindow(now: Date) {
    return { now: toTimestamp(now), learnAheadUntil: toTimestamp(new Date(now.getTime() + LEARN_AHEAD_MS)) };
  }

  /**
   * Due cards (learning ones within the learn-ahead window included) and the new cards the
   * daily allowance still admits, each with what every rating would schedule.
   */
  async queue(userId: number, timeZone: string, query: { newLimit?: string; limit?: string }): Promise<ReviewQueue> {
    const newLimit = intParam(query.newLimit, DEFAULT_NEW_LIMIT, 0, MAX_NEW_LIMIT, MESSAGES.newLimitInvalid);
    const dueLimit = intParam(query.limit, DEFAULT_DUE_LIMIT, 1, MAX_DUE_LIMIT, MESSAGES.limitInvalid);
    const { study } = this.deps.repos;
    const now = this.deps.now();
    const window = this.dueWindow(now);
    const today = localDayNumber(now, timeZone);
    const since = toTimestamp(new Date(now.getTime() - TODAY_LOOKBACK_MS));

    const [{ scheduler, settings }, dueCount, due, newTotal, introducedToday, dailyGoal] = await Promise.all([
      this.schedulerFor(userId),
      study.countDue(userId, window),
      study.dueCards(userId, window, dueLimit),
      study.countNew(userId),
      study.countFirstReviewsOn(userId, today, timeZone, since),
      this.deps.dailyGoal(userId, timeZone),
    ]);
    const newCount = Math.min(newTotal, Math.max(0, settings.newCardsPerDay - introducedToday));
    const fresh = newCount > 0 && newLimit > 0 ? await study.newCards(userId, Math.min(newLimit, newCount)) : [];
    return {
      dueCount,
      newCount,
      due: due.map((card) => this.withPreview(scheduler, card, now)),
      new: fresh.map((card) => this.withPreview(scheduler, card, now)),
      dailyGoal,
    };
  }

  /** The due-cards call of the spec: the due queue alone. */
  async dueCards(userId: number, query: { limit?: string }): Promise<StudyCard[]> {
    const limit = intParam(query.limit, DEFAULT_DUE_LIMIT, 1, MAX_DUE_LIMIT, MESSAGES.limitInvalid);
    const now = this.deps.now();
    const { scheduler } = await this.schedulerFor(userId);
    const cards = await this.deps.repos.study.dueCards(userId, this.dueWindow(now), limit);
    return cards.map((card) => this.withPreview(scheduler, card, now));
  }

  async review(userId: number, input: ReviewInput, idempotencyKey: string | undefined): Promise<ReviewOutcome> {
    const cardId = parseId(input.cardId);
    if (cardId === null) throw notFound(MESSAGES.cardNotFound);
    const { result, timeSpent } = input;
    if (!isReviewResult(result)) throw badRequest(MESSAGES.resultInvalid);
    if (typeof timeSpent !== 'number' || !Number.isInteger(timeSpent) || timeSpent < 0 || timeSpent > MAX_TIME_SPENT_MS) {
      throw badRequest(MESSAGES.timeSpentInvalid);
    }
    let sessionId: number | null = null;
    if (input.sessionId !== undefined && input.sessionId !== null) {
      sessionId = parseId(input.sessionId);
      if (sessionId === null) throw notFound(SESSION_MESSAGES.sessionNotFound);
    }
    if (idempotencyKey !== undefined && !/^[A-Za-z0-9_-]{1,100}$/.test(idempotencyKey)) {
      throw badRequest(MESSAGES.keyInvalid);
    }

    // The common case (a first submit) costs one read and four writes in one transaction; a
    // retried key is noticed by the unique index and answered from the stored review.
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        return await this.deps.inTransaction((repos) =>
          this.applyReview(repos, userId, { cardId, result, timeSpent, sessionId, idempotencyKey }),
        );
      } catch (error) {
        // Another request changed the card since it was read: start over on the fresh card.
        if (error instanceof LostRace) continue;
        if (!isUniqueViolation(error) || idempotencyKey === undefined) throw error;
        // This key's review is stored already (a retry, or a copy that won the race).
        const replay = await this.replay(userId, { cardId, result }, idempotencyKey);
        if (replay) return replay;
      }
    }
    throw conflict(MESSAGES.busy);
  }

  private async replay(
    userId: number,
    request: { cardId: number; result: ReviewResult },
    key: string,
  ): Promise<ReviewOutcome | null> {
    const { study, experience } = this.deps.repos;
    const log = await study.findLogByKey(userId, key);
    if (!log) return null;
    const { scheduler } = await this.schedulerFor(userId);
    const cardId = request.cardId;
    // A key names one request: reusing it for another card or rating is a client bug, not a retry.
    if (log.card_id !== cardId || toResult(log.rating) !== request.result) throw new HttpError(422, MESSAGES.keyReused);
    const card = await study.findCard(userId, cardId);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    return {
      ...this.withPreview(scheduler, card, this.deps.now()),
      reviewId: log.id,
      xpEarned: await experience.forReview(userId, log.id),
    };
  }

  private async applyReview(
    { study, sessions, experience }: StudyRepos,
    userId: number,
    input: { cardId: number; result: ReviewResult; timeSpent: number; sessionId: number | null; idempotencyKey?: string },
  ): Promise<ReviewOutcome> {
    const found = await study.findCardForReview(userId, input.cardId);
    if (!found) throw notFound(MESSAGES.cardNotFound);
    const { card } = found;
    const scheduler = new Scheduler(found.settings);

    const now = this.deps.now();
    const reviewedAt = toTimestamp(now);
    const next = scheduler.review(card, now, input.result);
    const version = card.sched_version + 1;
    if (!(await study.updateScheduling(userId, card.id, card.sched_version, next, version))) throw new LostRace();

    const reviewId = await study.insertLog({
      user_id: userId,
      card_id: card.id,
      session_id: input.sessionId,
      rating: input.result + 1,
      reviewed_at: reviewedAt,
      time_spent_ms: Math.min(input.timeSpent, MAX_COUNTED_TIME_MS),
      ...schedulingOf(card),
      sched_version: card.sched_version,
      state_after: next.state,
      due_after: next.due!,
      stability_after: next.stability,
      scheduled_days_after: next.scheduled_days,
      sched_version_after: version,
      idempotency_key: input.idempotencyKey ?? null,
    });
    const xpEarned = reviewXp(input.result);
    await experience.grant({
      user_id: userId,
      source: XP_SOURCES.review,
      amount: xpEarned,
      review_log_id: reviewId,
      session_id: input.sessionId,
      created_at: reviewedAt,
    });
    // Last: a missing or ended session refuses the review and rolls back everything above.
    if (input.sessionId !== null) await countInOpenSession(sessions, userId, input.sessionId, input.result > 0, reviewedAt);

    const updated: StudyCardRow = { ...card, ...next, sched_version: version };
    return { ...this.withPreview(scheduler, updated, now), reviewId, xpEarned };
  }

  /**
   * Puts the card back exactly as it was before review `reviewId`, deletes the review (and the
   * XP it earned) and takes it out of its session's counts. Only a card's latest review can be
   * undone, and only while nothing else (a reset, another review) has changed the card since.
   */
  async undo(userId: number, reviewIdInput: string | number): Promise<StudyCard> {
    const reviewId = parseId(reviewIdInput);
    if (reviewId === null) throw notFound(MESSAGES.reviewNotFound);
    const { scheduler } = await this.schedulerFor(userId);
    return this.deps.inTransaction(async ({ study, sessions }) => {
      const log = await study.findLog(userId, reviewId);
      if (!log) throw notFound(MESSAGES.reviewNotFound);
      const card = await study.findCard(userId, log.card_id);
      if (!card) throw notFound(MESSAGES.cardNotFound);
      const latest = await study.newestLogId(userId, card.id);
      if (latest !== log.id || card.sched_version !== log.sched_version_after) throw conflict(MESSAGES.notLatest);

      const before = schedulingOf(log);
      if (!(await study.updateScheduling(userId, card.id, card.sched_version, before, log.sched_version))) {
        throw conflict(MESSAGES.busy);
      }
      await study.deleteLog(userId, log.id);
      if (log.session_id !== null) await sessions.countCard(userId, log.session_id, toResult(log.rating) > 0, -1);
      return this.withPreview(scheduler, { ...card, ...before, sched_version: log.sched_version }, this.deps.now());
    });
  }

  /** Forgets a card's scheduling: it is new again. Its review history is kept. */
  async reset(userId: number, cardIdInput: string): Promise<StudyCard> {
    const cardId = parseId(cardIdInput);
    if (cardId === null) throw notFound(MESSAGES.cardNotFound);
    const { scheduler } = await this.schedulerFor(userId);
    const { study } = this.deps.repos;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const card = await study.findCard(userId, cardId);
      if (!card) throw notFound(MESSAGES.cardNotFound);
      const version = card.sched_version + 1;
      if (await study.updateScheduling(userId, cardId, card.sched_version, NEW_STATE, version)) {
        return this.withPreview(scheduler, { ...card, ...NEW_STATE, sched_version: version }, this.deps.now());
      }
    }
    throw conflict(MESSAGES.busy);
  }

  settings(userId: number): Promise<StudySettings> {
    return this.deps.repos.study.settings(userId);
  }

  /** Changes the fields given; the others keep their value. */
  async updateSettings(userId: number, input: StudySettingsInput): Promise<StudySettings> {
    const next = applyStudySettings(await this.deps.repos.study.settings(userId), input);
    await this.deps.repos.study.saveSettings(userId, next, toTimestamp(this.deps.now()));
    return next;
  }

  async stats(userId: number, timeZone: string): Promise<StudyStats> {
    const { study } = this.deps.repos;
    const now = this.deps.now();
    const monthAgo = toTimestamp(new Date(now.getTime() - 30 * MS_PER_DAY));
    const since = toTimestamp(new Date(now.getTime() - TODAY_LOOKBACK_MS));
    const [byState, dueNow, all, recent, today, settings] = await Promise.all([
      study.countByState(userId),
      study.countDue(userId, this.dueWindow(now)),
      study.reviewCounts(userId),
      study.reviewCounts(userId, monthAgo),
      study.countReviewsOn(userId, localDayNumber(now, timeZone), timeZone, since),
      study.settings(userId),
    ]);
    const [fresh, learning, review, relearning] = byState;
    return {
      cards: { total: fresh + learning + review + relearning, new: fresh, learning, review, relearning },
      dueNow,
      reviews: { total: all.total, today, last30Days: recent.total },
      retention: {
        overall: percent(all.recalled, all.ofReviewCards),
        last30Days: percent(recent.recalled, recent.ofReviewCards),
      },
      desiredRetention: settings.desiredRetention,
    };
  }

  async schedule(userId: number, query: { limit?: string; offset?: string }): Promise<ScheduledCard[]> {
    const limit = intParam(query.limit, 50, 1, MAX_DUE_LIMIT, MESSAGES.limitInvalid);
    const offset = intParam(query.offset, 0, 0, 999_999, MESSAGES.offsetInvalid);
    const now = this.deps.now();
    const { scheduler } = await this.schedulerFor(userId);
    const cards = await this.deps.repos.study.scheduledCards(userId, limit, offset);
    return cards.map((card) => ({ ...this.withPreview(scheduler, card, now), retrievability: scheduler.retrievability(card, now) }));
  }

  /** Cards falling due on each of the next `days` local days; today includes the overdue ones. */
  async forecast(userId: number, timeZone: string, query: { days?: string }): Promise<Array<{ date: string; due: number }>> {
    const days = intParam(query.days, 30, 1, MAX_FORECAST_DAYS, MESSAGES.daysInvalid);
    const now = this.deps.now();
    const today = localDayNumber(now, timeZone);
    // A little past the last local day in every zone; the day filter below is exact.
    const until = toTimestamp(new Date(now.getTime() + (days + 1) * MS_PER_DAY));
    const counts = new Array<number>(days).fill(0);
    for (const { day, count } of await this.deps.repos.study.dueCountsByDay(userId, timeZone, until)) {
      const index = Math.max(0, day - today);
      if (index < days) counts[index] = (counts[index] ?? 0) + count;
    }
    return counts.map((due, index) => ({ date: dayToDate(today + index), due }));
  }
}

/** The scheduling columns of a card row or of a review log's "before" state. */
function schedulingOf(source: SchedulingState): SchedulingState {
  return {
    state: source.state,
    due: source.due,
    stability: source.stability,
    difficulty: source.difficulty,
    elapsed_days: source.elapsed_days,
    scheduled_days: source.scheduled_days,
    learning_steps: source.learning_steps,
    repetitions: source.repetitions,
    lapses: source.lapses,
    last_review: source.last_review,
  };
}

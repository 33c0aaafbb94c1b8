// Studying with FSRS-6: the queues, one review (idempotent, safe under concurrency), undo,
// reset, settings, and the numbers behind stats, schedule and forecast.
//
// Concurrency: a review reads the card, computes the next state and writes it only if the
// card's sched_version is unchanged; otherwise it starts over on the fresh card. A retried
// request carries the same Idempotency-Key and gets the first answer back (the unique index on
// (user_id, idempotency_key) settles two copies racing each other).
import {
  cardAnswer,
  plainText,
  type CardAction,
  type CustomStudyQuery,
  type MultipleChoiceQuery,
  type ReviewInput,
  type StudySettingsInput,
  type StudyStats,
} from '@flashcard/api-contract/schemas';
import { isUniqueViolation } from '../../db/errors';
import type { InTransaction } from '../../db/transaction';
import { reviewXp, XP_SOURCES } from '../../lib/experience';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { dayRanges, dayStarts, dayToDate } from '../../lib/local-time';
import { notificationKey } from '../../lib/notification-text';
import { MAX_ID, parseId } from '../../lib/params';
import { localDayNumber, toTimestamp } from '../../lib/time';
import type { ExperienceRepository } from '../experience';
import type { NotificationsRepository } from '../notifications';
import { countInOpenSession, SESSION_MESSAGES, type SessionsRepository } from '../sessions';
import type { StudyCardRow, StudyRepository, StudyScope, StudySettings } from './repository';
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

/** The new-card session takes the first 10 new cards. */
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
/** Anki's default leech threshold: the 8th lapse makes a leech (and every 4th after it, again). */
export const LEECH_LAPSES = 8;
export const MAX_AHEAD_DAYS = 30;
export const MAX_CUSTOM_LIMIT = 500;
export const MAX_CHOICE_QUESTIONS = 50;
// Cards read to draw multiple-choice answers from: plenty of distinct answers, bounded work.
const ANSWER_POOL = 500;

export const LIMITS = {
  desiredRetention: [0.7, 0.99],
  maximumInterval: [1, 36500],
  newCardsPerDay: [0, 9999],
  // The settings page's daily-goal slider goes from 5 to 50.
  dailyGoal: [5, 50],
} as const;

export const MESSAGES = {
  cardNotFound: 'Card not found',
  reviewNotFound: 'Review not found',
  resultInvalid: 'Result must be 0 (Again), 1 (Hard), 2 (Good) or 3 (Easy)',
  timeSpentInvalid: 'timeSpent must be a whole number of milliseconds, 0 or more',
  keyInvalid: 'Idempotency-Key must be 1-100 letters, digits, dashes or underscores',
  keyReused: 'This Idempotency-Key was already used for another review',
  keyUndone: 'This review was undone; a retry does not store it again',
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
  setNotFound: 'Set not found',
  setInvalid: 'set must be a set id',
  modeInvalid: 'mode must be cram or ahead',
  aheadDaysInvalid: `days must be between 1 and ${MAX_AHEAD_DAYS}`,
  customLimitInvalid: `limit must be between 1 and ${MAX_CUSTOM_LIMIT}`,
  choiceLimitInvalid: `limit must be between 1 and ${MAX_CHOICE_QUESTIONS}`,
  choicesInvalid: 'choices must be between 2 and 6',
  tooFewAnswers: 'Multiple choice needs at least two cards with different answers here',
  leechTitle: 'Leech card suspended',
  leechMessage: 'A card you keep forgetting was suspended and tagged leech: rewrite it, then unsuspend it.',
} as const;

export interface StudyRepos {
  study: StudyRepository;
  sessions: SessionsRepository;
  experience: ExperienceRepository;
  notifications: NotificationsRepository;
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
  /** This review made the card a leech: it is suspended now. */
  leech: boolean;
}

export interface ChoiceQuestion {
  question: StudyCard;
  choices: string[];
  correct: number;
}

/** Fisher-Yates, in place. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A leech at the 8th lapse, and again at every 4th after it (the card came back and still fails). */
export const becomesLeech = (lapsesBefore: number, lapsesAfter: number) =>
  lapsesAfter > lapsesBefore && lapsesAfter >= LEECH_LAPSES && (lapsesAfter - LEECH_LAPSES) % (LEECH_LAPSES / 2) === 0;

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

/** The scope query (`set`, `tag`) as the repository takes it; blank values mean absent. */
function parseScope(query: { set?: string; tag?: string }): StudyScope {
  const scope: StudyScope = {};
  if (query.set !== undefined && query.set.trim() !== '') {
    const id = /^[0-9]{1,10}$/.test(query.set.trim()) ? Number(query.set.trim()) : NaN;
    if (!(id >= 1 && id <= MAX_ID)) throw badRequest(MESSAGES.setInvalid);
    scope.categoryId = id;
  }
  const tag = query.tag?.trim();
  if (tag) scope.tag = tag;
  return scope;
}

const RESULT_VALUES: readonly ReviewInput['result'][] = REVIEW_RESULTS;
const isReviewResult = (value: ReviewInput['result']): value is ReviewResult => RESULT_VALUES.includes(value);

function inRange(
  value: string | number | null,
  [min, max]: readonly [number, number],
  integer: boolean,
  message: string,
): number {
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
    const [settings, parameters] = await Promise.all([
      this.deps.repos.study.settings(userId),
      this.deps.repos.study.activeParameters(userId),
    ]);
    return { scheduler: new Scheduler({ ...settings, parameters }), settings };
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
  async queue(
    userId: number,
    timeZone: string,
    query: { newLimit?: string; limit?: string; set?: string; tag?: string },
  ): Promise<ReviewQueue> {
    const newLimit = intParam(query.newLimit, DEFAULT_NEW_LIMIT, 0, MAX_NEW_LIMIT, MESSAGES.newLimitInvalid);
    const dueLimit = intParam(query.limit, DEFAULT_DUE_LIMIT, 1, MAX_DUE_LIMIT, MESSAGES.limitInvalid);
    const scope = await this.checkedScope(userId, query);
    const { study } = this.deps.repos;
    const now = this.deps.now();
    const window = this.dueWindow(now);
    const today = localDayNumber(now, timeZone);
    const since = toTimestamp(new Date(now.getTime() - TODAY_LOOKBACK_MS));

    const [{ scheduler, settings }, { due: dueCount, fresh: newTotal }, due, introducedToday, dailyGoal] =
      await Promise.all([
        this.schedulerFor(userId),
        study.queueCounts(userId, window, scope),
        study.dueCards(userId, window, dueLimit, scope),
        study.countFirstReviewsOn(userId, today, timeZone, since),
        this.deps.dailyGoal(userId, timeZone),
      ]);
    const newCount = Math.min(newTotal, Math.max(0, settings.newCardsPerDay - introducedToday));
    const fresh =
      newCount > 0 && newLimit > 0 ? await study.newCards(userId, window.now, Math.min(newLimit, newCount), scope) : [];
    return {
      dueCount,
      newCount,
      due: due.map((card) => this.withPreview(scheduler, card, now)),
      new: fresh.map((card) => this.withPreview(scheduler, card, now)),
      dailyGoal,
    };
  }

  /** The scope of a query, its set checked to be the learner's (404 otherwise). */
  private async checkedScope(userId: number, query: { set?: string; tag?: string }): Promise<StudyScope> {
    const scope = parseScope(query);
    if (scope.categoryId !== undefined && !(await this.deps.repos.study.setExists(userId, scope.categoryId))) {
      throw notFound(MESSAGES.setNotFound);
    }
    return scope;
  }

  /** Custom study: cram the scope, or the cards due in the next `days` days; nothing is rescheduled. */
  async custom(userId: number, query: CustomStudyQuery): Promise<StudyCard[]> {
    const mode = query.mode.trim().toLowerCase();
    if (mode !== 'cram' && mode !== 'ahead') throw badRequest(MESSAGES.modeInvalid);
    const limit = intParam(query.limit, 100, 1, MAX_CUSTOM_LIMIT, MESSAGES.customLimitInvalid);
    const days = intParam(query.days, 7, 1, MAX_AHEAD_DAYS, MESSAGES.aheadDaysInvalid);
    const scope = await this.checkedScope(userId, query);
    const now = this.deps.now();
    const { scheduler } = await this.schedulerFor(userId);
    const { study } = this.deps.repos;
    const cards =
      mode === 'cram'
        ? await study.cramCards(userId, scope, limit)
        : await study.aheadCards(
            userId,
            scope,
            toTimestamp(now),
            toTimestamp(new Date(now.getTime() + days * MS_PER_DAY)),
            limit,
          );
    return cards.map((card) => this.withPreview(scheduler, card, now));
  }

  /**
   * Practice questions: sampled cards of the scope, each with its answer among answers of other
   * cards of the same scope (different words, so no two choices read alike), shuffled.
   */
  async multipleChoice(userId: number, query: MultipleChoiceQuery): Promise<ChoiceQuestion[]> {
    const limit = intParam(query.limit, 10, 1, MAX_CHOICE_QUESTIONS, MESSAGES.choiceLimitInvalid);
    const choiceCount = intParam(query.choices, 4, 2, 6, MESSAGES.choicesInvalid);
    const scope = await this.checkedScope(userId, query);
    const { study } = this.deps.repos;
    const [cards, pool, { scheduler }] = await Promise.all([
      study.sampleCards(userId, scope, limit),
      study.answerPool(userId, scope, ANSWER_POOL),
      this.schedulerFor(userId),
    ]);
    // One answer per distinct wording.
    const answers = new Map<string, string>();
    for (const card of pool) {
      const answer = cardAnswer(card);
      const key = plainText(answer).toLowerCase();
      if (key && !answers.has(key)) answers.set(key, answer);
    }
    if (answers.size < 2) throw new HttpError(422, MESSAGES.tooFewAnswers);
    const now = this.deps.now();
    return cards.map((card) => {
      const answer = cardAnswer(card);
      const key = plainText(answer).toLowerCase();
      const others = shuffle([...answers].filter(([other]) => other !== key).map(([, text]) => text));
      const choices = shuffle([answer, ...others.slice(0, choiceCount - 1)]);
      return { question: this.withPreview(scheduler, card, now), choices, correct: choices.indexOf(answer) };
    });
  }

  /** suspend / unsuspend; bury until the learner's next local day / unbury. */
  async cardAction(userId: number, timeZone: string, cardIdInput: string, action: CardAction): Promise<StudyCard> {
    const cardId = parseId(cardIdInput);
    if (cardId === null) throw notFound(MESSAGES.cardNotFound);
    const now = this.deps.now();
    let flags: { suspended?: boolean; buried_until?: string | null };
    if (action === 'suspend' || action === 'unsuspend') flags = { suspended: action === 'suspend' };
    else if (action === 'unbury') flags = { buried_until: null };
    else {
      const tomorrow = localDayNumber(now, timeZone) + 1;
      flags = { buried_until: toTimestamp(new Date(dayStarts(timeZone, tomorrow, tomorrow)[0]!)) };
    }
    const { study } = this.deps.repos;
    if (!(await study.setCardFlags(userId, cardId, flags, toTimestamp(now)))) throw notFound(MESSAGES.cardNotFound);
    const [{ scheduler }, card] = await Promise.all([this.schedulerFor(userId), study.findCard(userId, cardId)]);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    return this.withPreview(scheduler, card, now);
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
    if (
      typeof timeSpent !== 'number' ||
      !Number.isInteger(timeSpent) ||
      timeSpent < 0 ||
      timeSpent > MAX_TIME_SPENT_MS
    ) {
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
      // The first answer said so; the retry finds the card suspended either way.
      leech: Boolean(card.suspended) && becomesLeech(log.lapses, card.lapses),
    };
  }

  private async applyReview(
    { study, sessions, experience, notifications }: StudyRepos,
    userId: number,
    input: {
      cardId: number;
      result: ReviewResult;
      timeSpent: number;
      sessionId: number | null;
      idempotencyKey?: string;
    },
  ): Promise<ReviewOutcome> {
    // A key names one request for good: once its review was undone, a late retry is refused.
    if (input.idempotencyKey !== undefined && (await study.isUndoneKey(userId, input.idempotencyKey))) {
      throw conflict(MESSAGES.keyUndone);
    }
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
    if (input.sessionId !== null)
      await countInOpenSession(sessions, userId, input.sessionId, input.result > 0, reviewedAt);

    let updated: StudyCardRow = { ...card, ...next, sched_version: version };
    // A card forgotten again and again costs more time than it teaches: Anki suspends it as a
    // leech and tells the learner to rewrite it.
    const leech = becomesLeech(card.lapses, next.lapses);
    if (leech) {
      const tags = await study.markLeech(userId, card, reviewedAt);
      updated = { ...updated, tags, suspended: true };
      await notifications.create({
        user_id: userId,
        ...notificationKey('leech', {}),
        title: MESSAGES.leechTitle,
        message: MESSAGES.leechMessage,
        dedupe_key: `leech:${card.id}:${next.lapses}`,
        created_at: reviewedAt,
      });
    }
    return { ...this.withPreview(scheduler, updated, now), reviewId, xpEarned, leech };
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
      await study.deleteLog(userId, log);
      if (log.idempotency_key !== null)
        await study.rememberUndoneKey(userId, log.idempotency_key, toTimestamp(this.deps.now()));
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
    return cards.map((card) => ({
      ...this.withPreview(scheduler, card, now),
      retrievability: scheduler.retrievability(card, now),
    }));
  }

  /** Cards falling due on each of the next `days` local days; today includes the overdue ones. */
  async forecast(
    userId: number,
    timeZone: string,
    query: { days?: string },
  ): Promise<Array<{ date: string; due: number }>> {
    const days = intParam(query.days, 30, 1, MAX_FORECAST_DAYS, MESSAGES.daysInvalid);
    const today = localDayNumber(this.deps.now(), timeZone);
    const ranges = dayRanges(timeZone, today, today + days - 1);
    // Overdue cards count for today: its range starts before every timestamp.
    const counted = [{ ...ranges[0]!, start: '' }, ...ranges.slice(1)];
    const counts = new Array<number>(days).fill(0);
    for (const { day, count } of await this.deps.repos.study.dueCountsByDay(userId, counted))
      counts[day - today] = count;
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

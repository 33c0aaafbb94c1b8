// Changing one card's schedule: a review (idempotent, safe under concurrency) with its XP, its
// session's counts and the leech rule, undo, reset, and suspend / bury.
//
// Concurrency: a review reads the card, computes the next state and writes it only if the
// card's sched_version is unchanged; otherwise it starts over on the fresh card. A retried
// request carries the same Idempotency-Key and gets the first answer back (the unique index on
// (user_id, idempotency_key) settles two copies racing each other).
import { REVIEW_RESULTS, type CardAction, type ReviewInput, type ReviewResult } from '@flashcard/api-contract/schemas';
import { isUniqueViolation } from '../../db/errors';
import type { InTransaction } from '../../db/transaction';
import { reviewXp, XP_SOURCES } from '../../lib/experience';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { dayStarts } from '../../lib/local-time';
import { notificationKey } from '../../lib/notification-text';
import { parseId } from '../../lib/params';
import { localDayNumber, toTimestamp } from '../../lib/time';
import type { ExperienceRepository } from '../experience';
import type { NotificationsRepository } from '../notifications';
import { countInOpenSession, SESSION_MESSAGES, type SessionsRepository } from '../sessions';
import type { StudyCardRow } from './card-rows';
import { LEECH_LAPSES, MAX_ATTEMPTS, MAX_COUNTED_TIME_MS, MAX_TIME_SPENT_MS, MESSAGES } from './limits';
import type { ReviewRepository } from './review-repository';
import { NEW_STATE, Scheduler, toResult, type SchedulingState } from './scheduler';
import type { SchedulerSettingsRepository } from './settings-repository';
import { schedulerFor, withPreview, type StudyCard } from './study-card';

/** What a review writes to, in one transaction. */
export interface ReviewRepos {
  reviews: ReviewRepository;
  sessions: SessionsRepository;
  experience: ExperienceRepository;
  notifications: NotificationsRepository;
}

export interface ReviewServiceDeps {
  repos: ReviewRepos;
  inTransaction: InTransaction<ReviewRepos>;
  settings: SchedulerSettingsRepository;
  now: () => Date;
}

export interface ReviewOutcome extends StudyCard {
  reviewId: number;
  xpEarned: number;
  /** This review made the card a leech: it is suspended now. */
  leech: boolean;
}

/** A leech at the 8th lapse, and again at every 4th after it (the card came back and still fails). */
export const becomesLeech = (lapsesBefore: number, lapsesAfter: number) =>
  lapsesAfter > lapsesBefore && lapsesAfter >= LEECH_LAPSES && (lapsesAfter - LEECH_LAPSES) % (LEECH_LAPSES / 2) === 0;

/** Thrown inside a transaction when the card changed under it: roll back and start over. */
class LostRace extends Error {}

const RESULT_VALUES: readonly ReviewInput['result'][] = REVIEW_RESULTS;
const isReviewResult = (value: ReviewInput['result']): value is ReviewResult => RESULT_VALUES.includes(value);

export class ReviewService {
  constructor(private readonly deps: ReviewServiceDeps) {}

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
    const { reviews, experience } = this.deps.repos;
    const log = await reviews.findLogByKey(userId, key);
    if (!log) return null;
    const { scheduler } = await schedulerFor(this.deps.settings, userId);
    const cardId = request.cardId;
    // A key names one request: reusing it for another card or rating is a client bug, not a retry.
    if (log.card_id !== cardId || toResult(log.rating) !== request.result) throw new HttpError(422, MESSAGES.keyReused);
    const card = await reviews.findCard(userId, cardId);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    return {
      ...withPreview(scheduler, card, this.deps.now()),
      reviewId: log.id,
      xpEarned: await experience.forReview(userId, log.id),
      // The first answer said so; the retry finds the card suspended either way.
      leech: Boolean(card.suspended) && becomesLeech(log.lapses, card.lapses),
    };
  }

  private async applyReview(
    { reviews, sessions, experience, notifications }: ReviewRepos,
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
    if (input.idempotencyKey !== undefined && (await reviews.isUndoneKey(userId, input.idempotencyKey))) {
      throw conflict(MESSAGES.keyUndone);
    }
    const found = await reviews.findCardForReview(userId, input.cardId);
    if (!found) throw notFound(MESSAGES.cardNotFound);
    const { card } = found;
    const scheduler = new Scheduler(found.settings);

    const now = this.deps.now();
    const reviewedAt = toTimestamp(now);
    const next = scheduler.review(card, now, input.result);
    const version = card.sched_version + 1;
    if (!(await reviews.updateScheduling(userId, card.id, card.sched_version, next, version))) throw new LostRace();

    const reviewId = await reviews.insertLog({
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
      const tags = await reviews.markLeech(userId, card, reviewedAt);
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
    return { ...withPreview(scheduler, updated, now), reviewId, xpEarned, leech };
  }

  /**
   * Puts the card back exactly as it was before review `reviewId`, deletes the review (and the
   * XP it earned) and takes it out of its session's counts. Only a card's latest review can be
   * undone, and only while nothing else (a reset, another review) has changed the card since.
   */
  async undo(userId: number, reviewIdInput: string | number): Promise<StudyCard> {
    const reviewId = parseId(reviewIdInput);
    if (reviewId === null) throw notFound(MESSAGES.reviewNotFound);
    const { scheduler } = await schedulerFor(this.deps.settings, userId);
    return this.deps.inTransaction(async ({ reviews, sessions }) => {
      const log = await reviews.findLog(userId, reviewId);
      if (!log) throw notFound(MESSAGES.reviewNotFound);
      const card = await reviews.findCard(userId, log.card_id);
      if (!card) throw notFound(MESSAGES.cardNotFound);
      const latest = await reviews.newestLogId(userId, card.id);
      if (latest !== log.id || card.sched_version !== log.sched_version_after) throw conflict(MESSAGES.notLatest);

      const before = schedulingOf(log);
      if (!(await reviews.updateScheduling(userId, card.id, card.sched_version, before, log.sched_version))) {
        throw conflict(MESSAGES.busy);
      }
      await reviews.deleteLog(userId, log);
      if (log.idempotency_key !== null)
        await reviews.rememberUndoneKey(userId, log.idempotency_key, toTimestamp(this.deps.now()));
      if (log.session_id !== null) await sessions.countCard(userId, log.session_id, toResult(log.rating) > 0, -1);
      return withPreview(scheduler, { ...card, ...before, sched_version: log.sched_version }, this.deps.now());
    });
  }

  /** Forgets a card's scheduling: it is new again. Its review history is kept. */
  async reset(userId: number, cardIdInput: string): Promise<StudyCard> {
    const cardId = parseId(cardIdInput);
    if (cardId === null) throw notFound(MESSAGES.cardNotFound);
    const { scheduler } = await schedulerFor(this.deps.settings, userId);
    const { reviews } = this.deps.repos;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const card = await reviews.findCard(userId, cardId);
      if (!card) throw notFound(MESSAGES.cardNotFound);
      const version = card.sched_version + 1;
      if (await reviews.updateScheduling(userId, cardId, card.sched_version, NEW_STATE, version)) {
        return withPreview(scheduler, { ...card, ...NEW_STATE, sched_version: version }, this.deps.now());
      }
    }
    throw conflict(MESSAGES.busy);
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
    const { reviews } = this.deps.repos;
    if (!(await reviews.setCardFlags(userId, cardId, flags, toTimestamp(now)))) throw notFound(MESSAGES.cardNotFound);
    const [{ scheduler }, card] = await Promise.all([
      schedulerFor(this.deps.settings, userId),
      reviews.findCard(userId, cardId),
    ]);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    return withPreview(scheduler, card, now);
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

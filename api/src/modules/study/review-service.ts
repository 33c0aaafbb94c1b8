// Changing one card's schedule: a review (idempotent, safe under concurrency, made now or
// offline earlier) with its XP, its session's counts and the leech rule, undo, reset, and
// suspend / bury.
//
// Concurrency: a review reads the card, computes the next state and writes it only if the
// card's sched_version is unchanged; otherwise it starts over on the fresh card. A retried
// request carries the same Idempotency-Key and gets the first answer back (the unique index on
// (user_id, idempotency_key) settles two copies racing each other).
//
// Time: a review counts at its `reviewedAt` (a review made offline is sent later). One earlier
// than the card's newest review (another device sent a later one first) goes into the history in
// its place, and the card's schedule becomes that history replayed in time order (history.ts).
import { NEW_STATE, Scheduler, toResult, type SchedulingState } from '@flashcard/api-contract/scheduler';
import {
  OFFLINE_REVIEW_CLOCK_SKEW_MS,
  OFFLINE_REVIEW_MAX_AGE_DAYS,
  REVIEW_RESULTS,
  type CardAction,
  type ReviewInput,
  type ReviewResult,
} from '@flashcard/api-contract/schemas';
import { isUniqueViolation } from '../../db/errors';
import type { ReviewLogRow } from '../../db/schema';
import type { InTransaction } from '../../db/transaction';
import { reviewXp, XP_SOURCES } from '../../lib/experience';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { dayRanges, dayStarts } from '../../lib/local-time';
import { notificationKey } from '../../lib/notification-text';
import { parseId } from '../../lib/params';
import { localDayNumber, MS_PER_DAY, parseInstant, toTimestamp } from '../../lib/time';
import type { ExperienceRepository } from '../experience';
import type { NotificationsRepository } from '../notifications';
import { countInOpenSession, SESSION_MESSAGES, type SessionsRepository } from '../sessions';
import { STATE_NEW, type StudyCardRow } from './card-rows';
import { byTime, replayRun, type ReplayedRun } from './history';
import { balanceDue, type RandomSource } from './load-balancer';
import type { DueLoadRepository } from './load-repository';
import { LEECH_LAPSES, MAX_ATTEMPTS, MAX_COUNTED_TIME_MS, MAX_TIME_SPENT_MS, MESSAGES } from './limits';
import { afterColumns, type ReviewRepository } from './review-repository';
import { withPreview, type StudyCard } from './study-card';

/** What a review writes to, in one transaction. */
export interface ReviewRepos {
  reviews: ReviewRepository;
  sessions: SessionsRepository;
  experience: ExperienceRepository;
  notifications: NotificationsRepository;
  load: DueLoadRepository;
}

export interface ReviewServiceDeps {
  repos: ReviewRepos;
  inTransaction: InTransaction<ReviewRepos>;
  now: () => Date;
  /** The load balancer's draws (Math.random unless a test pins them). */
  random?: RandomSource;
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

const TOO_OLD = Symbol('older than OFFLINE_REVIEW_MAX_AGE_DAYS');

/**
 * When a review was made, from its `reviewedAt`: null for now (absent or null, or ahead of the
 * server's clock within the skew: a review stored in the future would come after the reviews
 * really made next), TOO_OLD past the age limit; 400 for anything but an ISO 8601 instant or one
 * further ahead.
 */
function reviewTime(value: ReviewInput['reviewedAt'], now: Date): Date | null | typeof TOO_OLD {
  if (value === undefined || value === null) return null;
  const at = typeof value === 'string' ? parseInstant(value) : null;
  if (at === null) throw badRequest(MESSAGES.reviewedAtInvalid);
  if (at.getTime() > now.getTime() + OFFLINE_REVIEW_CLOCK_SKEW_MS) throw badRequest(MESSAGES.reviewedAtFuture);
  if (at.getTime() > now.getTime()) return null;
  return at.getTime() < now.getTime() - OFFLINE_REVIEW_MAX_AGE_DAYS * MS_PER_DAY ? TOO_OLD : at;
}

/** When the learner's next local day begins: until when a card is buried. */
function nextDayStart(now: Date, timeZone: string): string {
  const tomorrow = localDayNumber(now, timeZone) + 1;
  return toTimestamp(new Date(dayStarts(timeZone, tomorrow, tomorrow)[0]!));
}

const RESULT_VALUES: readonly ReviewInput['result'][] = REVIEW_RESULTS;
const isReviewResult = (value: ReviewInput['result']): value is ReviewResult => RESULT_VALUES.includes(value);

export class ReviewService {
  constructor(private readonly deps: ReviewServiceDeps) {}

  async review(
    userId: number,
    timeZone: string,
    input: ReviewInput,
    idempotencyKey: string | undefined,
  ): Promise<ReviewOutcome> {
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
    const reviewedAt = reviewTime(input.reviewedAt, this.deps.now());
    if (reviewedAt === TOO_OLD) {
      // A retry of a review stored while it was recent still gets its first answer.
      const stored = idempotencyKey && (await this.storedAnswer(userId, { cardId, result }, idempotencyKey));
      if (stored) return stored;
      throw badRequest(MESSAGES.reviewedAtTooOld);
    }

    // A review made today buries the note's other cards until the learner's next local day.
    const now = this.deps.now();
    const today = localDayNumber(now, timeZone);
    const buryUntil = localDayNumber(reviewedAt ?? now, timeZone) === today ? nextDayStart(now, timeZone) : null;

    // The common case (a first submit) costs one read and four writes in one transaction; a
    // retried key is noticed by the unique index and answered from the stored review.
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        return await this.deps.inTransaction((repos) =>
          this.applyReview(repos, userId, {
            cardId,
            result,
            timeSpent,
            sessionId,
            idempotencyKey,
            reviewedAt,
            buryUntil,
            timeZone,
          }),
        );
      } catch (error) {
        // Another request changed the card since it was read: start over on the fresh card.
        if (error instanceof LostRace) continue;
        if (!isUniqueViolation(error) || idempotencyKey === undefined) throw error;
        // This key's review is stored already (a retry, or a copy that won the race).
        const stored = await this.storedAnswer(userId, { cardId, result }, idempotencyKey);
        if (stored) return stored;
      }
    }
    throw conflict(MESSAGES.busy);
  }

  /** The first answer to the review stored under `key`; null when none is. */
  private async storedAnswer(
    userId: number,
    request: { cardId: number; result: ReviewResult },
    key: string,
  ): Promise<ReviewOutcome | null> {
    const { reviews, experience } = this.deps.repos;
    const log = await reviews.findLogByKey(userId, key);
    if (!log) return null;
    const cardId = request.cardId;
    // A key names one request: reusing it for another card or rating is a client bug, not a retry.
    if (log.card_id !== cardId || toResult(log.rating) !== request.result) throw new HttpError(422, MESSAGES.keyReused);
    const found = await reviews.findCardWithSettings(userId, cardId);
    if (!found) throw notFound(MESSAGES.cardNotFound);
    const { card } = found;
    const scheduler = new Scheduler(found.settings);
    return {
      ...withPreview(scheduler, card, this.deps.now()),
      reviewId: log.id,
      xpEarned: await experience.forReview(userId, log.id),
      // The first answer said so; the retry finds the card suspended either way.
      leech: Boolean(card.suspended) && becomesLeech(log.lapses, card.lapses),
    };
  }

  private async applyReview(
    { reviews, sessions, experience, notifications, load }: ReviewRepos,
    userId: number,
    input: {
      cardId: number;
      result: ReviewResult;
      timeSpent: number;
      sessionId: number | null;
      idempotencyKey?: string;
      /** When the learner rated the card; null: now. */
      reviewedAt: Date | null;
      /** Until when the card's siblings are buried; null: not buried (a review of an earlier day). */
      buryUntil: string | null;
      timeZone: string;
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
    // Not before the card existed (a card made offline, then reviewed on a clock behind ours),
    // nor after now (another instance's clock, a little ahead, wrote its creation).
    const at = new Date(
      Math.min(Math.max((input.reviewedAt ?? now).getTime(), Date.parse(card.created_at)), now.getTime()),
    );
    const reviewedAt = toTimestamp(at);
    const rating = input.result + 1;
    const version = card.sched_version + 1;
    // In time order (the common case) the review applies to the card as it is. Earlier than the
    // card's newest review, it takes its place in the history, which is replayed.
    let states: { before: SchedulingState; after: SchedulingState };
    let next: SchedulingState;
    let replayed: { history: ReviewLogRow[]; run: ReplayedRun } | null = null;
    if (found.newestReview === null || reviewedAt >= found.newestReview) {
      // A review in time order may move its due date to a lighter day of its fuzz range.
      next = await balanceDue({
        scheduler,
        before: schedulingOf(card),
        next: scheduler.review(card, at, input.result),
        at,
        result: input.result,
        timeZone: input.timeZone,
        dueCounts: (ranges) => load.dueCounts(userId, ranges),
        random: this.deps.random ?? Math.random,
      });
      states = { before: schedulingOf(card), after: next };
    } else {
      const history = await reviews.historyOf(userId, card.id);
      const run = replayRun(scheduler, history, { add: { reviewedAt, rating } });
      states = run.reviews.find((review) => review.id === null)!;
      next = scheduleAfter(run, card);
      replayed = { history, run };
    }
    if (!(await reviews.updateScheduling(userId, card.id, card.sched_version, next, version))) throw new LostRace();

    const reviewId = await reviews.insertLog({
      user_id: userId,
      card_id: card.id,
      session_id: input.sessionId,
      rating,
      reviewed_at: reviewedAt,
      time_spent_ms: Math.min(input.timeSpent, MAX_COUNTED_TIME_MS),
      ...states.before,
      ...afterColumns(states.after),
      sched_version: card.sched_version,
      sched_version_after: version,
      idempotency_key: input.idempotencyKey ?? null,
    });
    if (replayed) await rewriteHistory(reviews, userId, replayed.history, replayed.run);
    if (input.buryUntil !== null) await reviews.burySiblings(userId, card, input.buryUntil);
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
      await countInOpenSession(sessions, userId, input.sessionId, card.id, input.result > 0, reviewedAt);

    let updated: StudyCardRow = { ...card, ...next, sched_version: version };
    // A card forgotten again and again costs more time than it teaches: Anki suspends it as a
    // leech and tells the learner to rewrite it. Only the lapses this review adds count: a
    // replayed history never suspends again a leech the learner took back.
    const leech = becomesLeech(card.lapses, next.lapses);
    if (leech) {
      const tags = await reviews.markLeech(userId, card, toTimestamp(now));
      updated = { ...updated, tags, suspended: true };
      await notifications.create({
        user_id: userId,
        ...notificationKey('leech', {}),
        title: MESSAGES.leechTitle,
        message: MESSAGES.leechMessage,
        dedupe_key: `leech:${card.id}:${next.lapses}`,
        created_at: toTimestamp(now),
      });
    }
    return { ...withPreview(scheduler, updated, now), reviewId, xpEarned, leech };
  }

  /**
   * Takes back review `reviewId`: deletes it (and the XP it earned), takes it out of its
   * session's counts and puts the card back as it was before it (its log's state before), or,
   * when it was made before a review sent earlier, as the rest of its history replayed. Only the
   * latest review sent for a card can be undone, and only while nothing else (a reset, another
   * review) has changed the card since. The note's other cards it buried come back.
   */
  async undo(userId: number, reviewIdInput: string | number, timeZone = 'UTC'): Promise<StudyCard> {
    const reviewId = parseId(reviewIdInput);
    if (reviewId === null) throw notFound(MESSAGES.reviewNotFound);
    return this.deps.inTransaction(async ({ reviews, sessions }) => {
      const log = await reviews.findLog(userId, reviewId);
      if (!log) throw notFound(MESSAGES.reviewNotFound);
      // The card's set's preset replays its history, as its reviews were scheduled.
      const found = await reviews.findCardWithSettings(userId, log.card_id);
      if (!found) throw notFound(MESSAGES.cardNotFound);
      const { card } = found;
      const scheduler = new Scheduler(found.settings);
      const latest = await reviews.newestLogId(userId, card.id);
      if (latest !== log.id || card.sched_version !== log.sched_version_after) throw conflict(MESSAGES.notLatest);

      const history = await reviews.historyOf(userId, card.id);
      const newestInTime = history.toSorted(byTime).at(-1)!.id === log.id;
      const run = newestInTime ? null : replayRun(scheduler, history, { remove: log.id });
      const before = run ? scheduleAfter(run, card) : schedulingOf(log);
      if (!(await reviews.updateScheduling(userId, card.id, card.sched_version, before, log.sched_version))) {
        throw conflict(MESSAGES.busy);
      }
      await reviews.deleteLog(userId, log);
      // It buried its siblings until the end of the learner's day it was made on (one of an
      // earlier day buried none, and no sibling is buried until then).
      const reviewDay = localDayNumber(new Date(log.reviewed_at), timeZone);
      const [day] = dayRanges(timeZone, reviewDay, reviewDay);
      await reviews.unburySiblings(userId, card, day!);
      if (run) await rewriteHistory(reviews, userId, history, run);
      if (log.idempotency_key !== null)
        await reviews.rememberUndoneKey(userId, log.idempotency_key, toTimestamp(this.deps.now()));
      if (log.session_id !== null) await sessions.uncountCard(userId, log.session_id, card.id);
      return withPreview(scheduler, { ...card, ...before, sched_version: log.sched_version }, this.deps.now());
    });
  }

  /** Forgets a card's scheduling: it is new again. Its review history is kept. */
  async reset(userId: number, cardIdInput: string): Promise<StudyCard> {
    const cardId = parseId(cardIdInput);
    if (cardId === null) throw notFound(MESSAGES.cardNotFound);
    const { reviews } = this.deps.repos;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const found = await reviews.findCardWithSettings(userId, cardId);
      if (!found) throw notFound(MESSAGES.cardNotFound);
      const { card } = found;
      const version = card.sched_version + 1;
      if (await reviews.updateScheduling(userId, cardId, card.sched_version, NEW_STATE, version)) {
        return withPreview(
          new Scheduler(found.settings),
          { ...card, ...NEW_STATE, sched_version: version },
          this.deps.now(),
        );
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
      flags = { buried_until: nextDayStart(now, timeZone) };
    }
    const { reviews } = this.deps.repos;
    if (!(await reviews.setCardFlags(userId, cardId, flags, toTimestamp(now)))) throw notFound(MESSAGES.cardNotFound);
    const found = await reviews.findCardWithSettings(userId, cardId);
    if (!found) throw notFound(MESSAGES.cardNotFound);
    return withPreview(new Scheduler(found.settings), found.card, now);
  }
}

/**
 * The card's schedule once its history changed in `run`: the run's last state when it is the
 * card's last run (a new card if it has no review left), else, or when the card was reset after
 * it (a new card with a history), the card's own.
 */
function scheduleAfter(run: ReplayedRun, card: StudyCardRow): SchedulingState {
  if (!run.isLast || card.state === STATE_NEW) return schedulingOf(card);
  return run.reviews.at(-1)?.after ?? NEW_STATE;
}

/** Writes the replayed states of the run's stored logs whose states changed. */
async function rewriteHistory(
  reviews: ReviewRepository,
  userId: number,
  history: readonly ReviewLogRow[],
  run: ReplayedRun,
): Promise<void> {
  const stored = new Map(history.map((log) => [log.id, log]));
  for (const { id, before, after } of run.reviews) {
    const log = id === null ? undefined : stored.get(id);
    if (!log) continue;
    const same =
      JSON.stringify(schedulingOf(log)) === JSON.stringify(schedulingOf(before)) &&
      JSON.stringify(afterColumns(after)) ===
        JSON.stringify({
          state_after: log.state_after,
          due_after: log.due_after,
          stability_after: log.stability_after,
          scheduled_days_after: log.scheduled_days_after,
        });
    if (!same) await reviews.rewriteLog(userId, log.id, before, after);
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

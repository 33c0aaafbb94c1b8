// A card's review history replayed, for a review that arrives out of time order (made offline,
// sent after a later one) and for undoing such a review. Pure: the caller reads and writes.
//
// The history is a series of runs in time order. A run starts with a review of a new card (the
// card's first, and the first after each reset: its log holds a new card's state); its reviews,
// replayed from a new card in time order, give the schedule the run ends with, and the card's
// schedule is its last run's. A review goes into the run it falls in by time, so one made before
// a reset (as far as the logs tell: before the first review after it) never undoes the reset.
import { toResult, type Scheduler, type SchedulingState } from '@flashcard/api-contract/scheduler';
import type { ReviewLogRow } from '../../db/schema';
import { STATE_NEW } from './card-rows';

/** What the replay reads of a log: when, the rating, and the card's state before it. */
export type LoggedReview = Pick<ReviewLogRow, 'id' | 'rating' | 'reviewed_at' | 'state'>;

/** A review of the replayed run with its states; `id` null for the review being added. */
export interface ReplayedLog {
  id: number | null;
  rating: number;
  reviewedAt: string;
  before: SchedulingState;
  after: SchedulingState;
}

export interface ReplayedRun {
  /** The run's reviews in time order, each with its replayed states. */
  reviews: ReplayedLog[];
  /** The card's last run: its last state is the card's schedule (unless the card was reset since). */
  isLast: boolean;
}

export type HistoryChange = { add: { reviewedAt: string; rating: number } } | { remove: number };

/** Time order; a log written later at the same instant comes after. ISO UTC text sorts as time. */
export function byTime(a: LoggedReview, b: LoggedReview): number {
  if (a.reviewed_at !== b.reviewed_at) return a.reviewed_at < b.reviewed_at ? -1 : 1;
  return a.id - b.id;
}

/** The run `change` falls in, replayed with the change made. */
export function replayRun(scheduler: Scheduler, logs: readonly LoggedReview[], change: HistoryChange): ReplayedRun {
  const sorted = [...logs].sort(byTime);
  const starts = sorted.flatMap((log, i) => (i === 0 || log.state === STATE_NEW ? [i] : []));
  // The run of the removed log, or the last run beginning no later than the added review (the
  // first run when it is earlier than all of them).
  const placed =
    'remove' in change
      ? sorted.findIndex((log) => log.id === change.remove)
      : sorted.findLastIndex((log) => log.reviewed_at <= change.add.reviewedAt);
  let run = 0;
  starts.forEach((start, k) => {
    if (start <= placed) run = k;
  });
  const isLast = run >= starts.length - 1;
  const entries: Array<Pick<ReplayedLog, 'id' | 'rating' | 'reviewedAt'>> = sorted
    .slice(starts[run] ?? 0, starts[run + 1] ?? sorted.length)
    .filter((log) => !('remove' in change) || log.id !== change.remove)
    .map((log) => ({ id: log.id, rating: log.rating, reviewedAt: log.reviewed_at }));
  if ('add' in change) {
    const after = entries.findLastIndex((entry) => entry.reviewedAt <= change.add.reviewedAt);
    entries.splice(after + 1, 0, { id: null, ...change.add });
  }
  const replayed = scheduler.replay(
    entries.map((entry) => ({ at: new Date(entry.reviewedAt), result: toResult(entry.rating) })),
  );
  return { reviews: entries.map((entry, i) => ({ ...entry, ...replayed[i]! })), isLast };
}

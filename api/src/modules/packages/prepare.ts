// The part of an .apkg import that runs in a worker thread (lib/module-worker): read the
// package, then replay each card's Anki history through our FSRS scheduler (the learner's
// settings and weights), giving the card's state now and one review log per answer. The
// request thread only writes the result.
import {
  NEW_STATE,
  Scheduler,
  toResult,
  type SchedulerOptions,
  type SchedulingState,
} from '@flashcard/api-contract/scheduler';
import type { ApkgLimits } from '../../config';
import type { NewReviewLog } from '../../db/schema';
import { readApkg, type ApkgContents } from './apkg';

/** A review log before it knows its learner and card. */
export type PlannedLog = Omit<NewReviewLog, 'user_id' | 'card_id'>;

export interface PlannedCard {
  noteGuid: string;
  ord: number;
  suspended: boolean;
  /** After its last review; NEW_STATE when it has none. */
  state: SchedulingState;
  logs: PlannedLog[];
}

export interface ApkgPlan extends Omit<ApkgContents, 'cards'> {
  cards: PlannedCard[];
}

export async function prepareApkg(
  bytes: Uint8Array,
  scheduling: SchedulerOptions,
  limits: ApkgLimits,
): Promise<ApkgPlan> {
  const contents = await readApkg(bytes, limits);
  const scheduler = new Scheduler(scheduling);
  const cards = contents.cards.map((card): PlannedCard => {
    const replayed = scheduler.replay(
      card.reviews.map((review) => ({ at: new Date(review.at), result: toResult(review.rating) })),
    );
    const logs = card.reviews.map((review, k): PlannedLog => {
      const { before, after } = replayed[k]!;
      return {
        session_id: null,
        rating: review.rating,
        reviewed_at: new Date(review.at).toISOString(),
        time_spent_ms: review.timeMs,
        ...before,
        sched_version: k,
        state_after: after.state,
        due_after: after.due!,
        stability_after: after.stability,
        scheduled_days_after: after.scheduled_days,
        sched_version_after: k + 1,
        idempotency_key: null,
      };
    });
    const state = replayed.at(-1)?.after ?? NEW_STATE;
    return { noteGuid: card.noteGuid, ord: card.ord, suspended: card.suspended, state, logs };
  });
  return { ...contents, cards };
}

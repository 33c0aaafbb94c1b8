// The part of an .apkg import that runs in a worker thread (lib/module-worker): read the
// package, then replay each card's Anki history through our FSRS scheduler (the learner's
// settings and weights), giving the card's state now and one review log per answer. The
// request thread only writes the result.
import type { ApkgLimits } from '../../config';
import type { NewReviewLog } from '../../db/schema';
import { NEW_STATE, Scheduler, type SchedulerSettings, type SchedulingState } from '../study';
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
  scheduling: SchedulerSettings,
  limits: ApkgLimits,
): Promise<ApkgPlan> {
  const contents = await readApkg(bytes, limits);
  const scheduler = new Scheduler(scheduling);
  const cards = contents.cards.map((card): PlannedCard => {
    let state = NEW_STATE;
    const logs = card.reviews.map((review, k): PlannedLog => {
      const before = state;
      state = scheduler.review(before, new Date(review.at), (review.rating - 1) as 0 | 1 | 2 | 3);
      return {
        session_id: null,
        rating: review.rating,
        reviewed_at: new Date(review.at).toISOString(),
        time_spent_ms: review.timeMs,
        state: before.state,
        due: before.due,
        stability: before.stability,
        difficulty: before.difficulty,
        elapsed_days: before.elapsed_days,
        scheduled_days: before.scheduled_days,
        learning_steps: before.learning_steps,
        repetitions: before.repetitions,
        lapses: before.lapses,
        last_review: before.last_review,
        sched_version: k,
        state_after: state.state,
        due_after: state.due!,
        stability_after: state.stability,
        scheduled_days_after: state.scheduled_days,
        sched_version_after: k + 1,
        idempotency_key: null,
      };
    });
    return { noteGuid: card.noteGuid, ord: card.ord, suspended: card.suspended, state, logs };
  });
  return { ...contents, cards };
}

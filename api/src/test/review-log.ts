// A review log row with only what statistics read set (the scheduling columns are filler), for
// tests that write a history directly.
import type { NewReviewLog } from '../db/schema';

export function reviewLogRow(userId: number, cardId: number, reviewedAt: string, rating: number): NewReviewLog {
  return {
    user_id: userId,
    card_id: cardId,
    session_id: null,
    rating,
    reviewed_at: reviewedAt,
    time_spent_ms: 1000,
    state: 0,
    due: null,
    stability: 0,
    difficulty: 0,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    repetitions: 0,
    lapses: 0,
    last_review: null,
    sched_version: 0,
    state_after: 1,
    due_after: reviewedAt,
    stability_after: 1,
    scheduled_days_after: 0,
    sched_version_after: 1,
    idempotency_key: null,
  };
}

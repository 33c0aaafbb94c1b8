// A learner's review history made up for the optimizer's tests and benchmark: cards in review
// with years of reviews, whose recalls follow a forgetting curve unlike FSRS-6's defaults (so a
// fit has something to learn). Deterministic for a seed. Inserted directly, in batches.
import type { Db } from '../db';
import type { NewCard } from '../db/schema';
import { MS_PER_DAY } from '../lib/time';
import { seededRandom } from '../lib/random';

const BATCH = 500;

export interface SeededHistory {
  cardIds: number[];
  reviews: number;
}

/**
 * `cards` cards of `userId`, `reviewsPerCard` reviews each, the last one before `now`. A card's
 * true memory doubles and a half on each recall and drops to a third on a lapse; the learner
 * recalls with probability (1 + t / (9 S))^-1 after t days, and rates a recall Easy one time in
 * ten, Hard one in ten.
 */
export async function seedReviewHistory(
  db: Db,
  userId: number,
  options: { cards: number; reviewsPerCard: number; now: Date; seed?: number },
): Promise<SeededHistory> {
  const next = seededRandom(options.seed ?? 7);
  const stamp = options.now.toISOString();
  const plans = Array.from({ length: options.cards }, () => {
    const days: number[] = [0];
    const ratings: number[] = [3];
    let stability = 0.5 + next() * 3;
    for (let k = 1; k < options.reviewsPerCard; k++) {
      const interval = Math.max(1, Math.round(stability * (0.6 + next() * 0.8)));
      days.push(days[k - 1]! + interval);
      const recalled = next() < 1 / (1 + interval / (9 * stability));
      const roll = next();
      ratings.push(recalled ? (roll < 0.1 ? 4 : roll < 0.2 ? 2 : 3) : 1);
      stability = recalled ? stability * 2.5 : Math.max(0.3, stability / 3);
    }
    // The whole history ends a day before now.
    const end = options.now.getTime() - MS_PER_DAY;
    const times = days.map((day) => end - (days[days.length - 1]! - day) * MS_PER_DAY - Math.floor(next() * 3_600_000));
    return { times, ratings };
  });

  const cardIds: number[] = [];
  for (let start = 0; start < plans.length; start += BATCH) {
    const rows: NewCard[] = plans.slice(start, start + BATCH).map((plan, n) => ({
      user_id: userId,
      note_guid: `history-${start + n}`,
      question: `History card ${start + n}`,
      answer: `Answer ${start + n}`,
      created_at: stamp,
      updated_at: stamp,
      state: 2,
      stability: 1,
      difficulty: 5,
      due: new Date(plan.times[plan.times.length - 1]! + MS_PER_DAY).toISOString(),
      last_review: new Date(plan.times[plan.times.length - 1]!).toISOString(),
      repetitions: plan.times.length,
    }));
    const inserted = await db.insertInto('cards').values(rows).returning('id').execute();
    cardIds.push(...inserted.map((row) => row.id));
  }

  const logs = plans.flatMap((plan, n) =>
    plan.times.map((time, k) => {
      const reviewedAt = new Date(time).toISOString();
      return {
        user_id: userId,
        card_id: cardIds[n]!,
        rating: plan.ratings[k]!,
        reviewed_at: reviewedAt,
        time_spent_ms: 5_000,
        state: k === 0 ? 0 : 2,
        due: reviewedAt,
        stability: 1,
        difficulty: 5,
        elapsed_days: 0,
        scheduled_days: 0,
        learning_steps: 0,
        repetitions: k,
        lapses: 0,
        last_review: null,
        sched_version: k,
        state_after: 2,
        due_after: reviewedAt,
        stability_after: 1,
        scheduled_days_after: 1,
        sched_version_after: k + 1,
      };
    }),
  );
  for (let start = 0; start < logs.length; start += BATCH) {
    await db
      .insertInto('review_logs')
      .values(logs.slice(start, start + BATCH))
      .execute();
  }
  return { cardIds, reviews: logs.length };
}

// Indexes for the statistics (dashboard and insights) of learners with 100,000+ reviews, each
// one a query plan's need measured with bench/dashboard.ts. Frozen: a change is a new migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Times below: SQLite, one learner with 100,000 logs among 290,000, before -> after.
  // Replaces (user_id, reviewed_at) with a covering version: per-day counts, the hour-of-day
  // histogram and the review totals read rating and time spent from the index instead of
  // fetching each row (a year of analytics 20 -> 8 ms, review totals 33 -> 7 ms). Every query
  // that used the old index uses the same leading columns of this one.
  await db.schema
    .createIndex('review_logs_user_reviewed_stats_idx')
    .on('review_logs')
    .columns(['user_id', 'reviewed_at', 'rating', 'time_spent_ms'])
    .execute();
  await db.schema.dropIndex('review_logs_user_reviewed_idx').execute();
  // Per-card sums (retention by difficulty and set, the hardest cards) read in card order from
  // the index alone, without fetching and sorting every log (77 -> 22 ms).
  await db.schema
    .createIndex('review_logs_user_card_rating_idx')
    .on('review_logs')
    .columns(['user_id', 'card_id', 'rating'])
    .execute();
  // The dashboard's totals (cards studied, mean accuracy) and "cards studied today" read the
  // sessions' counts from the index, not every session row (0.36 -> 0.13 ms of a 1.2 ms
  // dashboard with a p99 target); newest-first lists still use it.
  await db.schema
    .createIndex('study_sessions_user_created_stats_idx')
    .on('study_sessions')
    .columns(['user_id', 'created_at', 'cards_studied', 'accuracy'])
    .execute();
  await db.schema.dropIndex('study_sessions_user_created_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('study_sessions_user_created_idx')
    .on('study_sessions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('study_sessions_user_created_stats_idx').execute();
  await db.schema.dropIndex('review_logs_user_card_rating_idx').execute();
  await db.schema
    .createIndex('review_logs_user_reviewed_idx')
    .on('review_logs')
    .columns(['user_id', 'reviewed_at'])
    .execute();
  await db.schema.dropIndex('review_logs_user_reviewed_stats_idx').execute();
}

// Engagement: unlocked achievements, daily bonus claims, the token ledger and notifications.
// Every "once" rule is a unique index, so concurrent requests cannot do a thing twice.
// Frozen: a change is a new migration file.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('user_achievements'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A key of the catalogue in code (modules/gamification/achievements.ts).
    .addColumn('achievement_key', 'text', (c) => c.notNull())
    .addColumn('unlocked_at', 'text', (c) => c.notNull())
    .execute();
  // An achievement unlocks (and pays out) once, even when two checks race.
  await db.schema
    .createIndex('user_achievements_user_key_idx')
    .on('user_achievements')
    .columns(['user_id', 'achievement_key'])
    .unique()
    .execute();

  await withIdColumn(db.schema.createTable('daily_bonus_claims'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Calendar day (days since 1970-01-01) in the learner's time zone when claimed.
    .addColumn('claim_day', 'integer', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    // Consecutive claim days ending with this one.
    .addColumn('streak', 'integer', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addColumn('xp', 'integer', (c) => c.notNull())
    .addCheckConstraint('daily_bonus_claims_streak_check', sql`streak >= 1`)
    .addCheckConstraint('daily_bonus_claims_reward_check', sql`tokens >= 0 and xp >= 0`)
    .execute();
  // One claim per local day: the second of two racing claims is refused here. Also serves
  // "latest claim of a user" (newest claim_day first).
  await db.schema
    .createIndex('daily_bonus_claims_user_day_idx')
    .on('daily_bonus_claims')
    .columns(['user_id', 'claim_day'])
    .unique()
    .execute();

  // Tokens as a ledger, like XP: the balance is the sum of a user's rows.
  await withIdColumn(db.schema.createTable('token_ledger'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Positive credits, negative debits.
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // What the entry is for, e.g. "achievement:first_review".
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('token_ledger_amount_check', sql`amount <> 0`)
    .execute();
  // History newest first, and the balance, read one user's rows.
  await db.schema.createIndex('token_ledger_user_idx').on('token_ledger').columns(['user_id', 'id']).execute();

  await withIdColumn(db.schema.createTable('notifications'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // Set for notifications that must exist at most once (e.g. "daily_bonus:19885"); NULLs
    // never collide, so other notifications leave it empty.
    .addColumn('dedupe_key', 'text')
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_dedupe_idx')
    .on('notifications')
    .columns(['user_id', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('token_ledger').execute();
  await db.schema.dropTable('daily_bonus_claims').execute();
  await db.schema.dropTable('user_achievements').execute();
}

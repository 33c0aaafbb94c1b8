// Streak freezes bought with tokens. Frozen: a change is a new migration.
// - bought_at: when the learner paid (the token_ledger row of reason streak_freeze says how much).
// - used_on: the learner's local date (YYYY-MM-DD) the freeze kept in the study streak, null while
//   held; unique per learner, so two requests settling the same missed day use one freeze.
// - user_id: a deleted account takes its freezes with it.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';
import { withIdColumn } from './columns';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await withIdColumn(db.schema.createTable('streak_freezes'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bought_at', 'text', (c) => c.notNull())
    .addColumn('used_on', 'text')
    .execute();
  await db.schema
    .createIndex('streak_freezes_user_used_on_idx')
    .on('streak_freezes')
    .columns(['user_id', 'used_on'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('streak_freezes').execute();
}

// A learner's own FSRS-6 parameters, fitted from their review history. Frozen: a change is a
// new migration. One row per learner: the last fit, how both parameter sets scored on that
// history, and whether the fitted ones are used (only when they predicted it better).
// `running_since` marks a fit under way, so one learner runs one fit at a time on any instance.
import type { Kysely } from 'kysely';
import type { DialectName } from '../index';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const booleanType = dialect === 'postgres' ? 'boolean' : 'integer';
  const falseValue = dialect === 'postgres' ? false : 0;
  const realType = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('fsrs_parameters')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** JSON array of the 21 FSRS-6 weights; null until a fit finished. */
    .addColumn('parameters', 'text')
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_log_loss', realType)
    .addColumn('default_rmse', realType)
    .addColumn('fitted_log_loss', realType)
    .addColumn('fitted_rmse', realType)
    .addColumn('in_use', booleanType, (c) => c.notNull().defaultTo(falseValue))
    .addColumn('fitted_at', 'text')
    .addColumn('running_since', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fsrs_parameters').execute();
}

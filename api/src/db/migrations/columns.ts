// Column helpers the migrations share. Migrations are frozen in time, so never change what a
// helper emits: add a new helper instead.
import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from '../index';

/** An auto-incrementing integer primary key `id`, spelled the way each dialect wants it. */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return table.addColumn('id', 'integer', (column) =>
    dialect === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
  );
}

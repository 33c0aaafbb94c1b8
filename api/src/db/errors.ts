// Recognising driver errors without the rest of the app knowing which driver threw them.

interface DriverError {
  code?: unknown;
}

/** A unique index refused the row (SQLite SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Another SQLite connection (another process) held the write lock. */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** A foreign key refused the row (SQLite SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * PostgreSQL aborted the transaction and asks for it to be run again: a deadlock (40P01) or a
 * serialization failure (40001).
 */
export function isRetryableTransactionFailure(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === '40P01' || code === '40001';
}

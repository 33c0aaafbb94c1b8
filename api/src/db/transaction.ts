// Units of work that commit together or not at all. On PostgreSQL two transactions can each
// hold a row the other waits for (a deadlock: one is aborted), or lose a serialization check;
// both say "run it again", so a unit of work is retried a few times before its error goes out.
// The work must only touch the database (it may run more than once); SQLite has one writer
// and never answers either.
import type { Kysely, Transaction } from 'kysely';
import { isRetryableTransactionFailure } from './errors';
import type { Database } from './schema';

export type InTransaction<Repos> = <T>(work: (repos: Repos) => Promise<T>) => Promise<T>;

/** Attempts of one unit of work before a deadlock or serialization failure is passed on. */
export const TRANSACTION_ATTEMPTS = 4;

/** Runs `work` in a transaction, again (after a short random pause) when PostgreSQL asks to. */
export async function runTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionFailure(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** The same repositories, rebuilt on one transaction, for services that write several at once. */
export function inTransaction<Repos>(
  db: Kysely<Database>,
  makeRepos: (db: Kysely<Database>) => Repos,
): InTransaction<Repos> {
  return (work) => runTransaction(db, (trx) => work(makeRepos(trx)));
}

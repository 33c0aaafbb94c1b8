// A unit of work for services that write to several repositories at once: the same
// repositories, rebuilt on one transaction, committed together or not at all.
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export type InTransaction<Repos> = <T>(work: (repos: Repos) => Promise<T>) => Promise<T>;

export function inTransaction<Repos>(db: Kysely<Database>, makeRepos: (db: Kysely<Database>) => Repos): InTransaction<Repos> {
  return (work) => db.transaction().execute((trx) => work(makeRepos(trx)));
}

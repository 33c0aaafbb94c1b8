// SQL expressions that both dialects understand because src/db defines them for each:
// local_day_number is a PostgreSQL function (migration 0002) and a SQLite user function
// (createDb). Keep the two in step with lib/time.ts.
import { sql, type RawBuilder } from 'kysely';

/** Calendar day (days since 1970-01-01) of an ISO timestamp column in an IANA time zone. */
export function localDay(column: string, timeZone: string): RawBuilder<number> {
  return sql<number>`local_day_number(${sql.ref(column)}, ${timeZone})`;
}

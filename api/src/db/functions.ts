// SQL expressions that both dialects understand because src/db defines them for each:
// local_day_number is a PostgreSQL function (migration 0002) and a SQLite user function
// (createDb). Keep the two in step with lib/time.ts.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from './index';

/** Calendar day (days since 1970-01-01) of an ISO timestamp column in an IANA time zone. */
export function localDay(column: string, timeZone: string): RawBuilder<number> {
  return sql<number>`local_day_number(${sql.ref(column)}, ${timeZone})`;
}

/** The user's text with LIKE's wildcards (and the escape character) made literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `column` contains `text`, ignoring case, with % and _ in `text` taken literally. PostgreSQL
 * has ILIKE. SQLite's LIKE already ignores the case of ASCII letters; a query with other
 * letters ("Étoile") compares both sides through unicode_lower (see createDb), which costs a
 * JavaScript call per value, so ASCII queries (nearly all) skip it.
 * Neither database can use an index for a leading %: callers narrow by user_id first.
 */
export function containsIgnoringCase(dialect: DialectName, column: string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${escapeLike(text)}%`;
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`;
  if (/^[\x00-\x7f]*$/.test(text)) return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
  return sql<SqlBool>`unicode_lower(${sql.ref(column)}) like ${pattern.toLowerCase()} escape '\\'`;
}

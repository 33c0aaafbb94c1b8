// SQL expressions that both dialects understand because src/db defines them for each:
// local_day_number is a PostgreSQL function (migration 0002) and a SQLite user function
// (createDb). Keep the two in step with lib/time.ts.
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Calendar day (days since 1970-01-01) of an ISO timestamp column in an IANA time zone. */
export function localDay(column: string, timeZone: string): RawBuilder<number> {
  return sql<number>`local_day_number(${sql.ref(column)}, ${timeZone})`;
}

/** The user's text with LIKE's wildcards (and the escape character) made literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `column` contains `text` exactly (LIKE, with % and _ in `text` taken literally). Case is
 * the caller's business: card search compares pre-lowered text (db/search-text.ts).
 */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(text)}%`} escape '\\'`;
}

/**
 * `column` (comma-separated tags, as the learner typed them) lists `tag`, ignoring case and the
 * spaces around commas. Both sides are lower-cased by the database, so they fold alike.
 */
export function hasTag(column: string, tag: string): RawBuilder<SqlBool> {
  const list = sql`',' || replace(replace(lower(coalesce(${sql.ref(column)}, '')), ', ', ','), ' ,', ',') || ','`;
  return sql<SqlBool>`${list} like lower(${`%,${escapeLike(tag.trim())},%`}) escape '\\'`;
}

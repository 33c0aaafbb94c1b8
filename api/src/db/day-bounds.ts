// Statements over a list of local days (lib/local-time.ts `dayRanges`): a `bounds` CTE of one
// row per day (its number and the UTC instants it spans), so SQL compares stored timestamps
// with each day's bounds through an index instead of converting every row to a local day.
// Shared by the dashboard's statistics and the study forecast.
import { isDeepStrictEqual } from 'node:util';
import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import type { DayRange } from '../lib/local-time';
import { dialectOf, readOffThread, type DialectName } from './index';
import type { Database } from './schema';

// An empty range (start = end) for padding rows: nothing is ever in it.
const NOWHERE = '1970-01-01T00:00:00.000Z';
/** SQLite binds at most 32,766 parameters: 3 per day. */
export const MAX_BOUNDS_DAYS = 8_192;

/**
 * The days of a statement. On SQLite, padded with empty ones to a power of two (32 at least),
 * so a statement carrying them takes a handful of shapes whatever the dates and its statement
 * cache (db/sqlite-connection.ts) skips parsing it again; padding days are never active and
 * count nothing. PostgreSQL's text is the same for any number of days (arrays): no padding.
 */
function boundsRows(ranges: readonly DayRange[], dialect: DialectName): DayRange[] {
  if (ranges.length === 0 || ranges.length > MAX_BOUNDS_DAYS) throw new Error(`bounds: ${ranges.length} days`);
  const rows = [...ranges];
  if (dialect === 'postgres') return rows;
  const size = 2 ** Math.max(5, Math.ceil(Math.log2(ranges.length)));
  for (let pad = 1; rows.length < size; pad++) rows.push({ day: -pad, start: NOWHERE, end: NOWHERE });
  return rows;
}

/**
 * `bounds(day, start_at, end_at)`: one row per local day, as a CTE; its parameters come first.
 * SQLite: a VALUES list (binding is an in-process copy). PostgreSQL: three arrays unnested, so
 * a year of days is 3 parameters, not 1,098 the driver formats and the server parses and plans
 * on every call (that was half of a 730-day streak query's time).
 */
function boundsTable(rows: DayRange[], dialect: DialectName) {
  if (dialect === 'postgres') {
    return sql`bounds(day, start_at, end_at) as (select * from unnest(
      cast(${rows.map((row) => row.day)} as integer[]), cast(${rows.map((row) => row.start)} as text[]), cast(${rows.map((row) => row.end)} as text[])))`;
  }
  // cast: keeps the day an integer whatever the driver binds.
  return sql`bounds(day, start_at, end_at) as (values ${sql.join(
    rows.map((row) => sql`(cast(${row.day} as integer), ${row.start}, ${row.end})`),
  )})`;
}

function boundsParameters(rows: DayRange[], dialect: DialectName): unknown[] {
  return dialect === 'postgres'
    ? [rows.map((row) => row.day), rows.map((row) => row.start), rows.map((row) => row.end)]
    : rows.flatMap((row) => [row.day, row.start, row.end]);
}

// The compiled text of each (query, day count) shape, per database handle (its dialect writes
// the placeholders). Building a statement of 256 days through Kysely took as long as running
// it (~0.2 ms, three parameter nodes a day); a shape is built once, then only bound.
const compiledShapes = new WeakMap<Kysely<Database>, Map<string, string>>();

/**
 * Runs `build(bounds)`, a statement starting with the bounds CTE of `ranges` (`with ${bounds}`)
 * whose other parameters are `rest`, in that order (checked when the shape is first compiled).
 * Padding days (SQLite) have negative numbers and an empty span. `offThread`: a longer read, run on
 * SQLite's reader thread (readOffThread: committed rows only, no local_day_number).
 */
export async function queryWithBounds<Row>(
  db: Kysely<Database>,
  name: string,
  ranges: readonly DayRange[],
  rest: unknown[],
  build: (bounds: RawBuilder<unknown>) => RawBuilder<Row>,
  options: { offThread?: boolean } = {},
): Promise<Row[]> {
  const dialect = dialectOf(db);
  const rows = boundsRows(ranges, dialect);
  const parameters = [...boundsParameters(rows, dialect), ...rest];
  let shapes = compiledShapes.get(db);
  if (!shapes) compiledShapes.set(db, (shapes = new Map()));
  const key = dialect === 'postgres' ? name : `${name}:${rows.length}`;
  let text = shapes.get(key);
  if (text === undefined) {
    const compiled = build(boundsTable(rows, dialect)).compile(db);
    if (!isDeepStrictEqual(compiled.parameters, parameters))
      throw new Error(`${name}: parameters not in the declared order`);
    text = compiled.sql;
    shapes.set(key, text);
  }
  const compiled = CompiledQuery.raw(text, parameters) as CompiledQuery<Row>;
  if (options.offThread) return readOffThread(db, { compile: () => compiled });
  const result = await db.executeQuery<Row>(compiled);
  return result.rows;
}

const QUARTER_MS = 15 * 60_000;

/** The instant's UTC quarter hour starts there (review_quarters rows begin at such instants). */
export function isQuarterStart(instant: number): boolean {
  return instant % QUARTER_MS === 0;
}

/** The first UTC quarter-hour start at or after `instant`. */
export function nextQuarterStart(instant: number): number {
  return Math.ceil(instant / QUARTER_MS) * QUARTER_MS;
}

/**
 * Every day of `ranges` begins and ends on a UTC quarter hour, so review_quarters rows
 * (migration 0018) count its reviews exactly: true in every zone of today's time-zone database
 * (offsets and their changes are whole quarter hours); a historical local mean time is not.
 */
export function quarterAligned(ranges: readonly DayRange[]): boolean {
  return ranges.every((range) => isQuarterStart(Date.parse(range.start)) && isQuarterStart(Date.parse(range.end)));
}

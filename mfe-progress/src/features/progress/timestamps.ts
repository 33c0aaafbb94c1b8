// SQLite's CURRENT_TIMESTAMP ("2025-01-31 09:15:00") is UTC but carries no zone; browsers would
// read it as local time and shift every session by the user's offset.
const NAIVE_SQL_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/;

/** A session's time in milliseconds (NaN when it does not parse), a zone-less SQL text as UTC. */
export function parseTimestamp(value: string | number | Date): number {
  if (typeof value === 'string' && NAIVE_SQL_TIMESTAMP.test(value)) {
    return new Date(`${value.replace(' ', 'T')}Z`).getTime();
  }
  return new Date(value).getTime();
}

// One order for names shown in lists (sets, colleges, classes), decided in JavaScript rather
// than by the database: SQLite and PostgreSQL (and PostgreSQL's locales) sort text differently.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** "set 2" before "Set 10", case and accents ignored, ties broken by the exact text. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

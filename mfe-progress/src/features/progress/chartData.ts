// Pure helpers behind the charts: day labels, summaries (the charts' text alternatives) and the
// heatmap's weeks x weekdays layout. Days are the API's local calendar days ('YYYY-MM-DD'); they
// are read and formatted in UTC so that no browser time zone can shift them by one.
import type { AnalyticsDay, ForecastDay } from '@flashcard/api-contract';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a 'YYYY-MM-DD' day; NaN when unreadable. */
export function dayToUtc(date: string): number {
  const match = DAY_PATTERN.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

const formatters = {
  weekday: new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }),
  monthYear: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

function format(kind: keyof typeof formatters, date: string): string {
  const time = dayToUtc(date);
  return Number.isNaN(time) ? date : formatters[kind].format(time);
}

/** 'Tue' */
export const formatWeekday = (date: string) => format('weekday', date);
/** 'Jun 11' */
export const formatShortDate = (date: string) => format('short', date);
/** 'Tue, Jun 11' */
export const formatLongDate = (date: string) => format('long', date);

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? word : many}`;
}

/** '86%' from the API's one-decimal percent; null (nothing reviewed) reads as an en dash. */
export function formatRate(rate: number | null | undefined): string {
  return typeof rate === 'number' && Number.isFinite(rate) ? `${Math.round(rate)}%` : '–';
}

function busiest<T>(items: T[], value: (item: T) => number): T | null {
  let best: T | null = null;
  for (const item of items) if (value(item) > 0 && (best === null || value(item) > value(best))) best = item;
  return best;
}

const sum = <T>(items: T[], value: (item: T) => number) => items.reduce((total, item) => total + value(item), 0);

// ---- Weekly chart -------------------------------------------------------------------------------

export function summarizeWeek(days: AnalyticsDay[], successRate: number | null): string {
  const reviews = sum(days, (d) => d.reviews);
  if (reviews === 0) return `No reviews in the last ${plural(days.length, 'day')}.`;
  const top = busiest(days, (d) => d.reviews)!;
  return (
    `Reviews per day over the last ${plural(days.length, 'day')}: ${plural(reviews, 'review')} in total, ` +
    `${formatRate(successRate)} success rate. Busiest day: ${formatLongDate(top.date)} with ${plural(top.reviews, 'review')}.`
  );
}

// ---- Due forecast -------------------------------------------------------------------------------

export function summarizeForecast(days: ForecastDay[]): string {
  const total = sum(days, (d) => d.due);
  if (total === 0) return `No cards due in the next ${plural(days.length, 'day')}.`;
  const today = days[0]?.due ?? 0;
  const top = busiest(days, (d) => d.due)!;
  return (
    `Cards due over the next ${plural(days.length, 'day')}: ${today} due today (overdue included), ${total} in total. ` +
    `Busiest day: ${formatLongDate(top.date)} with ${plural(top.due, 'card')}.`
  );
}

// ---- Heatmap ------------------------------------------------------------------------------------

export const HEAT_LEVELS = 4;

/** 0 for no reviews, else 1..4 in quarters of the busiest day. */
export function heatLevel(reviews: number, max: number): number {
  if (reviews <= 0 || max <= 0) return 0;
  return Math.min(HEAT_LEVELS, Math.max(1, Math.ceil((HEAT_LEVELS * reviews) / max)));
}

/**
 * What each legend swatch stands for: ['No reviews', '1-3 reviews', ..., '10-12 reviews'], with
 * null for a level no day can reach (with a busiest day of 2 reviews, only levels 2 and 4 occur).
 */
export function heatLegend(max: number): Array<string | null> {
  const labels: Array<string | null> = ['No reviews'];
  let from = 1;
  for (let level = 1; level <= HEAT_LEVELS; level += 1) {
    const to = Math.floor((level * max) / HEAT_LEVELS);
    if (to < from) labels.push(null);
    else labels.push(to === from ? plural(to, 'review') : `${from}-${to} reviews`);
    from = Math.max(from, to + 1);
  }
  return labels;
}

export const cellTitle = (day: Pick<AnalyticsDay, 'date' | 'reviews'>) => `${day.date}: ${plural(day.reviews, 'review')}`;

export interface HeatCell {
  date: string;
  reviews: number;
  /** Week column, 0 = oldest. */
  column: number;
  /** Weekday row, 0 = Sunday. */
  row: number;
  level: number;
}

export interface HeatmapLayout {
  cells: HeatCell[];
  columns: number;
  max: number;
  /** Month names over the column where the month's first week starts. */
  months: Array<{ label: string; column: number }>;
}

/** GitHub-style grid: a column per week (Sunday on top), the oldest week on the left. */
export function heatmapLayout(days: AnalyticsDay[]): HeatmapLayout {
  const readable = days.filter((d) => !Number.isNaN(dayToUtc(d.date)));
  const max = readable.reduce((m, d) => Math.max(m, d.reviews), 0);
  if (readable.length === 0) return { cells: [], columns: 0, max, months: [] };

  const first = dayToUtc(readable[0].date);
  const offset = new Date(first).getUTCDay();
  const cells = readable.map((day) => {
    const index = Math.round((dayToUtc(day.date) - first) / 86_400_000) + offset;
    return { date: day.date, reviews: day.reviews, column: Math.floor(index / 7), row: index % 7, level: heatLevel(day.reviews, max) };
  });
  const columns = cells[cells.length - 1].column + 1;

  // A month's name goes over the first column whose Sunday is in that month (GitHub's rule). A
  // label too close to the next one (a partial first month) is dropped so names never overlap.
  const months: HeatmapLayout['months'] = [];
  let previous = '';
  for (const cell of cells) {
    const month = cell.date.slice(0, 7);
    if (month === previous) continue;
    previous = month;
    const column = cell.row === 0 ? cell.column : cell.column + 1;
    const label = formatters.month.format(dayToUtc(cell.date));
    if (months.length > 0 && months[months.length - 1].column === column) months[months.length - 1] = { label, column };
    else months.push({ label, column });
  }
  const spaced = months.filter(
    (m, i) => m.column < columns && (i + 1 >= months.length || months[i + 1].column - m.column >= 3),
  );
  return { cells, columns, max, months: spaced };
}

export interface MonthTotal {
  month: string;
  reviews: number;
  activeDays: number;
}

/** Reviews and days studied per calendar month, oldest first (the heatmap's table). */
export function monthlyTotals(days: AnalyticsDay[]): MonthTotal[] {
  const totals = new Map<string, MonthTotal>();
  for (const day of days) {
    const key = day.date.slice(0, 7);
    const time = dayToUtc(`${key}-01`);
    if (Number.isNaN(time)) continue;
    const entry = totals.get(key) ?? { month: formatters.monthYear.format(time), reviews: 0, activeDays: 0 };
    entry.reviews += day.reviews;
    if (day.reviews > 0) entry.activeDays += 1;
    totals.set(key, entry);
  }
  return [...totals.values()];
}

export function summarizeYear(days: AnalyticsDay[]): string {
  const reviews = sum(days, (d) => d.reviews);
  if (reviews === 0) return `No reviews in the last ${plural(days.length, 'day')}.`;
  const active = days.filter((d) => d.reviews > 0).length;
  const top = busiest(days, (d) => d.reviews)!;
  return (
    `Review activity over the last ${plural(days.length, 'day')}: ${plural(reviews, 'review')} on ${plural(active, 'day')}. ` +
    `Busiest day: ${formatLongDate(top.date)} with ${plural(top.reviews, 'review')}.`
  );
}

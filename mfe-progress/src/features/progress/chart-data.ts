// Pure helpers behind the charts: day labels, summaries (the charts' text alternatives) and the
// heatmap's weeks x weekdays layout. Days are the API's local calendar days ('YYYY-MM-DD'); they
// are read and formatted in UTC so that no browser time zone can shift them by one.
// Words come from the 'progress' namespace and dates and numbers from Intl, both in the page's
// language at call time.
import type { AnalyticsDay, ForecastDay } from '@flashcard/api-contract';
import { progressLanguage, progressText as t } from '../../i18n';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a 'YYYY-MM-DD' day; NaN when unreadable. */
export function dayToUtc(date: string): number {
  const match = DAY_PATTERN.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

const FORMATS = {
  weekday: { weekday: 'short' },
  short: { month: 'short', day: 'numeric' },
  long: { weekday: 'short', month: 'short', day: 'numeric' },
  month: { month: 'short' },
  monthYear: { month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateFormat = keyof typeof FORMATS;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per language and kind; days are UTC midnights, so UTC it is. */
function dateFormatter(kind: DateFormat): Intl.DateTimeFormat {
  const language = progressLanguage();
  const key = `${language}:${kind}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { ...FORMATS[kind], timeZone: 'UTC' });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

function format(kind: DateFormat, date: string): string {
  const time = dayToUtc(date);
  return Number.isNaN(time) ? date : dateFormatter(kind).format(time);
}

/** 'Tue' */
export const formatWeekday = (date: string) => format('weekday', date);
/** 'Jun 11' */
export const formatShortDate = (date: string) => format('short', date);
/** 'Tue, Jun 11' */
export const formatLongDate = (date: string) => format('long', date);

/** '1,234' in English, '1.234' in German. */
export function formatNumber(value: number): string {
  return value.toLocaleString(progressLanguage());
}

/** A weekday row's short name: row 0 is Sunday ('Mon' for row 1). */
export const weekdayName = (row: number) => dateFormatter('weekday').format(Date.UTC(2023, 11, 31 + row));

/** '86%' ('86 %' in French) from the API's one-decimal percent; null (nothing reviewed) reads as an en dash. */
export function formatRate(rate: number | null | undefined): string {
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return '–';
  return new Intl.NumberFormat(progressLanguage(), { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.round(rate) / 100,
  );
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
  if (reviews === 0) return t('chart.noReviewsInLastDays', { count: days.length });
  const top = busiest(days, (d) => d.reviews)!;
  return t('weekly.summary', {
    count: days.length,
    reviews: t('units.reviews', { count: reviews }),
    rate: formatRate(successRate),
    date: formatLongDate(top.date),
    busiest: t('units.reviews', { count: top.reviews }),
  });
}

// ---- Due forecast -------------------------------------------------------------------------------

export function summarizeForecast(days: ForecastDay[]): string {
  const total = sum(days, (d) => d.due);
  if (total === 0) return t('forecast.empty', { count: days.length });
  const today = days[0]?.due ?? 0;
  const top = busiest(days, (d) => d.due)!;
  return t('forecast.summary', {
    count: days.length,
    today: formatNumber(today),
    total: formatNumber(total),
    date: formatLongDate(top.date),
    busiest: t('units.cards', { count: top.due }),
  });
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
  const labels: Array<string | null> = [t('chart.noReviews')];
  let from = 1;
  for (let level = 1; level <= HEAT_LEVELS; level += 1) {
    const to = Math.floor((level * max) / HEAT_LEVELS);
    if (to < from) labels.push(null);
    else labels.push(to === from ? t('units.reviews', { count: to }) : t('heatmap.legendRange', { from, count: to }));
    from = Math.max(from, to + 1);
  }
  return labels;
}

/** language -> review count -> the title with a slot for the date. */
const cellTitles = new Map<string, Map<number, string>>();
const DATE_SLOT = '\u0000';

/**
 * A heatmap cell's tooltip. Translated once per language and review count, not per cell: an
 * i18next call with a formatted number costs about 0.1 ms, and a year is 371 cells that share a
 * few dozen counts (it was the largest part of the Progress area's first render).
 */
export function cellTitle(day: Pick<AnalyticsDay, 'date' | 'reviews'>): string {
  const language = progressLanguage();
  let titles = cellTitles.get(language);
  if (!titles) cellTitles.set(language, (titles = new Map()));
  let title = titles.get(day.reviews);
  if (title === undefined) {
    title = t('heatmap.cellTitle', { date: DATE_SLOT, count: day.reviews });
    titles.set(day.reviews, title);
  }
  return title.replace(DATE_SLOT, day.date);
}

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
    return {
      date: day.date,
      reviews: day.reviews,
      column: Math.floor(index / 7),
      row: index % 7,
      level: heatLevel(day.reviews, max),
    };
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
    const label = dateFormatter('month').format(dayToUtc(cell.date));
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
    const entry = totals.get(key) ?? { month: dateFormatter('monthYear').format(time), reviews: 0, activeDays: 0 };
    entry.reviews += day.reviews;
    if (day.reviews > 0) entry.activeDays += 1;
    totals.set(key, entry);
  }
  return [...totals.values()];
}

export function summarizeYear(days: AnalyticsDay[]): string {
  const reviews = sum(days, (d) => d.reviews);
  if (reviews === 0) return t('chart.noReviewsInLastDays', { count: days.length });
  const active = days.filter((d) => d.reviews > 0).length;
  const top = busiest(days, (d) => d.reviews)!;
  return t('heatmap.summary', {
    count: days.length,
    reviews: t('units.reviews', { count: reviews }),
    activeDays: t('heatmap.activeDays', { count: active }),
    date: formatLongDate(top.date),
    busiest: t('units.reviews', { count: top.reviews }),
  });
}

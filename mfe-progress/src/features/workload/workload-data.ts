// Pure helpers of the Workload panel: the days from today, weekly rows of the simulated year (the
// chart's table), the charts' summaries (their text alternatives) and positions on the curve.
import type { Workload } from '@flashcard/api-contract';
import { WORKLOAD_RETENTION } from '@flashcard/api-contract';
import { progressText as t } from '../../i18n';
import { formatLongDate, formatNumber, formatRate } from '../progress/chart-data';

const DAY = 86_400_000;

/** Today in the browser's calendar, 'YYYY-MM-DD'. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day `offset` days after `today` ('YYYY-MM-DD'). */
export function dayAfter(today: string, offset: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
}

/** '90%' from 0.9, in the page's language. */
export const formatRetention = (retention: number) => formatRate(Math.round(retention * 100));

/** A figure with at most one decimal ('12.5', '3'). */
export const formatFigure = (value: number) => formatNumber(Math.round(value * 10) / 10);

export interface WeekRow {
  /** First day of the week. */
  date: string;
  reviews: number;
  newCards: number;
  minutes: number;
}

/** The simulated days summed by seven from today (the last week may be shorter). */
export function weeklyRows(daily: Workload['daily'], today: string): WeekRow[] {
  const rows: WeekRow[] = [];
  for (let start = 0; start < daily.reviews.length; start += 7) {
    const sum = (values: number[]) => values.slice(start, start + 7).reduce((a, b) => a + b, 0);
    rows.push({
      date: dayAfter(today, start),
      reviews: Math.round(sum(daily.reviews)),
      newCards: Math.round(sum(daily.newCards)),
      minutes: Math.round(sum(daily.minutes)),
    });
  }
  return rows;
}

/** The daily chart's text alternative. */
export function summarizeDaily(workload: Workload, today: string): string {
  const { reviews } = workload.daily;
  let busiest = 0;
  reviews.forEach((value, index) => {
    if (value > reviews[busiest]!) busiest = index;
  });
  return t('workload.dailySummary', {
    retention: formatRetention(workload.retention),
    days: formatNumber(workload.days),
    reviews: formatFigure(workload.summary.reviewsPerDay),
    minutes: formatFigure(workload.summary.minutesPerDay),
    date: formatLongDate(dayAfter(today, busiest)),
    busiest: formatNumber(Math.round(reviews[busiest] ?? 0)),
  });
}

/** The curve's text alternative. */
export function summarizeCurve(workload: Workload): string {
  const first = workload.curve[0];
  const last = workload.curve[workload.curve.length - 1];
  if (!first || !last) return '';
  const range = t('workload.curveSummary', {
    from: formatRetention(first.retention),
    to: formatRetention(last.retention),
    fromMinutes: formatFigure(first.minutesPerDay),
    toMinutes: formatFigure(last.minutesPerDay),
    target: formatRetention(workload.target),
  });
  return workload.efficient === null
    ? range
    : `${range} ${t('workload.efficient', { retention: formatRetention(workload.efficient) })}`;
}

/** Where a retention sits on the curve's axis, 0-100 (%), the axis spanning every retention the settings accept. */
export function curveX(retention: number): number {
  const { min, max } = WORKLOAD_RETENTION;
  return Math.min(100, Math.max(0, ((retention - min) / (max - min)) * 100));
}

import { useId } from 'react';
import type { AnalyticsDay } from '@flashcard/api-contract';
import { useProgressText } from '../../../i18n';
import {
  cellTitle,
  formatNumber,
  heatLegend,
  heatmapLayout,
  HEAT_LEVELS,
  monthlyTotals,
  summarizeYear,
  weekdayName,
} from '../chart-data';
import { HEATMAP_DAYS, useAnalytics } from '../hooks/use-analytics';
import { PanelStatus } from './PanelStatus';

const CELL = 11;
const PITCH = CELL + 3;
const LEFT = 30; // weekday names
const TOP = 18; // month names
/** The weekday rows named at the left (Monday, Wednesday, Friday; row 0 is Sunday). */
const WEEKDAY_ROWS = [1, 3, 5];

/** The last year of reviews, GitHub-style: a column per week, a row per weekday. */
export function ActivityHeatmap() {
  const t = useProgressText();
  const headingId = useId();
  const { state, reload } = useAnalytics(HEATMAP_DAYS);

  return (
    <section className="card progress-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('heatmap.title')}</h2>
      <PanelStatus
        state={state}
        loading={t('heatmap.loading')}
        failed={t('heatmap.failed')}
        retryLabel={t('heatmap.retry')}
        onRetry={reload}
      />
      {state.status === 'ready' && <ActivityHeatmapBody days={state.data.days} />}
    </section>
  );
}

export function ActivityHeatmapBody({ days }: { days: AnalyticsDay[] }) {
  const t = useProgressText();
  const layout = heatmapLayout(days);
  const reviews = days.reduce((sum, day) => sum + day.reviews, 0);
  const activeDays = days.filter((day) => day.reviews > 0).length;
  const width = LEFT + layout.columns * PITCH;
  const height = TOP + 7 * PITCH;
  const legend = heatLegend(layout.max);

  return (
    <>
      <p className="muted progress-panel-lead">
        {reviews === 0
          ? t('chart.noReviewsInLastDays', { count: days.length })
          : t('heatmap.lead', {
              count: days.length,
              reviews: t('units.reviews', { count: reviews }),
              activeDays: t('heatmap.activeDays', { count: activeDays }),
            })}
      </p>
      <div className="progress-heatmap-scroll" tabIndex={0} role="group" aria-label={t('heatmap.gridLabel')}>
        <svg
          className="progress-heatmap"
          role="img"
          aria-label={summarizeYear(days)}
          width={width}
          height={height}
          focusable="false"
        >
          {layout.months.map((month) => (
            <text
              key={`${month.label}-${month.column}`}
              className="progress-chart-label"
              x={LEFT + month.column * PITCH}
              y={TOP - 6}
            >
              {month.label}
            </text>
          ))}
          {WEEKDAY_ROWS.map((row) => (
            <text key={row} className="progress-chart-label" x={0} y={TOP + row * PITCH + CELL - 1}>
              {weekdayName(row)}
            </text>
          ))}
          {layout.cells.map((cell) => (
            <rect
              key={cell.date}
              className={`progress-heat progress-heat-${cell.level}`}
              x={LEFT + cell.column * PITCH}
              y={TOP + cell.row * PITCH}
              width={CELL}
              height={CELL}
              rx={2}
              data-date={cell.date}
              data-level={cell.level}
            >
              <title>{cellTitle(cell)}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div className="progress-heat-legend muted" aria-hidden="true">
        <span>{t('heatmap.less')}</span>
        <svg width={(HEAT_LEVELS + 1) * PITCH} height={CELL} focusable="false">
          {legend.map((label, level) => (
            <rect
              key={level}
              className={`progress-heat progress-heat-${level}`}
              x={level * PITCH}
              y={0}
              width={CELL}
              height={CELL}
              rx={2}
            >
              {label && <title>{label}</title>}
            </rect>
          ))}
        </svg>
        <span>{t('heatmap.more')}</span>
      </div>
      {/* The wrapper hides it: a table box ignores the 1px size of .visually-hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('heatmap.tableCaption', { count: days.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('heatmap.month')}</th>
              <th scope="col">{t('chart.reviews')}</th>
              <th scope="col">{t('heatmap.daysStudied')}</th>
            </tr>
          </thead>
          <tbody>
            {monthlyTotals(days).map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.month}</th>
                <td>{formatNumber(month.reviews)}</td>
                <td>{formatNumber(month.activeDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

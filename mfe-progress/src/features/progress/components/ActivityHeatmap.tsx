import { useId } from 'react';
import type { AnalyticsDay } from '@flashcard/api-contract';
import { cellTitle, heatLegend, heatmapLayout, HEAT_LEVELS, monthlyTotals, plural, summarizeYear } from '../chartData';
import { HEATMAP_DAYS, useAnalytics } from '../hooks/useAnalytics';
import { PanelStatus } from './PanelStatus';

const CELL = 11;
const PITCH = CELL + 3;
const LEFT = 30; // weekday names
const TOP = 18; // month names
const WEEKDAY_LABELS: Array<[row: number, label: string]> = [
  [1, 'Mon'],
  [3, 'Wed'],
  [5, 'Fri'],
];

/** The last year of reviews, GitHub-style: a column per week, a row per weekday. */
export function ActivityHeatmap() {
  const headingId = useId();
  const { state, reload } = useAnalytics(HEATMAP_DAYS);

  return (
    <section className="card progress-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Review Activity</h2>
      <PanelStatus
        state={state}
        loading="Loading your review history..."
        failed="Your review history could not be loaded."
        retryLabel="Retry loading the review history"
        onRetry={reload}
      />
      {state.status === 'ready' && <ActivityHeatmapBody days={state.data.days} />}
    </section>
  );
}

/** Start scrolled to the newest weeks when the grid is wider than the panel. */
function scrollToNewest(element: HTMLDivElement | null) {
  if (element) element.scrollLeft = element.scrollWidth;
}

export function ActivityHeatmapBody({ days }: { days: AnalyticsDay[] }) {
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
          ? `No reviews in the last ${plural(days.length, 'day')}.`
          : `${plural(reviews, 'review')} on ${plural(activeDays, 'day')} in the last ${plural(days.length, 'day')}`}
      </p>
      <div className="progress-heatmap-scroll" ref={scrollToNewest} tabIndex={0} role="group" aria-label="Review activity heatmap">
        <svg className="progress-heatmap" role="img" aria-label={summarizeYear(days)} width={width} height={height} focusable="false">
          {layout.months.map((month) => (
            <text key={`${month.label}-${month.column}`} className="progress-chart-label" x={LEFT + month.column * PITCH} y={TOP - 6}>
              {month.label}
            </text>
          ))}
          {WEEKDAY_LABELS.map(([row, label]) => (
            <text key={label} className="progress-chart-label" x={0} y={TOP + row * PITCH + CELL - 1}>
              {label}
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
        <span>Less</span>
        <svg width={(HEAT_LEVELS + 1) * PITCH} height={CELL} focusable="false">
          {legend.map((label, level) => (
            <rect key={level} className={`progress-heat progress-heat-${level}`} x={level * PITCH} y={0} width={CELL} height={CELL} rx={2}>
              {label && <title>{label}</title>}
            </rect>
          ))}
        </svg>
        <span>More</span>
      </div>
      {/* The wrapper hides it: a table box ignores the 1px size of .visually-hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>Reviews and days studied per month, last {plural(days.length, 'day')}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Reviews</th>
              <th scope="col">Days studied</th>
            </tr>
          </thead>
          <tbody>
            {monthlyTotals(days).map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.month}</th>
                <td>{month.reviews}</td>
                <td>{month.activeDays}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

import { useId } from 'react';
import type { Analytics } from '@flashcard/api-contract';
import { formatLongDate, formatRate, formatWeekday, plural, summarizeWeek } from '../chartData';
import { useAnalytics, WEEK_DAYS } from '../hooks/useAnalytics';
import { BarChart } from './BarChart';
import { PanelStatus } from './PanelStatus';

/** Reviews per day over the last 7 days (bars), with each day's success rate under its name. */
export function WeeklyChart() {
  const headingId = useId();
  const { state, reload } = useAnalytics(WEEK_DAYS);

  return (
    <section className="card progress-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Weekly Progress</h2>
      <PanelStatus
        state={state}
        loading="Loading your week..."
        failed="Your weekly activity could not be loaded."
        retryLabel="Retry loading the weekly activity"
        onRetry={reload}
      />
      {state.status === 'ready' && <WeeklyChartBody analytics={state.data} />}
    </section>
  );
}

export function WeeklyChartBody({ analytics }: { analytics: Analytics }) {
  const days = analytics.days.slice(-WEEK_DAYS);
  const reviews = days.reduce((total, day) => total + day.reviews, 0);
  const successRate = analytics.totals?.successRate ?? null;

  return (
    <>
      <p className="muted progress-panel-lead">
        {reviews === 0 ? 'No reviews in the last 7 days.' : `${plural(reviews, 'review')} · ${formatRate(successRate)} success rate`}
      </p>
      <BarChart
        summary={summarizeWeek(days, successRate)}
        showValues
        bars={days.map((day, index) => ({
          key: day.date,
          value: day.reviews,
          title: `${formatLongDate(day.date)}: ${plural(day.reviews, 'review')}, ${
            day.successRate === null ? 'no success rate' : `${formatRate(day.successRate)} success rate`
          }`,
          label: index === days.length - 1 ? 'Today' : formatWeekday(day.date),
          sublabel: formatRate(day.successRate),
          highlight: index === days.length - 1,
        }))}
      />
      <p className="progress-chart-legend muted" aria-hidden="true">
        Bars: reviews per day. Under each day: its success rate.
      </p>
      {/* The wrapper hides it: a table box ignores the 1px size of .visually-hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>Reviews and success rate per day, last 7 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Reviews</th>
              <th scope="col">Success rate</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatLongDate(day.date)}</th>
                <td>{day.reviews}</td>
                <td>{day.successRate === null ? 'No reviews' : formatRate(day.successRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

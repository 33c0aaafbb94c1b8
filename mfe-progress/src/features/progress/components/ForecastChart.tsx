import { useId } from 'react';
import type { ForecastDay } from '@flashcard/api-contract';
import { formatLongDate, formatShortDate, plural, summarizeForecast } from '../chartData';
import { FORECAST_DAYS, useForecast } from '../hooks/useForecast';
import { BarChart } from './BarChart';
import { PanelStatus } from './PanelStatus';

/** Every 7th day is named under the axis; the others have their date in the tooltip and table. */
const LABEL_EVERY = 7;

/** Cards falling due on each of the next 30 days (today includes the overdue ones). */
export function ForecastChart() {
  const headingId = useId();
  const { state, reload } = useForecast();

  return (
    <section className="card progress-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Upcoming Reviews</h2>
      <PanelStatus
        state={state}
        loading="Loading the review forecast..."
        failed="The review forecast could not be loaded."
        retryLabel="Retry loading the review forecast"
        onRetry={reload}
      />
      {state.status === 'ready' && <ForecastChartBody days={state.data.days} />}
    </section>
  );
}

export function ForecastChartBody({ days }: { days: ForecastDay[] }) {
  const total = days.reduce((sum, day) => sum + day.due, 0);
  const today = days[0]?.due ?? 0;
  const dayTitle = (day: ForecastDay, index: number) =>
    `${index === 0 ? 'Today' : formatLongDate(day.date)}: ${plural(day.due, 'card')} due${index === 0 ? ' (overdue included)' : ''}`;

  return (
    <>
      <p className="muted progress-panel-lead">
        {total === 0
          ? `No cards due in the next ${FORECAST_DAYS} days.`
          : `${today} due today · ${total} over the next ${plural(days.length, 'day')}`}
      </p>
      <BarChart
        summary={summarizeForecast(days)}
        height={170}
        barRatio={0.7}
        bars={days.map((day, index) => ({
          key: day.date,
          value: day.due,
          title: dayTitle(day, index),
          label: index === 0 ? 'Today' : index % LABEL_EVERY === 0 ? formatShortDate(day.date) : undefined,
          highlight: index === 0,
        }))}
      />
      {/* The wrapper hides it: a table box ignores the 1px size of .visually-hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>Cards due per day, next {plural(days.length, 'day')}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Cards due</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day.date}>
                <th scope="row">{index === 0 ? `Today (${formatLongDate(day.date)}, overdue included)` : formatLongDate(day.date)}</th>
                <td>{day.due}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

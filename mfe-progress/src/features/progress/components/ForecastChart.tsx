import { useId } from 'react';
import type { ForecastDay } from '@flashcard/api-contract';
import { useProgressText } from '../../../i18n';
import { formatLongDate, formatNumber, formatShortDate, summarizeForecast } from '../chart-data';
import { FORECAST_DAYS, useForecast } from '../hooks/use-forecast';
import { BarChart } from './BarChart';
import { PanelStatus } from './PanelStatus';

/** Every 7th day is named under the axis; the others have their date in the tooltip and table. */
const LABEL_EVERY = 7;

/** Cards falling due on each of the next 30 days (today includes the overdue ones). */
export function ForecastChart() {
  const t = useProgressText();
  const headingId = useId();
  const { state, reload } = useForecast();

  return (
    <section className="card progress-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('forecast.title')}</h2>
      <PanelStatus
        state={state}
        loading={t('forecast.loading')}
        failed={t('forecast.failed')}
        retryLabel={t('forecast.retry')}
        onRetry={reload}
      />
      {state.status === 'ready' && <ForecastChartBody days={state.data.days} />}
    </section>
  );
}

export function ForecastChartBody({ days }: { days: ForecastDay[] }) {
  const t = useProgressText();
  const total = days.reduce((sum, day) => sum + day.due, 0);
  const today = days[0]?.due ?? 0;
  const dayTitle = (day: ForecastDay, index: number) =>
    index === 0
      ? t('forecast.barTitleToday', { count: day.due })
      : t('forecast.barTitle', { date: formatLongDate(day.date), count: day.due });

  return (
    <>
      <p className="muted progress-panel-lead">
        {total === 0
          ? t('forecast.empty', { count: FORECAST_DAYS })
          : t('forecast.lead', { count: days.length, today: formatNumber(today), total: formatNumber(total) })}
      </p>
      <BarChart
        summary={summarizeForecast(days)}
        height={170}
        barRatio={0.7}
        bars={days.map((day, index) => ({
          key: day.date,
          value: day.due,
          title: dayTitle(day, index),
          label: index === 0 ? t('chart.today') : index % LABEL_EVERY === 0 ? formatShortDate(day.date) : undefined,
          highlight: index === 0,
        }))}
      />
      {/* The wrapper hides it: a table box ignores the 1px size of .visually-hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('forecast.tableCaption', { count: days.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.day')}</th>
              <th scope="col">{t('forecast.cardsDue')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day.date}>
                <th scope="row">
                  {index === 0 ? t('forecast.todayRow', { date: formatLongDate(day.date) }) : formatLongDate(day.date)}
                </th>
                <td>{formatNumber(day.due)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

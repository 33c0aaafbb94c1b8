import { useId } from 'react';
import type { Analytics } from '@flashcard/api-contract';
import { useProgressText } from '../../../i18n';
import { formatLongDate, formatNumber, formatRate, formatWeekday, summarizeWeek } from '../chart-data';
import { useAnalytics, WEEK_DAYS } from '../hooks/use-analytics';
import { BarChart } from './BarChart';
import { PanelStatus } from './PanelStatus';

/** Reviews per day over the last 7 days (bars), with each day's success rate under its name. */
export function WeeklyChart() {
  const t = useProgressText();
  const headingId = useId();
  const { state, reload } = useAnalytics(WEEK_DAYS);

  return (
    <section className="card progress-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('weekly.title')}</h2>
      <PanelStatus
        state={state}
        loading={t('weekly.loading')}
        failed={t('weekly.failed')}
        retryLabel={t('weekly.retry')}
        onRetry={reload}
      />
      {state.status === 'ready' && <WeeklyChartBody analytics={state.data} />}
    </section>
  );
}

export function WeeklyChartBody({ analytics }: { analytics: Analytics }) {
  const t = useProgressText();
  const days = analytics.days.slice(-WEEK_DAYS);
  const reviews = days.reduce((total, day) => total + day.reviews, 0);
  const successRate = analytics.totals?.successRate ?? null;

  return (
    <>
      <p className="muted progress-panel-lead">
        {reviews === 0
          ? t('chart.noReviewsInLastDays', { count: WEEK_DAYS })
          : t('weekly.lead', { count: reviews, rate: formatRate(successRate) })}
      </p>
      <BarChart
        summary={summarizeWeek(days, successRate)}
        showValues
        bars={days.map((day, index) => ({
          key: day.date,
          value: day.reviews,
          title:
            day.successRate === null
              ? t('weekly.barTitleNoRate', { date: formatLongDate(day.date), count: day.reviews })
              : t('weekly.barTitle', {
                  date: formatLongDate(day.date),
                  count: day.reviews,
                  rate: formatRate(day.successRate),
                }),
          label: index === days.length - 1 ? t('chart.today') : formatWeekday(day.date),
          sublabel: formatRate(day.successRate),
          highlight: index === days.length - 1,
        }))}
      />
      <p className="progress-chart-legend muted" aria-hidden="true">
        {t('weekly.legend')}
      </p>
      {/* The wrapper hides it: a table box ignores the 1px size of .visually-hidden. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('weekly.tableCaption', { count: WEEK_DAYS })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.day')}</th>
              <th scope="col">{t('chart.reviews')}</th>
              <th scope="col">{t('weekly.successRate')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatLongDate(day.date)}</th>
                <td>{formatNumber(day.reviews)}</td>
                <td>{day.successRate === null ? t('chart.noReviews') : formatRate(day.successRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

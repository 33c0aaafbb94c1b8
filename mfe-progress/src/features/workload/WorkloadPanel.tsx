// Workload: the learner's expected reviews for the next year at a desired retention, simulated by
// the server from their cards and answers (Anki's FSRS simulator), and the retention-versus-
// workload curve to pick a target from, with a button that makes the chosen retention theirs.
// The slider asks again once it rests; meanwhile the last answer stays on screen.
import { useEffect, useId, useState } from 'react';
import { settingsApi, WORKLOAD_RETENTION, workloadApi, type Workload } from '@flashcard/api-contract';
import { useLoad } from '@flashcard/shared-ui';
import { useProgressText } from '../../i18n';
import { formatNumber, formatLongDate } from '../progress/chart-data';
import { PanelStatus } from '../progress/components/PanelStatus';
import { CurveChart, DailyChart } from './components/WorkloadCharts';
import { formatFigure, formatRetention, localToday, summarizeCurve, summarizeDaily, weeklyRows } from './workload-data';
import './workload.css';

/** Percent bounds of the slider: the retentions the settings accept. */
const MIN = Math.round(WORKLOAD_RETENTION.min * 100);
const MAX = Math.round(WORKLOAD_RETENTION.max * 100);
/** How long the slider rests before the server is asked. */
export const SETTLE_MS = 300;

export function WorkloadPanel() {
  const t = useProgressText();
  const headingId = useId();
  const inputId = useId();
  // Percent the controls show (null: the learner's target, once known), and the one last asked for.
  const [percent, setPercent] = useState<number | null>(null);
  const [asked, setAsked] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [applied, setApplied] = useState<number | null>(null);
  // What is typed in the number box while it has focus: '8' on the way to '85' is not a choice yet.
  const [typed, setTyped] = useState<string | null>(null);

  useEffect(() => {
    if (percent === null || percent === asked) return undefined;
    const timer = setTimeout(() => setAsked(percent), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [percent, asked]);

  const { state, reload } = useLoad(
    () => workloadApi.simulate(asked === null ? {} : { retention: asked / 100 }),
    [asked],
  );
  const workload = state.status === 'failed' ? undefined : state.data;
  const shown = percent ?? (workload ? Math.round(workload.target * 100) : null);

  const choose = (value: number) => {
    setApplied(null);
    setPercent(value);
  };

  async function apply(value: number) {
    setSaving(true);
    try {
      await settingsApi.update({ desiredRetention: value / 100 });
      setApplied(value);
      reload();
    } catch {
      // The client showed the server's reason; the panel keeps what it had.
    } finally {
      setSaving(false);
    }
  }

  return (
    <section
      className="card progress-panel workload"
      aria-labelledby={headingId}
      aria-busy={state.status === 'loading'}
    >
      <h2 id={headingId}>{t('workload.title')}</h2>
      <p className="muted progress-panel-lead">{t('workload.intro')}</p>
      {!workload && (
        <PanelStatus
          state={state}
          loading={t('workload.loading')}
          failed={t('workload.failed')}
          retryLabel={t('workload.retry')}
          onRetry={reload}
        />
      )}
      {workload && shown !== null && (
        <div className="stack">
          <div className="workload-controls">
            <label htmlFor={inputId}>{t('workload.retention')}</label>
            <div className="workload-inputs">
              <input
                id={inputId}
                type="range"
                min={MIN}
                max={MAX}
                step={1}
                value={shown}
                aria-valuetext={formatRetention(shown / 100)}
                aria-describedby={`${inputId}-hint`}
                onChange={(event) => {
                  setTyped(null);
                  choose(Number(event.target.value));
                }}
              />
              <input
                type="number"
                className="input workload-number"
                min={MIN}
                max={MAX}
                step={1}
                value={typed ?? shown}
                aria-label={t('workload.retentionPercent')}
                onChange={(event) => {
                  const value = Number(event.target.value);
                  setTyped(event.target.value);
                  if (event.target.value !== '' && Number.isInteger(value) && value >= MIN && value <= MAX)
                    choose(value);
                }}
                onBlur={() => setTyped(null)}
              />
              <span aria-hidden="true">%</span>
            </div>
            <p id={`${inputId}-hint`} className="muted workload-hint">
              {t('workload.retentionHint')}
            </p>
          </div>
          <WorkloadBody workload={workload} chosen={shown} />
          <div className="row workload-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => apply(shown)}
              disabled={saving || shown === Math.round(workload.target * 100)}
            >
              {saving ? t('workload.applying') : t('workload.apply', { retention: formatRetention(shown / 100) })}
            </button>
          </div>
          <p role="status" className="workload-applied">
            {applied !== null ? t('workload.applied', { retention: formatRetention(applied / 100) }) : ''}
          </p>
        </div>
      )}
    </section>
  );
}

function WorkloadBody({ workload, chosen }: { workload: Workload; chosen: number }) {
  const t = useProgressText();
  const today = localToday();
  const { summary } = workload;
  if (workload.cards.studied === 0 && workload.cards.new === 0) {
    return <p className="muted">{t('workload.empty')}</p>;
  }
  const weeks = weeklyRows(workload.daily, today);
  return (
    <>
      <dl className="workload-figures" aria-live="polite">
        <div>
          <dt>{t('workload.reviewsPerDay', { retention: formatRetention(workload.retention) })}</dt>
          <dd>{formatFigure(summary.reviewsPerDay)}</dd>
        </div>
        <div>
          <dt>{t('workload.minutesPerDay')}</dt>
          <dd>{formatFigure(summary.minutesPerDay)}</dd>
        </div>
        <div>
          <dt>{t('workload.remembered', { days: formatNumber(workload.days) })}</dt>
          <dd>{formatNumber(Math.round(summary.knowledge))}</dd>
        </div>
      </dl>
      <p className="muted workload-basis">
        {t('workload.cards', {
          studied: formatNumber(workload.cards.studied),
          waiting: formatNumber(workload.cards.new),
          perDay: formatNumber(workload.cards.newPerDay),
        })}{' '}
        {workload.personalParameters ? t('workload.personal') : t('workload.defaults')}
      </p>

      <h3 className="workload-subtitle">{t('workload.dailyTitle')}</h3>
      <DailyChart workload={workload} today={today} summary={summarizeDaily(workload, today)} />
      <div className="visually-hidden">
        <table>
          <caption>{t('workload.weeksCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('workload.weekOf')}</th>
              <th scope="col">{t('chart.reviews')}</th>
              <th scope="col">{t('workload.newCards')}</th>
              <th scope="col">{t('workload.minutes')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.date}>
                <th scope="row">{formatLongDate(week.date)}</th>
                <td>{formatNumber(week.reviews)}</td>
                <td>{formatNumber(week.newCards)}</td>
                <td>{formatNumber(week.minutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3 className="workload-subtitle">{t('workload.curveTitle')}</h3>
      <CurveChart workload={workload} chosen={chosen / 100} summary={summarizeCurve(workload)} />
      <ul className="workload-legend">
        <li>
          <span className="workload-swatch workload-swatch-target" aria-hidden="true" />
          {t('workload.target', { retention: formatRetention(workload.target) })}
        </li>
        <li>
          <span className="workload-swatch workload-swatch-chosen" aria-hidden="true" />
          {t('workload.chosen', { retention: formatRetention(chosen / 100) })}
        </li>
        {workload.efficient !== null && (
          <li>
            <span className="workload-swatch workload-swatch-efficient" aria-hidden="true" />
            {t('workload.efficient', { retention: formatRetention(workload.efficient) })}
          </li>
        )}
      </ul>
      <div className="visually-hidden">
        <table>
          <caption>{t('workload.curveCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('workload.retention')}</th>
              <th scope="col">{t('workload.reviewsPerDayColumn')}</th>
              <th scope="col">{t('workload.minutesPerDay')}</th>
              <th scope="col">{t('workload.rememberedColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {workload.curve.map((point) => (
              <tr key={point.retention}>
                <th scope="row">{formatRetention(point.retention)}</th>
                <td>{formatFigure(point.reviewsPerDay)}</td>
                <td>{formatFigure(point.minutesPerDay)}</td>
                <td>{formatNumber(Math.round(point.knowledge))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

// Personal scheduling: the learner's review count, a fit of their own FSRS-6 weights when enough
// reviews exist (suggested after each 1,000 new ones), how default and fitted weights predicted
// their history, which are in use, and a reschedule with them. The server refuses what it must
// (too few reviews, a fit already running) and the shared client toasts its reason.
import { useId, useState } from 'react';
import { optimizerApi, type OptimizerStatus, type ParameterScore } from '@flashcard/api-contract';
import { useLoad } from '@flashcard/shared-ui';
import { useProgressText } from '../../i18n';
import { PanelStatus } from '../progress/components/PanelStatus';
import { formatLongDate } from '../progress/chart-data';
import './optimizer.css';

/** Three decimals: log losses and RMSEs differ in the second or third. */
const score = (value: number) => value.toFixed(3);

export function OptimizerPanel() {
  const t = useProgressText();
  const headingId = useId();
  const { state, reload } = useLoad(optimizerApi.status);
  // What the last fit answered, shown at once instead of waiting for a reload.
  const [latest, setLatest] = useState<OptimizerStatus | null>(null);
  const [busy, setBusy] = useState<'optimize' | 'reschedule' | null>(null);
  const [rescheduled, setRescheduled] = useState<number | null>(null);
  const status = latest ?? (state.status === 'ready' ? state.data : null);

  async function optimize() {
    setBusy('optimize');
    setRescheduled(null);
    try {
      setLatest(await optimizerApi.optimize());
    } catch {
      // The client showed the server's reason; the panel keeps what it had.
    } finally {
      setBusy(null);
    }
  }

  async function reschedule() {
    setBusy('reschedule');
    try {
      setRescheduled((await optimizerApi.reschedule()).rescheduled);
    } catch {
      // As above.
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card progress-panel optimizer" aria-labelledby={headingId} aria-busy={busy !== null}>
      <h2 id={headingId}>{t('optimizer.title')}</h2>
      <p className="muted progress-panel-lead">{t('optimizer.intro')}</p>
      {!status && (
        <PanelStatus
          state={state}
          loading={t('optimizer.loading')}
          failed={t('optimizer.failed')}
          retryLabel={t('optimizer.retry')}
          onRetry={reload}
        />
      )}
      {status && (
        <div className="stack">
          <p className="optimizer-history">
            {t('optimizer.history', { count: status.reviewCount })}{' '}
            {status.reviewCount < status.minimumReviews && t('optimizer.needMore', { count: status.minimumReviews })}
          </p>
          {status.suggested && !status.running && (
            <p className="optimizer-suggestion" role="note">
              {t('optimizer.suggested')}
            </p>
          )}
          {status.running && busy !== 'optimize' && <p role="status">{t('optimizer.running')}</p>}
          {status.result && <Scores result={status.result} />}
          <div className="row optimizer-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={optimize}
              disabled={busy !== null || status.running || status.reviewCount < status.minimumReviews}
            >
              {busy === 'optimize' ? t('optimizer.optimizing') : t('optimizer.optimize')}
            </button>
            {status.result && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={reschedule}
                disabled={busy !== null || status.running}
                aria-describedby={`${headingId}-reschedule`}
              >
                {busy === 'reschedule' ? t('optimizer.rescheduling') : t('optimizer.reschedule')}
              </button>
            )}
          </div>
          {status.result && (
            <p id={`${headingId}-reschedule`} className="muted optimizer-hint">
              {t('optimizer.rescheduleHint')}
            </p>
          )}
          <p role="status" className="optimizer-done">
            {rescheduled !== null ? t('optimizer.rescheduled', { count: rescheduled }) : ''}
          </p>
        </div>
      )}
    </section>
  );
}

function Scores({ result }: { result: NonNullable<OptimizerStatus['result']> }) {
  const t = useProgressText();
  const row = (name: string, values: ParameterScore, inUse: boolean) => (
    <tr>
      <th scope="row">
        {name}
        {inUse && <span className="badge optimizer-in-use">{t('optimizer.inUse')}</span>}
      </th>
      <td>{score(values.logLoss)}</td>
      <td>{score(values.rmse)}</td>
    </tr>
  );
  return (
    <>
      <div className="optimizer-table-wrap">
        <table className="table optimizer-table">
          <caption>{t('optimizer.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('optimizer.parameters')}</th>
              <th scope="col">{t('optimizer.logLoss')}</th>
              <th scope="col">{t('optimizer.rmse')}</th>
            </tr>
          </thead>
          <tbody>
            {row(t('optimizer.defaults'), result.default, !result.inUse)}
            {row(t('optimizer.yours'), result.fitted, result.inUse)}
          </tbody>
        </table>
      </div>
      <p className="muted">
        {result.inUse ? t('optimizer.yoursInUse') : t('optimizer.defaultsKept')}{' '}
        {t('optimizer.fittedOn', {
          date: formatLongDate(result.fittedAt.slice(0, 10)),
          reviews: t('units.reviews', { count: result.reviewCount }),
        })}
      </p>
    </>
  );
}

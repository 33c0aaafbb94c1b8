import { useEffect, useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { platformApi, type Service, type ServiceEvent, type ServiceStatus } from '@flashcard/api-contract';
import { Spinner, useLoad } from '@flashcard/shared-ui';
import { useAdminText } from '../../../i18n';
import { TableScroll } from '../../admin/components/TableScroll';
import { formatCount, formatDateTime, formatMs, formatRate } from '../format';
import { useServices } from '../hooks/use-services';
import { actorText, failureReasonText, newestEventsFirst, probeState, type ProbeState } from '../services';
import { sectionId } from './PageNav';
import { ServiceForm } from './ServiceForm';
import { useConfirm } from './use-confirm';

const PROBE_TONES: Record<ProbeState, string> = {
  up: 'platform-badge-active',
  failing: 'platform-badge-canary',
  down: 'platform-badge-danger',
};
const CIRCUIT_TONES: Record<ServiceStatus['health']['circuit'], string> = {
  closed: 'platform-badge-active',
  'half-open': 'platform-badge-canary',
  open: 'platform-badge-danger',
};
/** Changes shown before "Show all": the API keeps the latest 50. */
const EVENTS_SHOWN = 10;

type Health = ServiceStatus['health'];

/** Reachability now: Up / Failing / Down, the status or the error, and how long the probe took. */
function ProbeFacts({ probe }: { probe: Health['probe'] }) {
  const t = useAdminText();
  const state = probeState(probe);
  const latency = formatMs(probe.latencyMs);
  return (
    <>
      <span className={`badge ${PROBE_TONES[state]}`}>{t(`platform.services.states.${state}`)}</span>
      <span className="muted platform-cell-note">
        {probe.status !== null
          ? t('platform.services.probeStatus', { status: probe.status, latency })
          : t('platform.services.probeError', { error: failureReasonText(probe.error ?? ''), latency })}
      </span>
    </>
  );
}

/** This API server's calls to the service over the last minutes: how many, the share that failed, p95. */
function TrafficFacts({ traffic }: { traffic: ServiceStatus['traffic'] }) {
  const t = useAdminText();
  const minutes = traffic.windowSeconds / 60;
  return (
    <span className="muted platform-cell-note">
      {traffic.requests === 0 || traffic.errorRate === null || traffic.p95Ms === null
        ? t('platform.services.noCalls', { minutes })
        : t('platform.services.calls', {
            minutes,
            count: traffic.requests,
            value: formatCount(traffic.requests),
            failed: formatRate(traffic.errorRate / 100),
            p95: formatMs(traffic.p95Ms),
          })}
    </span>
  );
}

/** This API server's breaker for the service: its state, failures in a row and the last one. */
function CircuitFacts({ health }: { health: Health }) {
  const t = useAdminText();
  return (
    <>
      <span className={`badge ${CIRCUIT_TONES[health.circuit]}`}>
        {t(`platform.services.circuits.${health.circuit}`)}
      </span>
      <span className="muted platform-cell-note">
        {t('platform.services.failuresInARow', {
          count: health.consecutiveFailures,
          value: formatCount(health.consecutiveFailures),
        })}
      </span>
      {health.lastFailure && (
        <span className="muted platform-cell-note">
          <Trans
            t={t}
            i18nKey="platform.services.lastFailure"
            values={{
              reason: failureReasonText(health.lastFailure.reason),
              date: formatDateTime(health.lastFailure.at),
            }}
            components={{ time: <time dateTime={health.lastFailure.at} /> }}
          />
        </span>
      )}
    </>
  );
}

function RemotesText({ remotes }: { remotes: readonly string[] }) {
  const t = useAdminText();
  return remotes.length ? (
    <span className="platform-mono">{remotes.join(', ')}</span>
  ) : (
    <span className="muted">{t('platform.services.noRemotes')}</span>
  );
}

interface RowProps {
  service: Service;
  round: number;
  canManage: boolean;
  busy: boolean;
  columns: number;
  onRemove: (name: string) => Promise<boolean>;
}

function ServiceRow({ service, round, canManage, busy, columns, onRemove }: RowProps) {
  const t = useAdminText();
  const { name } = service;
  // Each row asks for its own health, so one slow service never holds up the others; the row
  // says when it could not (no toast per row).
  const { state, reload } = useLoad(() => platformApi.serviceStatus(name, { skipErrorToast: true }), [name]);
  const checkedRound = useRef(round);
  useEffect(() => {
    if (checkedRound.current === round) return;
    checkedRound.current = round;
    reload();
  }, [round, reload]);
  // A check again keeps the last answer shown until the new one is in.
  const health = state.status === 'failed' ? null : (state.data?.health ?? null);
  const questionId = useId();
  const nameId = useId();
  const retryId = useId();
  const { confirming, ask, cancel, trigger: removeButton, cancelButton } = useConfirm();

  const checking = <span className="muted">{t('platform.services.checking')}</span>;
  const probeCell =
    state.status === 'failed' ? (
      <>
        <span className="platform-bad platform-cell-line">{t('platform.services.checkFailed')}</span>
        {/* "Retry quiz": the visible word first, then which service. */}
        <button
          id={retryId}
          type="button"
          className="btn btn-small platform-cell-button"
          aria-labelledby={`${retryId} ${nameId}`}
          onClick={reload}
        >
          {t('common.retry')}
        </button>
      </>
    ) : health && state.data ? (
      <>
        <ProbeFacts probe={health.probe} />
        <TrafficFacts traffic={state.data.traffic} />
      </>
    ) : (
      checking
    );

  return (
    <>
      <tr aria-busy={state.status === 'loading' || undefined}>
        <th scope="row">
          <span id={nameId} className="platform-mono platform-service-name">
            {name}
          </span>
          {/* A phone has no room for the address and remotes columns: they come here instead (CSS shows one or the other). */}
          <span className="platform-row-meta">
            <span className="platform-mono platform-cell-line">{service.url}</span>
            <span className="platform-cell-line">
              <Trans
                t={t}
                i18nKey="platform.services.rowRemotes"
                values={{ remotes: service.remotes.join(', ') || t('platform.services.noRemotes') }}
                components={{ mono: <span className={service.remotes.length ? 'platform-mono' : undefined} /> }}
              />
            </span>
          </span>
          {/* Not on a phone: the recent changes below say it there. */}
          <span className="muted platform-cell-note platform-service-registered">
            <Trans
              t={t}
              i18nKey="platform.services.registeredBy"
              values={{ date: formatDateTime(service.createdAt), actor: actorText(service.createdBy) }}
              components={{ time: <time dateTime={service.createdAt} /> }}
            />
          </span>
        </th>
        <td className="platform-col-wide platform-services-url">
          <span className="platform-mono">{service.url}</span>
        </td>
        <td className="platform-col-wide">
          <RemotesText remotes={service.remotes} />
        </td>
        <td>
          {probeCell}
          {/* On a phone the circuit column folds in here. */}
          {health && (
            <span className="platform-row-meta platform-services-circuit-meta">
              <span className="platform-cell-label">{t('platform.services.circuit')}</span>
              <CircuitFacts health={health} />
            </span>
          )}
        </td>
        <td className="platform-col-wide">
          {health ? <CircuitFacts health={health} /> : state.status === 'loading' && checking}
        </td>
        {canManage && (
          <td>
            <button
              ref={removeButton}
              type="button"
              className="btn btn-small btn-danger"
              disabled={busy || confirming}
              aria-label={t('platform.services.removeLabel', { name })}
              onClick={ask}
            >
              {t('platform.services.remove')}
            </button>
          </td>
        )}
      </tr>
      {confirming && (
        <tr className="platform-services-confirm-row">
          <td colSpan={columns}>
            <div
              className="stack platform-confirm"
              role="alertdialog"
              aria-label={t('platform.services.confirmLabel')}
              aria-describedby={questionId}
            >
              <p id={questionId} style={{ margin: 0 }}>
                {t('platform.services.confirm', { name })}
              </p>
              <div className="row">
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  disabled={busy}
                  onClick={() => void onRemove(name).then((done) => !done && cancel())}
                >
                  {t('platform.services.confirmRemove')}
                </button>
                <button ref={cancelButton} type="button" className="btn btn-small" disabled={busy} onClick={cancel}>
                  {t('platform.services.cancel')}
                </button>
              </div>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

function ServicesTable({
  services,
  round,
  canManage,
  busy,
  onRemove,
}: {
  services: readonly Service[];
  round: number;
  canManage: boolean;
  busy: boolean;
  onRemove: (name: string) => Promise<boolean>;
}) {
  const t = useAdminText();
  const captionId = useId();
  const columns = canManage ? 6 : 5;
  return (
    <TableScroll className="platform-table-wrap platform-scroll-hint" labelledBy={captionId}>
      <table className="table platform-table platform-services">
        <caption id={captionId} className="visually-hidden">
          {t('platform.services.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('platform.services.name')}</th>
            <th scope="col" className="platform-col-wide">
              {t('platform.services.url')}
            </th>
            <th scope="col" className="platform-col-wide">
              {t('platform.services.remotes')}
            </th>
            <th scope="col">{t('platform.services.reachable')}</th>
            <th scope="col" className="platform-col-wide">
              {t('platform.services.circuit')}
            </th>
            {canManage && (
              <th scope="col">
                <span className="visually-hidden">{t('platform.services.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {services.map((service) => (
            <ServiceRow
              key={service.name}
              service={service}
              round={round}
              canManage={canManage}
              busy={busy}
              columns={columns}
              onRemove={onRemove}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Registrations and removals, newest first: which address, for which remotes, by whom and when. */
function ServiceEvents({ events }: { events: readonly ServiceEvent[] }) {
  const t = useAdminText();
  const headingId = useId();
  const [all, setAll] = useState(false);
  const sorted = newestEventsFirst(events);
  const shown = all ? sorted : sorted.slice(0, EVENTS_SHOWN);
  return (
    <section aria-labelledby={headingId} className="platform-services-events">
      <h3 id={headingId} className="platform-subheading">
        {t('platform.services.events.title')}
      </h3>
      {sorted.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('platform.services.events.empty')}
        </p>
      ) : (
        <>
          <ol className="platform-list" aria-labelledby={headingId}>
            {shown.map((event) => (
              <li key={event.id}>
                <div className="row">
                  <strong className="platform-mono">{event.service}</strong>
                  <span className={event.action === 'remove' ? 'badge platform-badge-danger' : 'badge'}>
                    {t(`platform.services.events.${event.action}`)}
                  </span>
                </div>
                <p className="platform-event-detail">
                  <Trans
                    t={t}
                    i18nKey="platform.services.events.detail"
                    values={{
                      url: event.url,
                      remotes: event.remotes.join(', ') || t('platform.services.noRemotes'),
                    }}
                    components={{ mono: <span className="platform-mono" /> }}
                  />
                </p>
                <p className="muted platform-meta">
                  <Trans
                    t={t}
                    i18nKey="platform.services.events.meta"
                    values={{ date: formatDateTime(event.at), actor: actorText(event.actor) }}
                    components={{ time: <time dateTime={event.at} /> }}
                  />
                </p>
              </li>
            ))}
          </ol>
          {sorted.length > EVENTS_SHOWN && (
            <div>
              <button type="button" className="btn btn-small" aria-expanded={all} onClick={() => setAll(!all)}>
                {all
                  ? t('platform.services.events.showFewer')
                  : t('platform.services.events.showAll', { count: sorted.length })}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

interface Props {
  canManage: boolean;
  /** The registry's remotes, offered when registering a service. */
  remoteNames: readonly string[];
  /** Counts the console's Refresh clicks: each one loads and checks the services again. */
  refreshes: number;
}

/**
 * The gateway's services: each one's address, remotes and health now, their recent changes, and
 * (super admins) register and remove. Admins read it all: the addresses are operators' data and
 * the console is theirs.
 */
export function ServicesPanel({ canManage, remoteNames, refreshes }: Props) {
  const t = useAdminText();
  const headingId = useId();
  const { overview, loading, error, reload, round, busy, register, remove } = useServices();
  const seenRefreshes = useRef(refreshes);
  useEffect(() => {
    if (seenRefreshes.current === refreshes) return;
    seenRefreshes.current = refreshes;
    reload();
  }, [refreshes, reload]);

  return (
    <section
      id={sectionId('services')}
      tabIndex={-1}
      className="card stack platform-jump-target"
      aria-labelledby={headingId}
      aria-busy={loading}
    >
      <div className="spread">
        <h2 id={headingId} style={{ margin: 0 }}>
          {t('platform.services.title')}
        </h2>
        {overview && (
          <button type="button" className="btn btn-small" disabled={loading} onClick={reload}>
            {t('platform.services.refresh')}
          </button>
        )}
      </div>
      <p className="muted" style={{ margin: 0 }}>
        {t('platform.services.intro')}
      </p>
      {!canManage && (
        <p className="platform-note muted" role="note">
          {t('platform.services.readOnly')}
        </p>
      )}
      {!overview && loading && <Spinner label={t('platform.services.loading')} />}
      {error !== null && !loading && (
        <div className="alert alert-error row" role="alert" style={{ margin: 0 }}>
          <span>{t('platform.services.loadFailed')}</span>
          <button type="button" className="btn btn-small" onClick={reload}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {overview &&
        (overview.services.length === 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            {t('platform.services.empty')}
          </p>
        ) : (
          <ServicesTable
            services={overview.services}
            round={round}
            canManage={canManage}
            busy={busy}
            onRemove={remove}
          />
        ))}
      {overview && <ServiceEvents events={overview.events} />}
      {canManage && <ServiceForm remoteNames={remoteNames} busy={busy} onRegister={register} />}
    </section>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import type { CreateDeployTokenBody, DeployToken } from '@flashcard/api-contract';
import { Spinner } from '@flashcard/shared-ui';
import { useAdminText } from '../../../i18n';
import { formatDate, formatDateTime } from '../format';
import { useDeployTokens } from '../hooks/use-deploy-tokens';
import { tokenState, type TokenState } from '../registry';
import { CopyField } from './CopyField';
import { CreateTokenForm } from './CreateTokenForm';
import { sectionId } from './PageNav';
import { useConfirm } from './use-confirm';

const STATE_KEYS = {
  live: 'platform.tokens.live',
  revoked: 'platform.tokens.revoked',
  expired: 'platform.tokens.expired',
} as const;
const STATE_TONES: Record<TokenState, string> = {
  live: 'platform-badge-active',
  revoked: 'platform-badge-danger',
  expired: '',
};

/** A date (the full time as a tooltip), or `fallback` when there is none. */
function When({ iso, fallback }: { iso: string | null; fallback: string }) {
  if (!iso) return <>{fallback}</>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDate(iso)}
    </time>
  );
}

/** The token text, this once: only its hash is stored, so nobody can show it again. */
function NewToken({ label, token, onDone }: { label: string; token: string; onDone: () => void }) {
  const t = useAdminText();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The notice appears below the form: take the reader (and the keyboard) to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="platform-new-token stack" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="platform-subheading">
        {t('platform.tokens.shown.title', { label })}
      </h3>
      <p className="platform-once" role="note">
        {t('platform.tokens.shown.once')}
      </p>
      <CopyField label={t('platform.tokens.shown.token')} value={token} />
      <div>
        <button type="button" className="btn btn-primary btn-small" onClick={onDone}>
          {t('platform.tokens.shown.done')}
        </button>
      </div>
    </section>
  );
}

interface RowProps {
  token: DeployToken;
  busy: boolean;
  onRevoke: (token: DeployToken) => Promise<boolean>;
}

function TokenItem({ token, busy, onRevoke }: RowProps) {
  const t = useAdminText();
  const state = tokenState(token);
  const questionId = useId();
  const { confirming, ask, cancel, trigger: revokeButton, cancelButton } = useConfirm();

  return (
    <li className="platform-token">
      <div className="platform-token-head">
        <strong className="platform-token-label">{token.label}</strong>
        <span className={`badge ${STATE_TONES[state]}`}>{t(STATE_KEYS[state])}</span>
      </div>
      <dl className="platform-token-facts">
        <div>
          <dt>{t('platform.tokens.remotes')}</dt>
          <dd className="platform-mono">{token.remotes.join(', ')}</dd>
        </div>
        <div>
          <dt>{t('platform.tokens.created')}</dt>
          <dd>
            <When iso={token.createdAt} fallback="" />
          </dd>
        </div>
        <div>
          <dt>{t('platform.tokens.lastUsed')}</dt>
          <dd>
            <When iso={token.lastUsedAt} fallback={t('platform.tokens.neverUsed')} />
          </dd>
        </div>
        <div>
          <dt>{token.revokedAt ? t('platform.tokens.revoked') : t('platform.tokens.expires')}</dt>
          <dd>
            {token.revokedAt ? (
              <When iso={token.revokedAt} fallback="" />
            ) : (
              <When iso={token.expiresAt} fallback={t('platform.tokens.never')} />
            )}
          </dd>
        </div>
      </dl>
      {state === 'live' &&
        (confirming ? (
          <div
            className="stack platform-confirm"
            role="alertdialog"
            aria-label={t('platform.tokens.confirmLabel')}
            aria-describedby={questionId}
          >
            <p id={questionId} style={{ margin: 0 }}>
              {t('platform.tokens.confirm', { label: token.label })}
            </p>
            <div className="row">
              <button
                type="button"
                className="btn btn-small btn-danger"
                disabled={busy}
                onClick={() => void onRevoke(token).then((done) => !done && cancel())}
              >
                {t('platform.tokens.confirmRevoke')}
              </button>
              <button ref={cancelButton} type="button" className="btn btn-small" disabled={busy} onClick={cancel}>
                {t('platform.tokens.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div>
            <button
              ref={revokeButton}
              type="button"
              className="btn btn-small btn-danger"
              disabled={busy}
              aria-label={t('platform.tokens.revokeLabel', { label: token.label })}
              onClick={ask}
            >
              {t('platform.tokens.revoke')}
            </button>
          </div>
        ))}
    </li>
  );
}

/** Deploy tokens: listed, revoked and made here by super admins; admins are told they cannot. */
export function DeployTokens({ canManage, remoteNames }: { canManage: boolean; remoteNames: readonly string[] }) {
  const t = useAdminText();
  const headingId = useId();
  return (
    <section
      id={sectionId('tokens')}
      tabIndex={-1}
      className="card stack platform-jump-target"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} style={{ margin: 0 }}>
        {t('platform.tokens.title')}
      </h2>
      {canManage ? (
        <TokensManager remoteNames={remoteNames} />
      ) : (
        // The list itself is super admin only (403 otherwise): nothing to show but why.
        <p className="platform-note muted" role="note">
          {t('platform.tokens.superAdminOnly')}
        </p>
      )}
    </section>
  );
}

function TokensManager({ remoteNames }: { remoteNames: readonly string[] }) {
  const t = useAdminText();
  const { tokens, loading, error, reload, busy, create, revoke } = useDeployTokens();
  // The one place the token text lives: gone once dismissed (or the screen is left).
  const [created, setCreated] = useState<{ label: string; token: string } | null>(null);

  async function onCreate(body: CreateDeployTokenBody): Promise<boolean> {
    const token = await create(body);
    if (token === null) return false;
    setCreated({ label: body.label, token });
    return true;
  }

  return (
    <>
      <p className="muted" style={{ margin: 0 }}>
        {t('platform.tokens.intro')}
      </p>
      {!tokens && loading && <Spinner label={t('platform.tokens.loading')} />}
      {error !== null && !loading && (
        <div className="alert alert-error row" role="alert" style={{ margin: 0 }}>
          <span>{t('platform.tokens.loadFailed')}</span>
          <button type="button" className="btn btn-small" onClick={reload}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {tokens &&
        (tokens.length === 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            {t('platform.tokens.empty')}
          </p>
        ) : (
          <ul className="platform-list" aria-label={t('platform.tokens.listLabel')}>
            {tokens.map((token) => (
              <TokenItem key={token.id} token={token} busy={busy} onRevoke={revoke} />
            ))}
          </ul>
        ))}
      <CreateTokenForm remoteNames={remoteNames} busy={busy} onCreate={onCreate} />
      {created && <NewToken label={created.label} token={created.token} onDone={() => setCreated(null)} />}
    </>
  );
}

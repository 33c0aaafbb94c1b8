import type { LoadState } from '@flashcard/shared-ui';
import { useProgressText } from '../../../i18n';

/**
 * What a secondary panel shows until its data is there: a polite loading line, or a short note
 * with a Retry button when its call failed (the rest of the page keeps working).
 */
export function PanelStatus({
  state,
  loading,
  failed,
  retryLabel,
  onRetry,
}: {
  state: LoadState<unknown>;
  loading: string;
  failed: string;
  /** Accessible name of the Retry button; starts with its visible text ('Retry'). */
  retryLabel: string;
  onRetry: () => void;
}) {
  const t = useProgressText();
  if (state.status === 'loading') {
    return (
      <p className="muted" role="status">
        {loading}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="progress-panel-error row" role="status">
        <span>{failed}</span>
        <button type="button" className="btn btn-small" aria-label={retryLabel} onClick={onRetry}>
          {t('panel.retry')}
        </button>
      </div>
    );
  }
  return null;
}

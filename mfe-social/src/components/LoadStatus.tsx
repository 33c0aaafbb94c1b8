// What a screen shows for a useLoad state that is not ready: a loading line, or the error with Retry.
import type { LoadState } from '@flashcard/shared-ui';
import { useSocialText } from '../i18n';

export function LoadStatus({
  state,
  loading,
  failed,
  onRetry,
}: {
  state: LoadState<unknown>;
  loading: string;
  failed: string;
  onRetry: () => void;
}) {
  const t = useSocialText();
  if (state.status === 'loading') {
    return (
      <p className="muted" role="status">
        {loading}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="card row" role="alert">
        <span>{failed}</span>
        <button type="button" className="btn" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return null;
}

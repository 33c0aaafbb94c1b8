// What a screen shows for a useLoad state that is not ready: a loading line, or the error with Retry.
import type { LoadState } from '../hooks/useLoad';

export function LoadStatus({ state, loading, failed, retry }: { state: LoadState<unknown>; loading: string; failed: string; retry: () => void }) {
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
        <button type="button" className="btn" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  return null;
}

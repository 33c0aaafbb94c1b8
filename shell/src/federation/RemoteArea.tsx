// Mounts one remote's screen. Each area has its own Suspense and error boundary, so a remote
// that is down costs only its own area: the sidebar, the other areas and sign-out keep working.
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '@flashcard/shared-ui';
import { loadRemoteModule, resetRemote, type RemoteName } from './registry';

export const UNAVAILABLE_TEXT = 'This section is unavailable right now';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('[federation] remote area failed', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="center-screen">
        <div className="card stack" role="alert" style={{ maxWidth: 420, textAlign: 'center' }}>
          <h2>{UNAVAILABLE_TEXT}</h2>
          <p className="muted">The rest of the app still works. You can try loading this section again.</p>
          <button type="button" className="btn btn-primary" onClick={this.props.onRetry}>
            Retry
          </button>
        </div>
      </div>
    );
  }
}

// One lazy component per remote module, kept across navigations so a loaded area shows at once.
const lazyAreas = new Map<string, ComponentType>();

function lazyArea(remote: RemoteName, exposed: string): ComponentType {
  const key = `${remote}/${exposed}`;
  let area = lazyAreas.get(key);
  if (!area) {
    area = lazy(() => loadRemoteModule<ComponentType>(remote, exposed).then((c) => ({ default: c })));
    lazyAreas.set(key, area);
  }
  return area;
}

export function RemoteArea({ remote, exposed = './App' }: { remote: RemoteName; exposed?: string }) {
  const [attempt, setAttempt] = useState(0);
  const Area = lazyArea(remote, exposed);

  async function retry() {
    lazyAreas.delete(`${remote}/${exposed}`);
    await resetRemote(remote).catch(() => undefined);
    setAttempt((n) => n + 1);
  }

  // Keyed by area too: two routes render RemoteArea at the same place in the tree, and one
  // area's failure must not stick to the next one.
  return (
    <RemoteErrorBoundary key={`${remote}/${exposed}#${attempt}`} onRetry={retry}>
      <Suspense fallback={<Spinner label="Loading section..." />}>
        <Area />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

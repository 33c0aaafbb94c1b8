// Mounts one remote's screen. Each area has its own Suspense and error boundary, so a remote
// that is down costs only its own area: the sidebar, the other areas and sign-out keep working.
// What happens to the area is reported to the registry with the served version (health.ts): a
// failure to load the remote's code as a load failure, an error thrown while rendering it as a
// render error, and the area's Web Vitals; the console and the automatic canary halt read them
// per version. A route the registry restricts to roles is guarded here, whatever the remote
// itself checks.
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { RouteSpec } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { AccessDenied, Spinner } from '@flashcard/shared-ui';
import { useShellText } from '../i18n';
import en from '../i18n/en';
import { enterArea, reportHealth, startVitals } from './health';
import { areaKey, forgetArea, loadArea, loadedArea, prefetchArea } from './areas';
import { resetRemote } from './platform';

/** The fallback's heading in English (the screen shows it in the page's language). */
export const UNAVAILABLE_TEXT = en.remote.unavailable;

interface BoundaryProps {
  remote: string;
  version: string;
  onRetry: () => void;
  children: ReactNode;
}

/** The remote's code did not arrive or did not evaluate (as opposed to an error while rendering). */
class RemoteLoadError extends Error {
  constructor(readonly reason: unknown) {
    super('remote load failed');
  }
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 1000);
}

function Unavailable({ onRetry }: { onRetry: () => void }) {
  const t = useShellText();
  return (
    <div className="center-screen">
      <div className="card stack" role="alert" style={{ maxWidth: 420, textAlign: 'center' }}>
        <h2>{t('remote.unavailable')}</h2>
        <p className="muted">{t('remote.unavailableHint')}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('remote.retry')}
        </button>
      </div>
    </div>
  );
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    const loading = error instanceof RemoteLoadError;
    const cause = loading ? error.reason : error;
    console.error(`[federation] ${this.props.remote} ${this.props.version} failed`, cause);
    reportHealth({
      remote: this.props.remote,
      version: this.props.version,
      kind: loading ? 'load-failure' : 'render-error',
      message: describe(cause),
    });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <Unavailable onRetry={this.props.onRetry} />;
  }
}

// One lazy component per remote version and module, kept across navigations so a loaded area
// shows at once. Its factory runs at the area's first render: an area whose code has already run
// (areas.ts keeps its module) resolves in that very render through a thenable that calls back at
// once, so React neither suspends nor shows "Loading section..."; the component is the same
// whether the code was there or not, so an area is never mounted twice.
const lazyAreas = new Map<string, ComponentType>();

type Loaded = { default: ComponentType };

/** A thenable already resolved: React.lazy reads it in the same render. */
function resolvedNow(value: Loaded): Promise<Loaded> {
  return { then: (resolve: (loaded: Loaded) => unknown) => resolve(value) } as unknown as Promise<Loaded>;
}

function lazyArea(key: string, remote: string, version: string, exposed: string): ComponentType {
  let area = lazyAreas.get(key);
  if (!area) {
    area = lazy(() => {
      // The area's first calls start now, beside its rendering, not after it (areas.ts).
      const where = { pathname: window.location.pathname, search: window.location.search };
      const ready = loadedArea(key);
      if (ready) {
        prefetchArea(ready, where);
        return resolvedNow({ default: ready.default });
      }
      return loadArea(remote, version, exposed).then(
        (module) => {
          prefetchArea(module, where);
          return { default: module.default };
        },
        (error: unknown) => Promise.reject(new RemoteLoadError(error)),
      );
    });
    lazyAreas.set(key, area);
  }
  return area;
}

export interface RemoteAreaProps {
  remote: string;
  /** The version the manifest chose (reported with failures and vitals). */
  version: string;
  exposed?: string;
  /** Only these roles may open the area (from the release's route metadata). */
  roles?: RouteSpec['roles'];
}

export function RemoteArea({ remote, version, exposed = './App', roles }: RemoteAreaProps) {
  const t = useShellText();
  const [attempt, setAttempt] = useState(0);
  const role = useAuthStore((s) => s.user?.role);
  const key = areaKey(remote, version, exposed);
  const allowed = !roles?.length || Boolean(role && roles.includes(role));
  // The area's Web Vitals, from its mount until its route is left.
  useEffect(() => (allowed ? enterArea(remote, version) : undefined), [allowed, remote, version]);
  if (!allowed) return <AccessDenied />;
  const Area = lazyArea(key, remote, version, exposed);

  async function retry() {
    lazyAreas.delete(key);
    forgetArea(key);
    await resetRemote(remote).catch(() => undefined);
    setAttempt((n) => n + 1);
  }

  // Keyed by area too: two routes render RemoteArea at the same place in the tree, and one
  // area's failure must not stick to the next one.
  return (
    <RemoteErrorBoundary key={`${key}#${attempt}`} remote={remote} version={version} onRetry={retry}>
      <Suspense fallback={<Spinner label={t('remote.loading')} />}>
        {/* lazyArea hands out one cached component per remote version and module, kept across
            renders: not a new component type per render, which is what the rule guards against. */}
        {/* eslint-disable-next-line react-hooks/static-components */}
        <Area />
        <AreaShown />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * Rendered beside the area, inside its Suspense: its effect runs once the area's code has
 * arrived and rendered, so web-vitals (loaded then, when idle; its observers are buffered) never
 * competes with the area's own first load.
 */
function AreaShown() {
  useEffect(() => startVitals(), []);
  return null;
}

/** A path no loaded manifest routes: wait for the manifest, or offer Retry if it failed. */
export function PendingArea({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const t = useShellText();
  return failed ? <Unavailable onRetry={onRetry} /> : <Spinner label={t('remote.loading')} />;
}

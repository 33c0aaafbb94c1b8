// The one way a screen loads server data: `const { state, reload } = useLoad(() => api.x(id), [id])`.
// A failure needs no toast here: the kernel's client has already shown the generic one (a screen
// that words it itself calls toastFailure).
import { useCallback, useEffect, useMemo, useRef, useState, type DependencyList } from 'react';
import { keepLoad, keptLoad, unanswered } from './kept-loads';

/**
 * Where a load is. `data` while loading or failed is the hook's previous answer (another page
 * of a table, the answer before a reload), for a screen that keeps it shown meanwhile; a
 * panel that shows a fresh state looks at `status` only.
 */
export type LoadState<T> =
  | { status: 'loading'; data?: T }
  /** `keptAt`: the network did not answer and this is the answer kept from then (`keep`). */
  | { status: 'ready'; data: T; keptAt?: number }
  | { status: 'failed'; error: unknown; data?: T };

export interface LoadOptions {
  /**
   * Keeps each answer in this browser under this key (per learner) and, when a load gets no
   * answer (offline), shows the kept one with `keptAt`. Name what the answer depends on in it
   * (`analytics:${days}`).
   */
  keep?: string;
}

export interface Load<T> {
  state: LoadState<T>;
  /** Loads again (Retry, or after a change the screen made). */
  reload: () => void;
}

interface Settled<T> {
  request: object;
  state: LoadState<T>;
}

/**
 * Calls `load` on mount, whenever a value of `deps` changes (as with useEffect; the lint checks
 * them against what `load` uses) and on `reload`. Only the latest request's answer is kept: an
 * answer that arrives after a newer request, or after the component unmounted, is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList = [], { keep }: LoadOptions = {}): Load<T> {
  // One object per request: the state is 'loading' until the answer to this very request is in.
  const [request, setRequest] = useState<object>(() => ({}));
  const [requestDeps, setRequestDeps] = useState(deps);
  if (!sameDeps(requestDeps, deps)) {
    // New deps, new request, decided in this render (React's "adjusting state on a change").
    setRequestDeps(deps);
    setRequest({});
  }
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  // The `load` of the render that made the request (its deps are in the request's).
  const latest = useRef({ load, keep });
  useEffect(() => {
    latest.current = { load, keep };
  });

  useEffect(() => {
    let current = true;
    const { load, keep } = latest.current;
    // A load that throws at once fails like one that rejects.
    new Promise<T>((resolve) => resolve(load())).then(
      (data) => {
        if (keep) keepLoad(keep, data);
        if (current) setSettled({ request, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!current) return;
        const kept = keep && unanswered(error) ? keptLoad<T>(keep) : null;
        if (kept) setSettled({ request, state: { status: 'ready', data: kept.data, keptAt: kept.savedAt } });
        else setSettled((previous) => ({ request, state: { status: 'failed', error, data: previous?.state.data } }));
      },
    );
    return () => {
      current = false;
    };
  }, [request]);

  const reload = useCallback(() => setRequest({}), []);
  const state = useMemo<LoadState<T>>(
    () =>
      settled?.request === request
        ? settled.state
        : settled
          ? { status: 'loading', data: settled.state.data }
          : { status: 'loading' },
    [settled, request],
  );
  return { state, reload };
}

const sameDeps = (a: DependencyList, b: DependencyList) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

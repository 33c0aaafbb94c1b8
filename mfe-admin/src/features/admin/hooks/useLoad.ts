import { useCallback, useEffect, useMemo, useState } from 'react';

export interface LoadState<T> {
  data: T | null;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

interface Settled<T> {
  request: object;
  data: T | null;
  error: unknown;
}

/**
 * Loads `load()` on mount and whenever it changes (pass a memoised function) or `reload` is
 * called; only the latest request's answer is kept, and the last data stays shown meanwhile.
 * The shared client has already toasted a failure.
 */
export function useLoad<T>(load: () => Promise<T>): LoadState<T> {
  const [tick, setTick] = useState(0);
  // One object per request: loading until the answer for this very request is in.
  const request = useMemo(() => ({ load, tick }), [load, tick]);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    let active = true;
    // A load that throws at once fails like one that rejects: the screen shows Retry.
    new Promise<T>((resolve) => resolve(request.load())).then(
      (data) => {
        if (active) setSettled({ request, data, error: null });
      },
      (error: unknown) => {
        if (active) setSettled((previous) => ({ request, data: previous?.data ?? null, error }));
      },
    );
    return () => {
      active = false;
    };
  }, [request]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  return {
    data: settled?.data ?? null,
    loading: settled?.request !== request,
    error: settled?.error ?? null,
    reload,
  };
}

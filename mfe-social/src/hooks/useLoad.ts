// One screen's data: loading, ready or failed, with a retry. An answer that arrives after the
// screen has gone is ignored.
import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

export function useLoad<T>(load: () => Promise<T>): { state: LoadState<T>; retry: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The latest loader, without making every render a new load.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    let active = true;
    loader.current().then(
      (data) => active && setState({ status: 'ready', data }),
      () => active && setState({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}

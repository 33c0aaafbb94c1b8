import { useCallback, useEffect, useRef, useState } from 'react';
import { platformApi, type RegistryOverview } from '@flashcard/api-contract';

export interface PlatformOverviewState {
  /** The last overview loaded (kept while a refresh runs or after a refresh fails). */
  overview: RegistryOverview | null;
  /** A load is under way (the first one or a refresh). */
  loading: boolean;
  /** Why the last load failed; cleared by the next successful one. */
  error: unknown;
  /** Loads the overview again; only the latest call's answer is kept. */
  reload: () => Promise<void>;
}

type LoadResult = { overview: RegistryOverview } | { error: unknown };

async function fetchOverview(): Promise<LoadResult> {
  try {
    return { overview: await platformApi.overview() };
  } catch (error) {
    // The shared client has already toasted the failure; the screen shows it and a Retry.
    return { error };
  }
}

/** The registry overview (remotes, releases, failures, audit), loaded on mount. */
export function usePlatformOverview(): PlatformOverviewState {
  const [overview, setOverview] = useState<RegistryOverview | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);
  const mounted = useRef(false);

  /** Stores a load's result unless a later load started or the screen has gone. */
  const apply = useCallback((request: number, result: LoadResult) => {
    if (!mounted.current || request !== latest.current) return;
    if ('overview' in result) {
      setOverview(result.overview);
      setError(null);
    } else {
      setError(result.error);
    }
    setLoading(false);
  }, []);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    setLoading(true);
    apply(request, await fetchOverview());
  }, [apply]);

  useEffect(() => {
    mounted.current = true;
    const request = ++latest.current;
    void fetchOverview().then((result) => apply(request, result));
    return () => {
      mounted.current = false;
    };
  }, [apply]);

  return { overview, loading, error, reload };
}

import { useCallback, useEffect, useState } from 'react';
import { cardsApi, type FilterOptions } from '@flashcard/api-contract';

const NONE: FilterOptions = { colleges: [], classes: [] };

/** The choices; null when they could not be loaded. */
async function loadFilterOptions(): Promise<FilterOptions | null> {
  try {
    const data = await cardsApi.filterOptions();
    return {
      colleges: Array.isArray(data?.colleges) ? data.colleges : [],
      classes: Array.isArray(data?.classes) ? data.classes : [],
    };
  } catch (err) {
    console.error('Failed to load filter options', err);
    return null;
  }
}

/** College and class choices for the filters. Spec: a failure is only logged, never toasted. */
export function useFilterOptions() {
  const [options, setOptions] = useState<FilterOptions>(NONE);

  const reload = useCallback(async () => {
    const loaded = await loadFilterOptions();
    if (loaded) setOptions(loaded);
  }, []);

  useEffect(() => {
    let mounted = true;
    void loadFilterOptions().then((loaded) => {
      if (mounted && loaded) setOptions(loaded);
    });
    return () => {
      mounted = false;
    };
  }, []);

  return { ...options, reload };
}

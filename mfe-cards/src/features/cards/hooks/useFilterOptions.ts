import { useCallback, useEffect, useState } from 'react';
import { cardsApi, type FilterOptions } from '@flashcard/shared-auth';

const NONE: FilterOptions = { colleges: [], classes: [] };

/** College and class choices for the filters. Spec: a failure is only logged, never toasted. */
export function useFilterOptions() {
  const [options, setOptions] = useState<FilterOptions>(NONE);

  const reload = useCallback(async () => {
    try {
      const data = await cardsApi.filterOptions();
      setOptions({
        colleges: Array.isArray(data?.colleges) ? data.colleges : [],
        classes: Array.isArray(data?.classes) ? data.classes : [],
      });
    } catch (err) {
      console.error('Failed to load filter options', err);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...options, reload };
}

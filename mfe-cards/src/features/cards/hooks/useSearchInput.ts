import { useCallback, useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box text and the query actually applied: typing applies after a pause, submitting
 * applies at once, and emptying the box applies at once (back to the full list).
 */
export function useSearchInput(delay = SEARCH_DEBOUNCE_MS) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');

  useEffect(() => {
    const next = input.trim();
    if (next === '') {
      setQuery('');
      return;
    }
    const timer = setTimeout(() => setQuery(next), delay);
    return () => clearTimeout(timer);
  }, [input, delay]);

  const submit = useCallback(() => setQuery(input.trim()), [input]);
  const clear = useCallback(() => {
    setInput('');
    setQuery('');
  }, []);

  return { input, setInput, query, submit, clear };
}

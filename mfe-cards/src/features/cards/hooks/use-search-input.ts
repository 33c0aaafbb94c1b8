import { useCallback, useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box text and the query actually applied: typing applies after a pause, submitting
 * applies at once, and emptying the box applies at once (back to the full list).
 */
export function useSearchInput(delay = SEARCH_DEBOUNCE_MS) {
  const [input, setInputText] = useState('');
  const [query, setQuery] = useState('');

  const setInput = useCallback((text: string) => {
    setInputText(text);
    if (text.trim() === '') setQuery('');
  }, []);

  useEffect(() => {
    const next = input.trim();
    if (next === '') return; // applied by setInput already
    const timer = setTimeout(() => setQuery(next), delay);
    return () => clearTimeout(timer);
  }, [input, delay]);

  const submit = useCallback(() => setQuery(input.trim()), [input]);
  const clear = useCallback(() => setInput(''), [setInput]);

  return { input, setInput, query, submit, clear };
}

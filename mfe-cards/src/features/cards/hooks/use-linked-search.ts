import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NO_FILTERS, type FilterValues } from '../filters';

/**
 * What a link into My Cards asks for (the top bar's search: a card is `?q=<what was typed>`, a
 * set `?set=<id>`): applied on arrival as if typed or chosen here, then the address is left clean,
 * so the learner's own changes are not undone by it.
 */
export function useLinkedSearch(view: {
  setFilterValues: (values: FilterValues) => void;
  search: { setInput: (text: string) => void };
}) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q');
  const set = params.get('set');
  const { setFilterValues, search } = view;
  const { setInput } = search;
  useEffect(() => {
    if (q === null && set === null) return;
    if (set !== null) setFilterValues({ ...NO_FILTERS, category: set });
    if (q !== null) setInput(q);
    setParams({}, { replace: true });
  }, [q, set, setFilterValues, setInput, setParams]);
}

import { useCallback, useMemo, useState } from 'react';
import type { Card } from '@flashcard/api-contract';

/** A copy of `ids` with `id` added or taken out. */
function withToggled(ids: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The cards ticked for a bulk move. A ticked card the list no longer shows (filtered out) stays
 * ticked but is left out of `ids`, so nothing hidden is ever moved.
 */
export function useSelection(shown: readonly Card[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const ids = useMemo(() => shown.filter((c) => selected.has(c.id)).map((c) => c.id), [shown, selected]);

  const toggle = useCallback((id: number) => setSelected((current) => withToggled(current, id)), []);
  /** "Select all shown": adds every shown card to what is ticked already. */
  const selectShown = useCallback(
    () => setSelected((current) => new Set([...current, ...shown.map((c) => c.id)])),
    [shown],
  );
  /** Unticks a card that is gone (deleted); the same set when it was not ticked. */
  const forget = useCallback(
    (id: number) => setSelected((current) => (current.has(id) ? withToggled(current, id) : current)),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);

  return { selected, ids, toggle, selectShown, forget, clear };
}

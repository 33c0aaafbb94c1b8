import { useCallback, useEffect, useRef } from 'react';

/**
 * Keyboard users keep their place in the card grid when its cards change: after "Show more"
 * focus lands on the first new card, after a delete on the card that took the deleted one's
 * place (or the one before it), and on `fallback` (the "Add New Card" button) when no card is
 * left. `grid` goes on the list, `fallback` on that button.
 */
export function useGridFocus(shown: readonly unknown[]) {
  const grid = useRef<HTMLUListElement>(null);
  const fallback = useRef<HTMLButtonElement>(null);
  const target = useRef<number | null>(null);

  useEffect(() => {
    const index = target.current;
    if (index === null) return;
    target.current = null;
    const tiles = grid.current?.children;
    const tile = tiles?.length ? tiles[Math.min(index, tiles.length - 1)] : null;
    const control = tile?.querySelector<HTMLElement>('input, button') ?? fallback.current;
    control?.focus();
  }, [shown]);

  /** Once the shown cards change, focus the tile at `index`; null: leave the focus alone. */
  const focusTileAfterChange = useCallback((index: number | null) => {
    target.current = index;
  }, []);

  /** Once the shown cards change, focus the tile where the focused one is now (if one is). */
  const keepFocusedPlace = useCallback(() => {
    const tile = document.activeElement?.closest('li');
    const index = tile && grid.current ? Array.prototype.indexOf.call(grid.current.children, tile) : -1;
    if (index >= 0) target.current = index;
  }, []);

  return { grid, fallback, focusTileAfterChange, keepFocusedPlace };
}

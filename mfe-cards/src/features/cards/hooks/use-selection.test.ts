import { act, renderHook } from '@testing-library/react';
import type { Card } from '@flashcard/api-contract';
import { makeCard } from '../../../test/cards';
import { useSelection } from './use-selection';

const [one, two, three] = [makeCard(1), makeCard(2), makeCard(3)];

function setup(shown: Card[]) {
  return renderHook(({ cards }) => useSelection(cards), { initialProps: { cards: shown } });
}

it('ticks and unticks cards, and lists them in the order they are shown', () => {
  const { result } = setup([one, two, three]);
  act(() => result.current.toggle(3));
  act(() => result.current.toggle(1));
  expect(result.current.ids).toEqual([1, 3]);
  act(() => result.current.toggle(3));
  expect(result.current.ids).toEqual([1]);
});

it('keeps a ticked card the list stops showing, but never counts it', () => {
  const { result, rerender } = setup([one, two]);
  act(() => result.current.toggle(2));
  rerender({ cards: [one] }); // filtered out
  expect(result.current.ids).toEqual([]);
  expect(result.current.selected.has(2)).toBe(true);
  rerender({ cards: [one, two] });
  expect(result.current.ids).toEqual([2]);
});

it('"Select all shown" adds the shown cards to those ticked already', () => {
  const { result, rerender } = setup([one, two]);
  act(() => result.current.toggle(2));
  rerender({ cards: [three] });
  act(() => result.current.selectShown());
  expect([...result.current.selected].sort()).toEqual([2, 3]);
  act(() => result.current.clear());
  expect(result.current.selected.size).toBe(0);
});

it('forgets a deleted card, and keeps the same set when it was not ticked', () => {
  const { result } = setup([one, two]);
  act(() => result.current.toggle(1));
  const before = result.current.selected;
  act(() => result.current.forget(2));
  expect(result.current.selected).toBe(before);
  act(() => result.current.forget(1));
  expect(result.current.ids).toEqual([]);
});

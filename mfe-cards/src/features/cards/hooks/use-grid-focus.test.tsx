import { act, render, screen } from '@testing-library/react';
import { useGridFocus } from './use-grid-focus';

let focus: ReturnType<typeof useGridFocus>;

/** The grid as the page lays it out: the add button, then a tile per card with its checkbox. */
function Grid({ cards }: { cards: string[] }) {
  focus = useGridFocus(cards);
  return (
    <>
      <button ref={focus.fallback}>Add</button>
      <ul ref={focus.grid}>
        {cards.map((name) => (
          <li key={name}>
            <input type="checkbox" aria-label={name} />
          </li>
        ))}
      </ul>
    </>
  );
}

it('focuses the tile at the index asked for once the cards change, and only then', () => {
  const { rerender } = render(<Grid cards={['a', 'b']} />);
  act(() => focus.focusTileAfterChange(2));
  expect(document.body).toHaveFocus();
  rerender(<Grid cards={['a', 'b', 'c', 'd']} />);
  expect(screen.getByLabelText('c')).toHaveFocus();
  // Asked once: a later change leaves the focus where it is.
  screen.getByLabelText('a').focus();
  rerender(<Grid cards={['a', 'b', 'c', 'd', 'e']} />);
  expect(screen.getByLabelText('a')).toHaveFocus();
});

it('leaves the focus alone when the request is taken back', () => {
  const { rerender } = render(<Grid cards={['a']} />);
  act(() => focus.focusTileAfterChange(1));
  act(() => focus.focusTileAfterChange(null));
  rerender(<Grid cards={['a', 'b']} />);
  expect(document.body).toHaveFocus();
});

it("after a delete, focuses the card that took the focused one's place, the one before it, or the fallback", () => {
  const { rerender } = render(<Grid cards={['a', 'b', 'c']} />);
  screen.getByLabelText('b').focus();
  act(() => focus.keepFocusedPlace());
  rerender(<Grid cards={['a', 'c']} />);
  expect(screen.getByLabelText('c')).toHaveFocus();

  act(() => focus.keepFocusedPlace()); // the last card
  rerender(<Grid cards={['a']} />);
  expect(screen.getByLabelText('a')).toHaveFocus();

  act(() => focus.keepFocusedPlace());
  rerender(<Grid cards={[]} />);
  expect(screen.getByRole('button', { name: 'Add' })).toHaveFocus();
});

it('keeps no place when the focus is outside the grid', () => {
  const { rerender } = render(<Grid cards={['a', 'b']} />);
  screen.getByRole('button', { name: 'Add' }).focus();
  act(() => focus.keepFocusedPlace());
  rerender(<Grid cards={['b']} />);
  expect(screen.getByRole('button', { name: 'Add' })).toHaveFocus();
});

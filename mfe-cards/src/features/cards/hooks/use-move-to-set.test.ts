import { act, renderHook } from '@testing-library/react';
import { cardsApi, type Card } from '@flashcard/api-contract';
import { BIOLOGY, HISTORY, makeCard, spyToasts } from '../../../test/cards';
import { useMoveToSet } from './use-move-to-set';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => jest.restoreAllMocks());

/** The hook over a list of cards that `patch` really changes. */
function setup(ids: number[], cards: Card[]) {
  let list = cards;
  const patch = jest.fn((which: (card: Card) => boolean, change: (card: Card) => Card) => {
    list = list.map((card) => (which(card) ? change(card) : card));
  });
  const moved = jest.fn();
  const { result } = renderHook(() => useMoveToSet({ ids, categories: [BIOLOGY, HISTORY], patch, moved }));
  return { move: result.current, moved, list: () => list };
}

it('moves the ticked cards into a set, names it on them, and unticks them', async () => {
  jest.spyOn(cardsApi, 'moveToSet').mockResolvedValue({ moved: 2 });
  const { move, moved, list } = setup([1, 3], [makeCard(1), makeCard(2), makeCard(3)]);
  await act(() => move(HISTORY.id));
  expect(cardsApi.moveToSet).toHaveBeenCalledWith([1, 3], HISTORY.id);
  expect(list().map((card) => card.category_name)).toEqual(['History', null, 'History']);
  expect(list()[0]).toMatchObject({ category_id: HISTORY.id, category: 'History' });
  expect(moved).toHaveBeenCalledTimes(1);
  expect(toasts.success).toHaveBeenCalledWith('Moved 2 cards to "History"');
});

it('takes cards out of any set, counting them itself when the server does not', async () => {
  jest.spyOn(cardsApi, 'moveToSet').mockResolvedValue({} as { moved: number });
  const filed = { category_id: BIOLOGY.id, category_name: BIOLOGY.name, category: BIOLOGY.name };
  const { move, list } = setup([1], [makeCard(1, filed)]);
  await act(() => move(null));
  expect(cardsApi.moveToSet).toHaveBeenCalledWith([1], null);
  expect(list()[0]).toMatchObject({ category_id: null, category_name: null, category: null });
  expect(toasts.success).toHaveBeenCalledWith('Moved 1 card out of its set');
});

it("toasts a failure with the server's reason and changes nothing", async () => {
  // A refusal as axios reports it, with the API's { error } body.
  const refused = { isAxiosError: true, response: { status: 404, data: { error: 'Set not found' } } };
  jest.spyOn(cardsApi, 'moveToSet').mockRejectedValue(refused);
  const { move, moved, list } = setup([1], [makeCard(1)]);
  await act(() => move(BIOLOGY.id));
  expect(list()[0].category_id).toBeNull();
  expect(moved).not.toHaveBeenCalled();
  expect(toasts.error).toHaveBeenCalledWith('Failed to move cards: Set not found', expect.anything());
});

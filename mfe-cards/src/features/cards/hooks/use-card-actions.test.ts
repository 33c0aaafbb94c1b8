import { act, renderHook } from '@testing-library/react';
import { cardsApi, spacedRepetitionApi } from '@flashcard/api-contract';
import { makeCard, spyToasts } from '../../../test/cards';
import { useCardActions } from './use-card-actions';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => jest.restoreAllMocks());

function setup() {
  const replace = jest.fn();
  const removed = jest.fn();
  const { result } = renderHook(() => useCardActions({ replace, removed }));
  return { result, replace, removed };
}

describe('delete', () => {
  it('asks first and does nothing when cancelled', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const remove = jest.spyOn(cardsApi, 'remove');
    const { result, removed } = setup();
    await act(() => result.current.deleteCard(makeCard(4)));
    expect(window.confirm).toHaveBeenCalledWith(
      'Are you sure you want to delete this card? This action cannot be undone.',
    );
    expect(remove).not.toHaveBeenCalled();
    expect(removed).not.toHaveBeenCalled();
  });

  it('takes the card off the screen once the server deleted it', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(cardsApi, 'remove').mockResolvedValue({ message: 'Card deleted' });
    const { result, removed } = setup();
    await act(() => result.current.deleteCard(makeCard(4)));
    expect(cardsApi.remove).toHaveBeenCalledWith(4);
    expect(removed).toHaveBeenCalledWith(4, expect.objectContaining({ id: 4, kind: 'basic' }));
    expect(toasts.success).toHaveBeenCalledWith('Card deleted successfully');
  });

  it('keeps the card when the call fails', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(cardsApi, 'remove').mockRejectedValue(new Error('down'));
    const { result, removed } = setup();
    await act(() => result.current.deleteCard(makeCard(4)));
    expect(removed).not.toHaveBeenCalled();
    expect(toasts.error).toHaveBeenCalledWith('Failed to delete card');
  });
});

describe('known', () => {
  it('marks a card known or unknown by what it is, pending until the server answers', async () => {
    let answer!: (card: ReturnType<typeof makeCard>) => void;
    jest.spyOn(cardsApi, 'markKnown').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    jest.spyOn(cardsApi, 'markUnknown').mockResolvedValue(makeCard(5, { known: false }));
    const { result, replace } = setup();

    let done!: Promise<void>;
    act(() => {
      done = result.current.toggleKnown(makeCard(4));
    });
    expect(result.current.pendingKnown.has(4)).toBe(true);
    await act(async () => {
      answer(makeCard(4, { known: true }));
      await done;
    });
    expect(replace).toHaveBeenCalledWith(makeCard(4, { known: true }));
    expect(result.current.pendingKnown.has(4)).toBe(false);

    await act(() => result.current.toggleKnown(makeCard(5, { known: true })));
    expect(cardsApi.markUnknown).toHaveBeenCalledWith(5);
    expect(replace).toHaveBeenLastCalledWith(makeCard(5, { known: false }));
  });

  it('toasts a failure and is no longer pending', async () => {
    jest.spyOn(cardsApi, 'markKnown').mockRejectedValue(new Error('down'));
    const { result, replace } = setup();
    await act(() => result.current.toggleKnown(makeCard(4)));
    expect(replace).not.toHaveBeenCalled();
    expect(toasts.error).toHaveBeenCalledWith('Failed to update card');
    expect(result.current.pendingKnown.size).toBe(0);
  });
});

describe('suspend, unsuspend, bury', () => {
  it("puts the server's card in place", async () => {
    const buried = makeCard(4, { buried_until: '2999-01-01T00:00:00.000Z' });
    jest
      .spyOn(spacedRepetitionApi, 'cardAction')
      .mockResolvedValue({ card: buried } as Awaited<ReturnType<typeof spacedRepetitionApi.cardAction>>);
    const { result, replace } = setup();
    await act(() => result.current.cardAction(makeCard(4), 'bury'));
    expect(spacedRepetitionApi.cardAction).toHaveBeenCalledWith(4, 'bury');
    expect(replace).toHaveBeenCalledWith(buried);
  });

  it('toasts a failure and changes nothing', async () => {
    jest.spyOn(spacedRepetitionApi, 'cardAction').mockRejectedValue(new Error('down'));
    const { result, replace } = setup();
    await act(() => result.current.cardAction(makeCard(4), 'suspend'));
    expect(replace).not.toHaveBeenCalled();
    expect(toasts.error).toHaveBeenCalledWith('Could not change the card');
  });
});

it('keeps its callbacks while its options stay the same (the memoised tiles do not re-render)', () => {
  const replace = jest.fn();
  const removed = jest.fn();
  const { result, rerender } = renderHook(() => useCardActions({ replace, removed }));
  const first = result.current;
  rerender();
  expect(result.current.deleteCard).toBe(first.deleteCard);
  expect(result.current.toggleKnown).toBe(first.toggleKnown);
  expect(result.current.cardAction).toBe(first.cardAction);
});

import { act, renderHook } from '@testing-library/react';
import { cardsApi, type CardInput } from '@flashcard/api-contract';
import { makeCard, spyToasts } from '../../../test/cards';
import { useCardEditor } from './use-card-editor';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => jest.restoreAllMocks());

const INPUT: CardInput = { question: 'Q', answer: 'A' };

function setup() {
  const options = { prepend: jest.fn(), replace: jest.fn(), reload: jest.fn(), saved: jest.fn() };
  const { result } = renderHook(() => useCardEditor(options));
  return { result, ...options };
}

it('opens on a new card or on a card, and closes', () => {
  const { result } = setup();
  expect(result.current.editing).toBeNull();
  act(() => result.current.openNew());
  expect(result.current.editing).toEqual({});
  act(() => result.current.openEdit(makeCard(3)));
  expect(result.current.editing).toEqual({ card: makeCard(3) });
  act(() => result.current.close());
  expect(result.current.editing).toBeNull();
});

it('shows a new basic card first, closes and says so', async () => {
  jest.spyOn(cardsApi, 'create').mockResolvedValue(makeCard(9));
  const { result, prepend, reload, saved } = setup();
  act(() => result.current.openNew());
  await act(() => result.current.submit(INPUT));
  expect(cardsApi.create).toHaveBeenCalledWith(INPUT, expect.stringMatching(/^[0-9a-f-]{36}$/));
  expect(prepend).toHaveBeenCalledWith(makeCard(9));
  expect(reload).not.toHaveBeenCalled();
  expect(saved).toHaveBeenCalledTimes(1);
  expect(result.current.editing).toBeNull();
  expect(toasts.success).toHaveBeenCalledWith('Card created successfully');
});

it('reloads the list for a note of several cards (cloze, reversed)', async () => {
  jest.spyOn(cardsApi, 'create').mockResolvedValue(makeCard(9, { kind: 'cloze' }));
  const { result, prepend, reload } = setup();
  act(() => result.current.openNew());
  await act(() => result.current.submit(INPUT));
  expect(prepend).not.toHaveBeenCalled();
  expect(reload).toHaveBeenCalledTimes(1);
});

it('puts an edited basic card in place, and reloads when the note changed kind', async () => {
  const update = jest
    .spyOn(cardsApi, 'update')
    .mockResolvedValue({ ...makeCard(3, { question: 'New' }), kept: 'edit' });
  const { result, replace, reload } = setup();
  act(() => result.current.openEdit(makeCard(3)));
  await act(() => result.current.submit(INPUT));
  expect(update).toHaveBeenCalledWith(3, INPUT);
  expect(replace).toHaveBeenCalledWith(makeCard(3, { question: 'New' }));
  expect(toasts.success).toHaveBeenCalledWith('Card updated successfully');

  update.mockResolvedValue({ ...makeCard(3, { kind: 'reversed' }), kept: 'edit' });
  act(() => result.current.openEdit(makeCard(3)));
  await act(() => result.current.submit(INPUT));
  expect(replace).toHaveBeenCalledTimes(1);
  expect(reload).toHaveBeenCalledTimes(1);
});

it('stays open with a toast when the save fails, and rejects for the form', async () => {
  const failure = new Error('down');
  jest.spyOn(cardsApi, 'create').mockRejectedValue(failure);
  const { result, prepend, saved } = setup();
  act(() => result.current.openNew());
  await act(() => expect(result.current.submit(INPUT)).rejects.toBe(failure));
  expect(prepend).not.toHaveBeenCalled();
  expect(saved).not.toHaveBeenCalled();
  expect(result.current.editing).toEqual({});
  expect(toasts.error).toHaveBeenCalledWith('Failed to create card');
});

import { act, renderHook, waitFor } from '@testing-library/react';
import { cardsApi } from '@flashcard/api-contract';
import { BIOLOGY, HISTORY, makeCard, page, spyToasts } from '../../../test/cards';
import { NO_FILTERS } from '../filters';
import { useCardsView } from './use-cards-view';

beforeEach(() => spyToasts());
afterEach(() => jest.restoreAllMocks());

/** No sets are loaded here. */
const noSetNames = () => null;

async function setup() {
  const view = renderHook(() => useCardsView(noSetNames));
  await waitFor(() => expect(view.result.current.list.status).toBe('ready'));
  return view.result;
}

it('leaves out of the shown cards and the count those changed here that no longer match', async () => {
  const list = jest
    .spyOn(cardsApi, 'list')
    .mockResolvedValue(page([makeCard(1), makeCard(2)], { total: 30, nextCursor: 2 }));
  const view = await setup();
  expect(view.current).toMatchObject({ count: 30, isFiltered: false });

  act(() => view.current.setFilterValues({ ...NO_FILTERS, hideKnown: true }));
  await waitFor(() => expect(list).toHaveBeenLastCalledWith({ hideKnown: true }));
  await waitFor(() => expect(view.current.list.status).toBe('ready'));
  expect(view.current.isFiltered).toBe(true);
  act(() => view.current.list.replace(makeCard(2, { known: true })));
  expect(view.current.shown.map((card) => card.id)).toEqual([1]);
  expect(view.current.count).toBe(29);
});

it('counts a search as filtering, and "Show all cards" clears filters and search', async () => {
  jest.spyOn(cardsApi, 'list').mockResolvedValue(page([makeCard(1)]));
  const search = jest.spyOn(cardsApi, 'search').mockResolvedValue(page([]));
  const view = await setup();

  act(() => view.current.search.setInput('cell'));
  act(() => view.current.search.submit());
  await waitFor(() => expect(search).toHaveBeenCalledWith('cell', {}));
  expect(view.current.isFiltered).toBe(true);
  act(() => view.current.setFilterValues({ ...NO_FILTERS, college: 'MIT' }));

  act(() => view.current.showAll());
  expect(view.current.filterValues).toEqual(NO_FILTERS);
  expect(view.current.search.input).toBe('');
  expect(view.current.isFiltered).toBe(false);
  await waitFor(() => expect(view.current.list.status).toBe('ready'));
});

it('shows a renamed set on its cards, and unfiles the cards of a deleted set, dropping its filter', async () => {
  const filed = { category_id: BIOLOGY.id, category_name: BIOLOGY.name, category: BIOLOGY.name };
  jest.spyOn(cardsApi, 'list').mockResolvedValue(page([makeCard(1, filed), makeCard(2)]));
  const view = await setup();
  act(() => view.current.setFilterValues({ ...NO_FILTERS, category: String(BIOLOGY.id) }));
  expect(view.current.setId).toBe(BIOLOGY.id);
  await waitFor(() => expect(view.current.list.status).toBe('ready'));

  act(() => view.current.setRenamed({ ...BIOLOGY, name: 'Cells' }));
  expect(view.current.list.cards[0]).toMatchObject({ category_name: 'Cells', category: 'Cells' });

  act(() => view.current.setDeleted(HISTORY.id)); // another set: the filter stays
  expect(view.current.setId).toBe(BIOLOGY.id);
  act(() => view.current.setDeleted(BIOLOGY.id));
  expect(view.current.list.cards[0]).toMatchObject({ category_id: null, category_name: null, category: null });
  expect(view.current.filterValues.category).toBe('');
  expect(view.current.setId).toBeNull();
  await waitFor(() => expect(view.current.list.status).toBe('ready'));
});

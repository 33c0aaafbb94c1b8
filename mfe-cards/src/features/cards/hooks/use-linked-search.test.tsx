import { screen, waitFor } from '@testing-library/react';
import { cardsApi } from '@flashcard/api-contract';
import { BIOLOGY, makeCard, mockApis, page, renderCards, spyToasts } from '../../../test/cards';

beforeEach(() => {
  spyToasts();
});
afterEach(() => jest.restoreAllMocks());

describe('a link into My Cards (the top bar search)', () => {
  it('arriving with ?q= searches for it, as if typed', async () => {
    mockApis({ cards: [makeCard(1), makeCard(2)] });
    const search = jest.spyOn(cardsApi, 'search').mockResolvedValue(page([makeCard(2, { question: 'Cell biology' })]));
    renderCards('/cards?q=cell&card=2');
    expect(await screen.findByText('Showing 1 card(s) (filtered)')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith('cell', {});
    expect(screen.getByRole('searchbox', { name: 'Search cards' })).toHaveValue('cell');
  });

  it('arriving with ?set= shows that set', async () => {
    const { list } = mockApis({ cards: [makeCard(1)] });
    renderCards(`/cards?set=${BIOLOGY.id}`);
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ category: BIOLOGY.id }));
    expect(await screen.findByLabelText('Set')).toHaveValue(String(BIOLOGY.id));
  });
});

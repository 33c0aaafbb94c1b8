import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { cardsApi } from '@flashcard/api-contract';
import { BIOLOGY, makeCard, makeCards, mockApis, page, renderCards, spyToasts } from '../../../test/cards';
import { CardsPage } from './CardsPage';

let toasts: ReturnType<typeof spyToasts>;

beforeEach(() => {
  toasts = spyToasts();
});

afterEach(() => jest.restoreAllMocks());

const tiles = () => within(screen.getByRole('list', { name: 'Cards' })).getAllByRole('listitem');

describe('Cards list', () => {
  it('shows the title, the count line and every card with its details', async () => {
    mockApis({
      cards: [
        makeCard(1, { question: 'What is 2 + 2?', answer: '4' }),
        makeCard(2, {
          question: 'Capital of France?',
          answer: 'Paris',
          difficulty_level: 2,
          tags: 'geo, europe',
          category_id: BIOLOGY.id,
          category_name: 'Geography',
          known: true,
        }),
        makeCard(3, { question: 'H2O is?', answer: 'Water', difficulty_level: 5 }),
      ],
    });

    renderCards();

    expect(screen.getByRole('heading', { level: 1, name: 'My Flashcards' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 3 card(s)')).toBeInTheDocument();
    const items = tiles();
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('Capital of France?');
    expect(items[1]).toHaveTextContent('Paris');
    expect(items[1]).toHaveTextContent('Medium');
    expect(items[1]).toHaveTextContent('Set: Geography');
    expect(within(items[1]).getByText('geo')).toBeInTheDocument();
    expect(within(items[1]).getByText('europe')).toBeInTheDocument();
    expect(within(items[1]).getByText('Known')).toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: 'Mark unknown: Capital of France?' })).toHaveTextContent(
      'Mark unknown',
    );
    expect(items[2]).toHaveTextContent('Expert');
    expect(within(items[0]).queryByText('Known')).not.toBeInTheDocument();
    // Visible text 'Edit'/'Delete', names that say which card.
    const edit = within(items[0]).getByRole('button', { name: 'Edit card: What is 2 + 2?' });
    expect(edit).toHaveTextContent(/^Edit$/);
    expect(within(items[0]).getByRole('button', { name: 'Delete card: What is 2 + 2?' })).toHaveTextContent(/^Delete$/);
    expect(within(items[0]).getByRole('checkbox', { name: 'Select card: What is 2 + 2?' })).not.toBeChecked();
    expect(screen.queryByText('No cards yet')).not.toBeInTheDocument();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it("shows 'No cards yet' and a 'Create First Card' button that opens the create modal", async () => {
    mockApis({ cards: [] });
    const user = userEvent.setup();

    renderCards();

    expect(await screen.findByText('No cards yet')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 card(s)')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Cards' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create First Card' }));

    const dialog = screen.getByRole('dialog', { name: 'Create New Card' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Question')).toHaveFocus();
  });

  it("toasts 'Failed to load cards' on failure and loads again on retry", async () => {
    const { list } = mockApis();
    list
      .mockReset()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(page([makeCard(1)]));

    renderCards();

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(toasts.error).toHaveBeenCalledWith('Failed to load cards');
    expect(screen.queryByText('No cards yet')).not.toBeInTheDocument();

    await userEvent.setup().click(retry);

    expect(await screen.findByText('Showing 1 card(s)')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('shows the first page with the total, and the next page on request', async () => {
    const { list } = mockApis();
    const all = makeCards(120).reverse(); // newest first, as the server sends them
    list
      .mockResolvedValueOnce(page(all.slice(0, 50), { total: 120, nextCursor: 71 }))
      .mockResolvedValueOnce(page(all.slice(50, 100), { total: 120, nextCursor: 21 }));
    const user = userEvent.setup();

    renderCards();

    expect(await screen.findByText('Showing 120 card(s)')).toBeInTheDocument();
    expect(tiles()).toHaveLength(50);
    expect(screen.getByText('50 of 120 shown')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));

    expect(await screen.findByText('100 of 120 shown')).toBeInTheDocument();
    expect(tiles()).toHaveLength(100);
    expect(list).toHaveBeenLastCalledWith({}, 71);
    // Keyboard users continue at the first card that was added.
    expect(screen.getByRole('checkbox', { name: 'Select card: Question 70' })).toHaveFocus();
    expect(screen.getByText('Showing 120 card(s)')).toBeInTheDocument();
  });

  it('keeps the count in step with creates and deletes, and never lists a card twice', async () => {
    const { list } = mockApis();
    list
      .mockResolvedValueOnce(page([makeCard(3), makeCard(2)], { total: 3, nextCursor: 2 }))
      // The next page, fetched after a card was created here: the server counts it too.
      .mockResolvedValueOnce(page([makeCard(1)], { total: 4 }));
    jest.spyOn(cardsApi, 'create').mockResolvedValue(makeCard(9, { question: 'Fresh' }));
    const user = userEvent.setup();

    renderCards();
    expect(await screen.findByText('Showing 3 card(s)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add New Card' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Card' });
    await user.type(within(dialog).getByLabelText('Question'), 'Fresh');
    await user.type(within(dialog).getByLabelText('Answer'), 'Card');
    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));
    expect(await screen.findByText('Showing 4 card(s)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(tiles().map((tile) => within(tile).getByRole('heading').textContent)).toEqual([
      'Fresh',
      'Question 3',
      'Question 2',
      'Question 1',
    ]);
    expect(screen.getByText('Showing 4 card(s)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("toasts 'Failed to load cards' when the next page fails, keeping what is shown", async () => {
    const { list } = mockApis();
    list
      .mockResolvedValueOnce(page([makeCard(2)], { total: 2, nextCursor: 2 }))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(page([makeCard(1)], { total: 2 }));
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 2 card(s)');
    await user.click(screen.getByRole('button', { name: 'Show more' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to load cards'));
    expect(tiles()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(tiles()).toHaveLength(2));
  });

  it('sends unknown sub-paths back to the list', async () => {
    mockApis({ cards: [makeCard(1)] });

    renderCards('/cards/42/edit');

    expect(await screen.findByText('Showing 1 card(s)')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/cards$/);
  });

  it('also works standalone, rendered at the root of a router', async () => {
    mockApis({ cards: [makeCard(1)] });
    render(
      <MemoryRouter>
        <CardsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Showing 1 card(s)')).toBeInTheDocument();
  });
});

describe('Filters', () => {
  it('reloads the list with exactly the chosen filters', async () => {
    const { list } = mockApis({ cards: [makeCard(1)] });
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    expect(list).toHaveBeenLastCalledWith({});
    // Options come from filters/options; sets from categories.
    await screen.findByRole('option', { name: 'Stanford' });

    await user.selectOptions(screen.getByLabelText('College'), 'MIT');
    expect(list).toHaveBeenLastCalledWith({ college: 'MIT' });

    await user.selectOptions(screen.getByLabelText('Class'), 'CS 50');
    await user.selectOptions(screen.getByLabelText('Set'), 'Biology 101');
    await user.selectOptions(screen.getByLabelText('Min difficulty'), '2 Medium');
    await user.selectOptions(screen.getByLabelText('Max difficulty'), '4 Very Hard');
    await user.click(screen.getByLabelText('Hide known cards'));

    expect(list).toHaveBeenLastCalledWith({
      college: 'MIT',
      class_name: 'CS 50',
      category: BIOLOGY.id,
      difficultyMin: 2,
      difficultyMax: 4,
      hideKnown: true,
    });

    // Unchecked, hideKnown is left out rather than sent as false.
    await user.click(screen.getByLabelText('Hide known cards'));
    expect(list).toHaveBeenLastCalledWith({
      college: 'MIT',
      class_name: 'CS 50',
      category: BIOLOGY.id,
      difficultyMin: 2,
      difficultyMax: 4,
    });

    const calls = list.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(list).toHaveBeenLastCalledWith({});
    expect(list).toHaveBeenCalledTimes(calls + 1);
    expect(screen.getByLabelText('College')).toHaveValue('');
  });

  describe('on a phone (<= 640px)', () => {
    const matchMedia = window.matchMedia;
    afterEach(() => {
      window.matchMedia = matchMedia;
    });
    function screenWidth(width: number) {
      window.matchMedia = jest.fn((query: string) => ({
        matches: query === '(max-width: 640px)' && width <= 640,
        media: query,
        onchange: null,
        addListener: jest.fn(),
        removeListener: jest.fn(),
        addEventListener: jest.fn(),
        removeEventListener: jest.fn(),
        dispatchEvent: jest.fn(),
      })) as unknown as typeof window.matchMedia;
    }

    it('starts with the filters collapsed behind a button that opens them', async () => {
      screenWidth(390);
      const { list } = mockApis({ cards: [makeCard(1)] });
      const user = userEvent.setup();

      renderCards();
      await screen.findByText('Showing 1 card(s)');

      const toggle = screen.getByRole('button', { name: /^Filters/ });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const body = document.getElementById(toggle.getAttribute('aria-controls')!);
      expect(body).not.toBeNull();
      expect(body).not.toBeVisible();
      expect(screen.queryByLabelText('College')).not.toBeVisible();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(body).toBeVisible();
      await user.selectOptions(screen.getByLabelText('College'), 'MIT');
      expect(list).toHaveBeenLastCalledWith({ college: 'MIT' });

      // Closed again, the button still says a filter is on.
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveAccessibleName('Filters 1 active');
    });

    it('keeps them open with no toggle on a wide screen', async () => {
      screenWidth(1280);
      mockApis({ cards: [makeCard(1)] });

      renderCards();
      await screen.findByText('Showing 1 card(s)');

      expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Filters' })).toBeVisible();
      expect(screen.getByLabelText('College')).toBeVisible();
    });
  });

  it("adds ' (filtered)' to the count line while a filter applies", async () => {
    const { list } = mockApis({ cards: [makeCard(1), makeCard(2)] });
    const user = userEvent.setup();

    renderCards();
    expect(await screen.findByText('Showing 2 card(s)')).toBeInTheDocument();

    list.mockResolvedValue(page([makeCard(2, { difficulty_level: 3 })]));
    await user.selectOptions(screen.getByLabelText('Min difficulty'), '3 Hard');

    expect(await screen.findByText('Showing 1 card(s) (filtered)')).toBeInTheDocument();
  });

  it("says 'No cards match your filters' when the filters match nothing", async () => {
    const { list } = mockApis({ cards: [makeCard(1)] });
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');

    list.mockResolvedValue(page([]));
    await user.click(screen.getByLabelText('Hide known cards'));

    expect(await screen.findByText('No cards match your filters')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 card(s) (filtered)')).toBeInTheDocument();
    expect(screen.queryByText('No cards yet')).not.toBeInTheDocument();
  });

  it('only logs a failure to load the filter options', async () => {
    const { filterOptions } = mockApis({ cards: [makeCard(1)] });
    const failure = new Error('down');
    filterOptions.mockRejectedValue(failure);
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});

    renderCards();

    expect(await screen.findByText('Showing 1 card(s)')).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to load filter options', failure));
    expect(toasts.error).not.toHaveBeenCalled();
    // The filter still works, with no choices beyond "all".
    expect(within(screen.getByLabelText('College')).getAllByRole('option')).toHaveLength(1);
  });
});

describe('Search', () => {
  it('searches after a pause in typing and reloads the full list when cleared', async () => {
    const { list } = mockApis({ cards: [makeCard(1), makeCard(2)] });
    const search = jest.spyOn(cardsApi, 'search').mockResolvedValue(page([makeCard(2, { question: 'Cell biology' })]));
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 2 card(s)');

    await user.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'bio');

    expect(await screen.findByText('Showing 1 card(s) (filtered)')).toBeInTheDocument();
    // Debounced: one call for the whole word, not one per keystroke.
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('bio', {});
    await waitFor(() => expect(tiles()[0]).toHaveTextContent('Cell biology'));

    await user.clear(screen.getByRole('searchbox', { name: 'Search cards' }));

    expect(await screen.findByText('Showing 2 card(s)')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
    expect(list).toHaveBeenLastCalledWith({});
  });

  it('searches at once on submit, within the chosen filters', async () => {
    mockApis({ cards: [makeCard(1)] });
    const known = makeCard(7, { known: true });
    const unknown = makeCard(8, { question: 'Unknown one' });
    const search = jest
      .spyOn(cardsApi, 'search')
      .mockImplementation(async (_q, filters) => page(filters?.hideKnown ? [unknown] : [known, unknown]));
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');

    await user.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'one{Enter}');
    expect(search).toHaveBeenCalledWith('one', {});
    expect(await screen.findByText('Showing 2 card(s) (filtered)')).toBeInTheDocument();

    // The server narrows the matches with the same filters as the list.
    await user.click(screen.getByLabelText('Hide known cards'));
    expect(search).toHaveBeenLastCalledWith('one', { hideKnown: true });
    expect(await screen.findByText('Showing 1 card(s) (filtered)')).toBeInTheDocument();
    expect(tiles()[0]).toHaveTextContent('Unknown one');
  });

  it("toasts 'Search failed' when the search call fails", async () => {
    mockApis({ cards: [makeCard(1)] });
    jest.spyOn(cardsApi, 'search').mockRejectedValue(new Error('down'));
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    await user.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'x{Enter}');

    expect(await screen.findByText('The search could not be completed.')).toBeInTheDocument();
    expect(toasts.error).toHaveBeenCalledWith('Search failed');
    expect(toasts.error).not.toHaveBeenCalledWith('Failed to load cards');
  });
});

describe('Delete', () => {
  const confirmText = 'Are you sure you want to delete this card? This action cannot be undone.';

  it('asks, deletes and removes the card without reloading', async () => {
    const { list } = mockApis({ cards: [makeCard(1), makeCard(2), makeCard(3)] });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const remove = jest.spyOn(cardsApi, 'remove').mockResolvedValue({ message: 'Card deleted' });
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 3 card(s)');
    await user.click(screen.getByRole('button', { name: 'Delete card: Question 2' }));

    expect(confirm).toHaveBeenCalledWith(confirmText);
    expect(remove).toHaveBeenCalledWith(2);
    expect(await screen.findByText('Showing 2 card(s)')).toBeInTheDocument();
    expect(screen.queryByText('Question 2')).not.toBeInTheDocument();
    expect(toasts.success).toHaveBeenCalledWith('Card deleted successfully');
    expect(list).toHaveBeenCalledTimes(1);
    // Focus moves to the card that took its place.
    expect(screen.getByRole('checkbox', { name: 'Select card: Question 3' })).toHaveFocus();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    mockApis({ cards: [makeCard(1)] });
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const remove = jest.spyOn(cardsApi, 'remove');
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    await user.click(screen.getByRole('button', { name: 'Delete card: Question 1' }));

    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByText('Question 1')).toBeInTheDocument();
  });

  it("toasts 'Failed to delete card' and keeps the card when the call fails", async () => {
    mockApis({ cards: [makeCard(1)] });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    jest.spyOn(cardsApi, 'remove').mockRejectedValue(new Error('down'));
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    await user.click(screen.getByRole('button', { name: 'Delete card: Question 1' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to delete card'));
    expect(screen.getByText('Question 1')).toBeInTheDocument();
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe('Known cards', () => {
  it('marks a card known in place, and hides it when known cards are hidden', async () => {
    const { list } = mockApis({ cards: [makeCard(1), makeCard(2)] });
    const markKnown = jest.spyOn(cardsApi, 'markKnown').mockImplementation(async (id) => makeCard(id, { known: true }));
    const markUnknown = jest
      .spyOn(cardsApi, 'markUnknown')
      .mockImplementation(async (id) => makeCard(id, { known: false }));
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 2 card(s)');
    await user.click(screen.getByRole('button', { name: 'Mark known: Question 1' }));

    expect(markKnown).toHaveBeenCalledWith(1);
    expect(within(tiles()[0]).getByText('Known')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark unknown: Question 1' }));
    expect(markUnknown).toHaveBeenCalledWith(1);
    expect(within(tiles()[0]).queryByText('Known')).not.toBeInTheDocument();

    list.mockResolvedValue(page([makeCard(1), makeCard(2)]));
    await user.click(screen.getByLabelText('Hide known cards'));
    await screen.findByText('Showing 2 card(s) (filtered)');
    await user.click(screen.getByRole('button', { name: 'Mark known: Question 2' }));

    expect(await screen.findByText('Showing 1 card(s) (filtered)')).toBeInTheDocument();
    expect(screen.queryByText('Question 2')).not.toBeInTheDocument();
  });

  const confirmReset = 'Mark every known card unknown again? They will come back in your reviews and lists.';

  it('asks first, then resets every known mark and reloads', async () => {
    const { list } = mockApis({ cards: [makeCard(1, { known: true })] });
    const reset = jest.spyOn(cardsApi, 'resetKnown').mockResolvedValue({ updated: 1 });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Known');
    list.mockResolvedValue(page([makeCard(1, { known: false })]));
    await user.click(screen.getByRole('button', { name: 'Reset known' }));

    expect(confirm).toHaveBeenCalledWith(confirmReset);
    expect(reset).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Known')).not.toBeInTheDocument());
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('does nothing when the reset is cancelled', async () => {
    const { list } = mockApis({ cards: [makeCard(1, { known: true })] });
    const reset = jest.spyOn(cardsApi, 'resetKnown').mockResolvedValue({ updated: 1 });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Known');
    await user.click(screen.getByRole('button', { name: 'Reset known' }));

    expect(confirm).toHaveBeenCalledWith(confirmReset);
    expect(reset).not.toHaveBeenCalled();
    expect(list).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Known')).toBeInTheDocument();
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe('Selection', () => {
  it('moves the selected cards to a set and updates them in place', async () => {
    const { list } = mockApis({ cards: [makeCard(1), makeCard(2), makeCard(3)] });
    const move = jest.spyOn(cardsApi, 'moveToSet').mockResolvedValue({ moved: 2 });
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 3 card(s)');
    await screen.findAllByRole('option', { name: 'Biology 101' });
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select card: Question 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select card: Question 3' }));
    const toolbar = screen.getByRole('region', { name: 'Selected cards' });
    expect(within(toolbar).getByText('2 selected')).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Move to set' })).toBeDisabled();

    await user.selectOptions(within(toolbar).getByLabelText('Destination set'), 'Biology 101');
    await user.click(within(toolbar).getByRole('button', { name: 'Move to set' }));

    expect(move).toHaveBeenCalledWith([1, 3], BIOLOGY.id);
    const items = tiles();
    expect(items[0]).toHaveTextContent('Set: Biology 101');
    expect(items[1]).not.toHaveTextContent('Set:');
    expect(items[2]).toHaveTextContent('Set: Biology 101');
    expect(screen.queryByRole('region', { name: 'Selected cards' })).not.toBeInTheDocument();
    expect(toasts.success).toHaveBeenCalledWith('Moved 2 cards to "Biology 101"');
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('clears the selection', async () => {
    mockApis({ cards: [makeCard(1), makeCard(2)] });
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 2 card(s)');
    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));

    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select card: Question 1' })).not.toBeChecked();
  });
});

describe('Export', () => {
  let createObjectURL: jest.Mock;
  let revokeObjectURL: jest.Mock;
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    // jsdom has no object URLs and cannot navigate to a download.
    createObjectURL = jest.fn(() => 'blob:cards');
    revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    clicked = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  it('downloads all cards as flashcards.csv', async () => {
    mockApis({ cards: [makeCard(1)] });
    const exportCsv = jest.spyOn(cardsApi, 'exportCsv').mockResolvedValue('question,answer,tags\nQ,A,\n');
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:cards', download: 'flashcards.csv' }]));
    expect(exportCsv).toHaveBeenCalledWith(undefined);
    const blob = createObjectURL.mock.calls[0][0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(blob.size).toBe('question,answer,tags\nQ,A,\n'.length);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:cards'));
  });

  it('exports only the set the list is filtered to', async () => {
    mockApis({ cards: [makeCard(1)] });
    const exportCsv = jest.spyOn(cardsApi, 'exportCsv').mockResolvedValue('question,answer,tags\n');
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    await user.selectOptions(screen.getByLabelText('Set'), await screen.findByRole('option', { name: 'Biology 101' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:cards', download: 'flashcards-biology-101.csv' }]));
    expect(exportCsv).toHaveBeenCalledWith(BIOLOGY.id);
  });

  it('toasts when the export fails and downloads nothing', async () => {
    mockApis({ cards: [makeCard(1)] });
    jest.spyOn(cardsApi, 'exportCsv').mockRejectedValue(new Error('down'));
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Export failed'));
    expect(clicked).toEqual([]);
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});

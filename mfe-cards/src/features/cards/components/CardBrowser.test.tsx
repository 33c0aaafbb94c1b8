import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { cardsApi } from '@flashcard/api-contract';
import { makeCard, mockApis, page, renderCards, spyToasts } from '../../../test/cards';
import { CardFormModal } from './CardFormModal';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => jest.restoreAllMocks());

const tiles = () => within(screen.getByRole('list', { name: 'Cards' })).getAllByRole('listitem');
const searchBox = () => screen.getByRole('searchbox', { name: 'Search cards' });

/** An axios failure as the kernel's client rejects with it. */
function refused(status: number, error: string) {
  const headers = new AxiosHeaders();
  return new AxiosError('refused', 'ERR_BAD_REQUEST', { headers }, null, {
    status,
    statusText: '',
    headers: {},
    config: { headers },
    data: { error },
  });
}

describe('search syntax and sort', () => {
  it("shows the API's reason for an unreadable query beside the box, with no toast", async () => {
    mockApis({ cards: [makeCard(1)] });
    const search = jest.spyOn(cardsApi, 'search').mockRejectedValue(refused(400, 'Unexpected ")" at position 5'));
    const user = userEvent.setup();
    renderCards();
    await screen.findByText('Showing 1 card(s)');

    await user.type(searchBox(), 'cell ){Enter}');
    expect(search).toHaveBeenCalledWith('cell )', {});
    const error = await screen.findByText('This search cannot be read: Unexpected ")" at position 5');
    expect(searchBox()).toHaveAttribute('aria-invalid', 'true');
    expect(searchBox()).toHaveAccessibleDescription(error.textContent!);
    expect(toasts.error).not.toHaveBeenCalled();
    expect(screen.queryByText('The search could not be completed.')).not.toBeInTheDocument();

    // A readable query clears it.
    search.mockResolvedValue(page([makeCard(1, { question: 'Cell' })]));
    await user.clear(searchBox());
    await user.type(searchBox(), 'cell{Enter}');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(searchBox()).not.toHaveAttribute('aria-invalid');
  });

  it('sorts through the search, every card when nothing is typed, and lists the syntax', async () => {
    mockApis({ cards: [makeCard(1), makeCard(2)] });
    const search = jest.spyOn(cardsApi, 'search').mockResolvedValue(page([makeCard(2), makeCard(1)]));
    const user = userEvent.setup();
    renderCards();
    await screen.findByText('Showing 2 card(s)');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Most lapses');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith('*', {}, null, { sort: 'lapses', order: 'desc' }));
    await user.type(searchBox(), 'tag:bio{Enter}');
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith('tag:bio', {}, null, { sort: 'lapses', order: 'desc' }),
    );

    await user.click(screen.getByText('Search syntax'));
    expect(screen.getByText('prop:r<0.9')).toBeVisible();
    expect(screen.getByText('recall probability below 90% (FSRS)')).toBeVisible();
  });
});

describe('the bulk action bar', () => {
  it('tags, suspends and deletes the ticked cards, asking first with the count', async () => {
    const cards = [makeCard(1), makeCard(2), makeCard(3)];
    const api = mockApis({ cards });
    const bulk = jest.spyOn(cardsApi, 'bulk');
    const user = userEvent.setup();
    renderCards();
    await screen.findByText('Showing 3 card(s)');

    await user.click(screen.getByRole('checkbox', { name: 'Select card: Question 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select card: Question 2' }));
    const bar = screen.getByRole('region', { name: 'Selected cards' });
    expect(bar).toHaveTextContent('2 selected');

    bulk.mockResolvedValueOnce({ action: 'tag', changed: 2, deletedIds: [] });
    await user.type(within(bar).getByRole('textbox', { name: 'Tags' }), 'exam bio::cell');
    await user.click(within(bar).getByRole('button', { name: 'Add tags' }));
    expect(bulk).toHaveBeenLastCalledWith({ ids: [1, 2], action: 'tag', tags: ['exam', 'bio::cell'] });
    expect(toasts.success).toHaveBeenCalledWith('Tags added to 2 cards');
    // Tags are the server's: the list is loaded again; the selection is cleared.
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('region', { name: 'Selected cards' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select card: Question 3' }));
    bulk.mockResolvedValueOnce({ action: 'suspend', changed: 1, deletedIds: [] });
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(bulk).toHaveBeenLastCalledWith({ ids: [3], action: 'suspend' });
    expect(toasts.success).toHaveBeenLastCalledWith('1 card suspended');

    await user.click(screen.getByRole('checkbox', { name: 'Select card: Question 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select card: Question 3' }));
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/^Delete 2 selected cards\? Each one's whole note/));
    expect(bulk).toHaveBeenCalledTimes(2);

    confirm.mockReturnValueOnce(true);
    bulk.mockResolvedValueOnce({ action: 'delete', changed: 2, deletedIds: [1, 3] });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(bulk).toHaveBeenLastCalledWith({ ids: [1, 3], action: 'delete' });
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(tiles()[0]).toHaveTextContent('Question 2');
    expect(screen.getByText('Showing 1 card(s)')).toBeInTheDocument();
  });
});

describe("a note's delete", () => {
  it('says both cards of a reversed note go, and takes both tiles off', async () => {
    const front = makeCard(7, { kind: 'reversed', note_guid: 'n7', ord: 0, question: 'Hund' });
    const back = makeCard(8, { kind: 'reversed', note_guid: 'n7', ord: 1, question: 'Hund' });
    mockApis({ cards: [back, front, makeCard(1)] });
    jest.spyOn(cardsApi, 'remove').mockResolvedValue({ message: 'Card deleted' });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderCards();
    await screen.findByText('Showing 3 card(s)');

    await user.click(within(tiles()[1]!).getByRole('button', { name: /^Delete card/ }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to delete this card? Both cards of its reversed note will be deleted. This action cannot be undone.',
    );
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(screen.getByText('Showing 1 card(s)')).toBeInTheDocument();
  });
});

describe('the editor', () => {
  it("shows a missing field's message under it and moves the focus there", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <CardFormModal
        card={undefined}
        categories={[]}
        colleges={[]}
        classes={[]}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    await user.type(screen.getByLabelText('Question'), 'Only a question');
    await user.click(screen.getByRole('button', { name: 'Create Card' }));
    const answer = screen.getByLabelText('Answer');
    expect(answer).toHaveFocus();
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(answer).toHaveAccessibleDescription('Question and answer are required');
    // The message sits right after the field it is about.
    expect(answer.nextElementSibling).toHaveTextContent('Question and answer are required');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Question'));
    await user.type(answer, 'An answer');
    await user.click(screen.getByRole('button', { name: 'Create Card' }));
    expect(screen.getByLabelText('Question')).toHaveFocus();
    expect(screen.getByLabelText('Question')).toHaveAttribute('aria-invalid', 'true');
  });
});

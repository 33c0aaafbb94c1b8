import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { categoriesApi, presetsApi } from '@flashcard/api-contract';
import { BIOLOGY, DEFAULT_PRESET, HISTORY, makeCard, mockApis, renderCards, spyToasts } from '../../../test/cards';

let toasts: ReturnType<typeof spyToasts>;

beforeEach(() => {
  toasts = spyToasts();
});

afterEach(() => jest.restoreAllMocks());

const inBiology = (id: number) =>
  makeCard(id, { category_id: BIOLOGY.id, category_name: BIOLOGY.name, category: BIOLOGY.name });
const setFilterOptions = () =>
  within(within(screen.getByRole('region', { name: 'Filters' })).getByLabelText('Set'))
    .getAllByRole('option')
    .map((o) => o.textContent);

async function openSets(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Manage sets' }));
  return screen.getByRole('dialog', { name: 'Manage sets' });
}

it('lists the sets with fresh card counts', async () => {
  const { categories } = mockApis({ cards: [inBiology(1)] });
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('Showing 1 card(s)');
  const dialog = await openSets(user);

  await waitFor(() => expect(categories).toHaveBeenCalledTimes(2));
  const rows = within(within(dialog).getByRole('list', { name: 'Sets' })).getAllByRole('listitem');
  expect(rows.map((r) => r.textContent)).toEqual([
    expect.stringContaining('Biology 101 (2 cards)'),
    expect.stringContaining('History (0 cards)'),
  ]);
  expect(within(dialog).getByLabelText('New set name')).toHaveFocus();
});

it('creates a set and offers it in the Set filter', async () => {
  mockApis({ cards: [makeCard(1)] });
  const create = jest.spyOn(categoriesApi, 'create').mockResolvedValue({
    id: 8,
    name: 'Chemistry',
    card_count: 0,
    language: null,
    created_at: '2025-01-01T00:00:00.000Z',
  });
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('Showing 1 card(s)');
  const dialog = await openSets(user);

  await user.click(within(dialog).getByRole('button', { name: 'Create set' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Set name is required');
  expect(create).not.toHaveBeenCalled();

  await user.type(within(dialog).getByLabelText('New set name'), ' Chemistry {Enter}');

  expect(create).toHaveBeenCalledWith({ name: 'Chemistry' });
  expect(await within(dialog).findByText('Chemistry')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('New set name')).toHaveValue('');
  expect(setFilterOptions()).toEqual(['All sets', 'Biology 101', 'Chemistry', 'History']);
  expect(toasts.success).toHaveBeenCalledWith('Set "Chemistry" created');
});

it('renames a set inline and updates the cards in it', async () => {
  mockApis({ cards: [inBiology(1), makeCard(2)] });
  const update = jest.spyOn(categoriesApi, 'update').mockResolvedValue({ ...BIOLOGY, name: 'Cell Biology' });
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('Showing 2 card(s)');
  const dialog = await openSets(user);
  await user.click(await within(dialog).findByRole('button', { name: 'Rename set: Biology 101' }));

  const input = within(dialog).getByLabelText('New name for Biology 101');
  expect(input).toHaveFocus();
  await user.clear(input);
  await user.type(input, 'Cell Biology{Enter}');

  expect(update).toHaveBeenCalledWith(BIOLOGY.id, { name: 'Cell Biology' });
  expect(await within(dialog).findByText('Cell Biology')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Rename set: Cell Biology' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));

  expect(screen.getByText('Set: Cell Biology')).toBeInTheDocument();
  expect(setFilterOptions()).toContain('Cell Biology');
  expect(setFilterOptions()).not.toContain('Biology 101');
});

it('Escape in the inline rename cancels only the rename', async () => {
  mockApis({ cards: [] });
  const update = jest.spyOn(categoriesApi, 'update');
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('No cards yet');
  const dialog = await openSets(user);
  await user.click(await within(dialog).findByRole('button', { name: 'Rename set: History' }));
  await user.keyboard('{Escape}');

  expect(screen.getByRole('dialog', { name: 'Manage sets' })).toBeInTheDocument();
  expect(within(dialog).queryByLabelText('New name for History')).not.toBeInTheDocument();
  expect(update).not.toHaveBeenCalled();
});

it('deletes a set after saying its cards are kept, and unfiles them', async () => {
  const { list } = mockApis({ cards: [inBiology(1), inBiology(2)] });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  const remove = jest
    .spyOn(categoriesApi, 'remove')
    .mockResolvedValue({ message: 'Category deleted', cardsUnfiled: 2 });
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('Showing 2 card(s)');
  // Filtered to the set that is about to go.
  await user.selectOptions(screen.getByLabelText('Set'), await screen.findByRole('option', { name: 'Biology 101' }));
  await screen.findByText('Showing 2 card(s) (filtered)');
  const dialog = await openSets(user);
  await user.click(await within(dialog).findByRole('button', { name: 'Delete set: Biology 101' }));

  expect(confirm).toHaveBeenCalledWith('Delete the set "Biology 101"? Its 2 cards are kept and moved out of the set.');
  expect(remove).toHaveBeenCalledWith(BIOLOGY.id);
  await waitFor(() => expect(within(dialog).queryByText('Biology 101')).not.toBeInTheDocument());
  expect(within(dialog).getByLabelText('New set name')).toHaveFocus();
  expect(toasts.success).toHaveBeenCalledWith('Set deleted; 2 cards kept without a set');
  // The filter on the deleted set is dropped and the full list comes back.
  expect(list).toHaveBeenLastCalledWith({});
  expect(setFilterOptions()).toEqual(['All sets', 'History']);
});

it('keeps the set when the deletion is not confirmed', async () => {
  mockApis({ cards: [] });
  jest.spyOn(window, 'confirm').mockReturnValue(false);
  const remove = jest.spyOn(categoriesApi, 'remove');
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('No cards yet');
  const dialog = await openSets(user);
  await user.click(await within(dialog).findByRole('button', { name: 'Delete set: History' }));

  expect(remove).not.toHaveBeenCalled();
  expect(within(dialog).getByText('History')).toBeInTheDocument();
  expect(toasts.error).not.toHaveBeenCalled();
});

it("chooses the language a set's cards are read aloud in, and back to the page language", async () => {
  mockApis({ cards: [inBiology(1)] });
  const update = jest
    .spyOn(categoriesApi, 'update')
    .mockImplementation(async (_id, body) => ({ ...BIOLOGY, language: body.language ?? null }));
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('Showing 1 card(s)');
  const dialog = await openSets(user);
  const select = within(dialog).getByLabelText('Read Biology 101 aloud in');
  expect(select).toHaveValue('');
  // Language names come from Intl in the page's language.
  await user.selectOptions(select, 'French (France)');
  expect(update).toHaveBeenCalledWith(BIOLOGY.id, { language: 'fr-FR' });
  await waitFor(() =>
    expect(toasts.success).toHaveBeenCalledWith('Cards of "Biology 101" are read aloud in French (France)'),
  );
  expect(within(dialog).getByLabelText('Read Biology 101 aloud in')).toHaveValue('fr-FR');

  await user.selectOptions(within(dialog).getByLabelText('Read Biology 101 aloud in'), 'The page language');
  expect(update).toHaveBeenLastCalledWith(BIOLOGY.id, { language: null });
  await waitFor(() =>
    expect(toasts.success).toHaveBeenLastCalledWith('Cards of "Biology 101" are read aloud in the page language'),
  );
});

it('says when the language could not be saved, and keeps the old one', async () => {
  mockApis({ cards: [inBiology(1)] });
  jest.spyOn(categoriesApi, 'update').mockRejectedValue(new Error('offline'));
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('Showing 1 card(s)');
  const dialog = await openSets(user);
  await user.selectOptions(within(dialog).getByLabelText('Read Biology 101 aloud in'), 'German (Germany)');
  await waitFor(() =>
    expect(toasts.error.mock.calls.map((call) => call[0])).toEqual(['Failed to save the set language']),
  );
  expect(within(dialog).getByLabelText('Read Biology 101 aloud in')).toHaveValue('');
});

it("names each set's preset beside its Options button, and reads it again when the options close", async () => {
  mockApis({ cards: [inBiology(1)] });
  const list = jest
    .spyOn(presetsApi, 'list')
    .mockResolvedValue([
      DEFAULT_PRESET,
      { ...DEFAULT_PRESET, id: 4, name: 'Languages', isDefault: false, sets: [{ id: HISTORY.id, name: HISTORY.name }] },
    ]);
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('Showing 1 card(s)');
  const dialog = await openSets(user);

  const biology = within(dialog).getByRole('button', { name: 'Options for set: Biology 101' });
  const history = within(dialog).getByRole('button', { name: 'Options for set: History' });
  await waitFor(() => expect(history).toHaveAccessibleDescription('Preset: Languages'));
  expect(biology).toHaveAccessibleDescription('Preset: Default');
  const rows = within(within(dialog).getByRole('list', { name: 'Sets' })).getAllByRole('listitem');
  expect(within(rows[1]!).getByText('Languages')).toHaveClass('muted');
  expect(list).toHaveBeenCalledTimes(1);

  // Back from a set's options the names are read again.
  await user.click(history);
  const options = await screen.findByRole('dialog', { name: 'Options for History' });
  await user.click(within(options).getByRole('button', { name: 'Cancel' }));
  const again = await screen.findByRole('dialog', { name: 'Manage sets' });
  await waitFor(() => expect(list.mock.calls.length).toBeGreaterThanOrEqual(3));
  expect(within(again).getByRole('button', { name: 'Options for set: History' })).toHaveAccessibleDescription(
    'Preset: Languages',
  );
});

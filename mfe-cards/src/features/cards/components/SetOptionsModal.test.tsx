import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { presetsApi, type StudyPreset } from '@flashcard/api-contract';
import { BIOLOGY, DEFAULT_PRESET, HISTORY, makeCard, mockApis, renderCards, spyToasts } from '../../../test/cards';

let toasts: ReturnType<typeof spyToasts>;

beforeEach(() => {
  toasts = spyToasts();
});

afterEach(() => jest.restoreAllMocks());

const LANGUAGES: StudyPreset = {
  ...DEFAULT_PRESET,
  id: 4,
  name: 'Languages',
  isDefault: false,
  newCardsPerDay: 5,
  sets: [{ id: HISTORY.id, name: HISTORY.name }],
};

async function openOptions(user: ReturnType<typeof userEvent.setup>, set = BIOLOGY.name) {
  renderCards();
  await screen.findByText('Showing 1 card(s)');
  await user.click(screen.getByRole('button', { name: 'Manage sets' }));
  const sets = screen.getByRole('dialog', { name: 'Manage sets' });
  await user.click(within(sets).getByRole('button', { name: `Options for set: ${set}` }));
  const dialog = screen.getByRole('dialog', { name: `Options for ${set}` });
  await within(dialog).findByLabelText('Preset used by this set');
  return dialog;
}

it("shows the set's preset and its fields, labelled, and saves an edit with the set's preset", async () => {
  mockApis({ cards: [makeCard(1)] });
  jest.spyOn(presetsApi, 'list').mockResolvedValue([DEFAULT_PRESET, LANGUAGES]);
  const update = jest.spyOn(presetsApi, 'update').mockResolvedValue({ ...LANGUAGES, newCardsPerDay: 3 });
  const assign = jest.spyOn(presetsApi, 'assign').mockResolvedValue({ setId: BIOLOGY.id, presetId: LANGUAGES.id });
  const user = userEvent.setup();
  const dialog = await openOptions(user);

  const choice = within(dialog).getByLabelText('Preset used by this set');
  expect(choice).toHaveValue('0');
  expect(choice).toHaveFocus();
  expect(within(dialog).getByLabelText('New cards per day')).toHaveValue(20);
  expect(within(dialog).getByLabelText('FSRS parameters (optional)')).toBeDisabled();

  await user.selectOptions(choice, 'Languages');
  expect(within(dialog).getByText('Used by 1 set')).toBeInTheDocument();
  const perDay = within(dialog).getByLabelText('New cards per day');
  expect(perDay).toHaveValue(5);
  await user.clear(perDay);
  await user.type(perDay, '3');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(assign).toHaveBeenCalledWith(BIOLOGY.id, LANGUAGES.id));
  expect(update).toHaveBeenCalledWith(
    LANGUAGES.id,
    expect.objectContaining({ newCardsPerDay: 3, learningSteps: '1m 10m' }),
  );
  expect(toasts.success).toHaveBeenCalledWith('"Biology 101" now uses the preset "Languages"');
  // Back in Manage sets, on the set's Options button.
  const sets = await screen.findByRole('dialog', { name: 'Manage sets' });
  await waitFor(() => expect(within(sets).getByRole('button', { name: 'Options for set: Biology 101' })).toHaveFocus());
});

it('explains steps and numbers the API would refuse, beside their fields, and sends nothing', async () => {
  mockApis({ cards: [makeCard(1)] });
  jest.spyOn(presetsApi, 'list').mockResolvedValue([DEFAULT_PRESET, LANGUAGES]);
  const update = jest.spyOn(presetsApi, 'update');
  const user = userEvent.setup();
  const dialog = await openOptions(user);

  const steps = within(dialog).getByLabelText('Learning steps');
  await user.clear(steps);
  await user.type(steps, '30s');
  const retention = within(dialog).getByLabelText('Desired retention (0.70–0.99)');
  await user.clear(retention);
  await user.type(retention, '1.5');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(steps).toHaveAttribute('aria-invalid', 'true');
  expect(steps).toHaveAccessibleDescription(expect.stringContaining('Enter 1 to 10 delays such as 1m 10m'));
  expect(retention).toHaveAccessibleDescription('Enter a number from 0.7 to 0.99');
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Correct the fields marked above');
  expect(update).not.toHaveBeenCalled();
});

it('Escape in the name field gives up the name only: the dialog stays open, nothing is sent', async () => {
  mockApis({ cards: [makeCard(1)] });
  jest.spyOn(presetsApi, 'list').mockResolvedValue([DEFAULT_PRESET, LANGUAGES]);
  const create = jest.spyOn(presetsApi, 'create');
  const user = userEvent.setup();
  const dialog = await openOptions(user);

  await user.click(within(dialog).getByRole('button', { name: 'Clone preset' }));
  expect(within(dialog).getByLabelText('Name of the new preset')).toHaveFocus();
  await user.keyboard('{Escape}');

  expect(within(dialog).queryByLabelText('Name of the new preset')).not.toBeInTheDocument();
  expect(dialog).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
});

it('clones the shown preset under a new name, renames and deletes one after confirming', async () => {
  mockApis({ cards: [makeCard(1)] });
  const list = jest.spyOn(presetsApi, 'list').mockResolvedValue([DEFAULT_PRESET, LANGUAGES]);
  const clone: StudyPreset = { ...DEFAULT_PRESET, id: 9, name: 'Fast', isDefault: false, sets: [] };
  const create = jest.spyOn(presetsApi, 'create').mockResolvedValue(clone);
  const update = jest.spyOn(presetsApi, 'update').mockResolvedValue({ ...clone, name: 'Faster' });
  const remove = jest.spyOn(presetsApi, 'remove').mockResolvedValue({ message: 'ok', setsMoved: 0 });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  const user = userEvent.setup();
  const dialog = await openOptions(user);

  await user.click(within(dialog).getByRole('button', { name: 'Clone preset' }));
  const name = within(dialog).getByLabelText('Name of the new preset');
  expect(name).toHaveValue('Default copy');
  await user.clear(name);
  await user.type(name, 'Fast{Enter}');
  await waitFor(() =>
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Fast', newCardsPerDay: 20 })),
  );
  expect(within(dialog).getByLabelText('Preset used by this set')).toHaveValue('9');

  await user.click(within(dialog).getByRole('button', { name: 'Rename preset' }));
  const rename = within(dialog).getByLabelText('New name of the preset');
  await user.clear(rename);
  await user.type(rename, 'Faster{Enter}');
  await waitFor(() => expect(update).toHaveBeenCalledWith(9, { name: 'Faster' }));

  list.mockResolvedValue([DEFAULT_PRESET, LANGUAGES]);
  await user.click(within(dialog).getByRole('button', { name: 'Delete preset' }));
  expect(confirm).toHaveBeenCalledWith('Delete the preset "Faster"? Its 0 sets will use the default preset.');
  await waitFor(() => expect(remove).toHaveBeenCalledWith(9));
  await waitFor(() => expect(within(dialog).getByLabelText('Preset used by this set')).toHaveValue('0'));
  // The default preset is neither renamed nor deleted.
  expect(within(dialog).queryByRole('button', { name: 'Delete preset' })).toBeNull();
});

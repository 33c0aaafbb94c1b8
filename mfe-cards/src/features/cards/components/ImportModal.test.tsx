import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardsApi, type ImportResult } from '@flashcard/api-contract';
import { BIOLOGY, makeCard, mockApis, page, renderCards, spyToasts } from '../../../test/cards';

let toasts: ReturnType<typeof spyToasts>;

beforeEach(() => {
  toasts = spyToasts();
});

afterEach(() => jest.restoreAllMocks());

const TEXT = 'question,answer,tags\nWhat is DNA?,A molecule,bio\n,No question,\nWhat is RNA?,Another molecule,';

const PREVIEW: ImportResult = {
  imported: 0,
  updated: 0,
  total: 3,
  rows: [
    { row: 1, question: 'What is DNA?', answer: 'A molecule', tags: 'bio' },
    { row: 3, question: 'What is RNA?', answer: 'Another molecule', tags: null },
  ],
  errors: [{ row: 2, error: 'Question is required' }],
  counts: { new: 2, updated: 0, unchanged: 0 },
  skipped: 0,
};

async function openImport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Import' }));
  return screen.getByRole('dialog', { name: 'Import cards' });
}

it('previews (dry run) with the row errors, then imports and reloads the list', async () => {
  const { list } = mockApis({ cards: [makeCard(1)] });
  const importCards = jest
    .spyOn(cardsApi, 'importCards')
    .mockResolvedValueOnce(PREVIEW)
    .mockResolvedValueOnce({ ...PREVIEW, imported: 2 });
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('Showing 1 card(s)');
  await screen.findAllByRole('option', { name: 'Biology 101' });
  const dialog = await openImport(user);
  const textArea = within(dialog).getByLabelText('Paste CSV or tab-separated text');
  expect(textArea).toHaveFocus();
  expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeDisabled();

  await user.click(textArea);
  await user.paste(TEXT);
  await user.selectOptions(within(dialog).getByLabelText('Import into set'), 'Biology 101');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

  expect(importCards).toHaveBeenLastCalledWith({ text: TEXT, categoryId: BIOLOGY.id, dryRun: true });
  expect(await within(dialog).findByText('Row 2: Question is required')).toBeInTheDocument();
  expect(within(dialog).getByText('2 cards ready to import, 1 row with errors')).toBeInTheDocument();
  const table = within(dialog).getByRole('table', { name: 'Cards to import' });
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(table).toHaveTextContent('What is RNA?');
  expect(list).toHaveBeenCalledTimes(1);

  list.mockResolvedValue(page([makeCard(2), makeCard(3), makeCard(1)]));
  await user.click(within(dialog).getByRole('button', { name: 'Import 2 cards' }));

  expect(importCards).toHaveBeenLastCalledWith({ text: TEXT, categoryId: BIOLOGY.id, duplicates: 'update' });
  expect(toasts.success).toHaveBeenCalledWith('Imported 2 cards (1 row skipped)');
  expect(await screen.findByText('Showing 3 card(s)')).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Import' })).toHaveFocus();
});

it('reads an uploaded file into the text area and sends the chosen format', async () => {
  mockApis({ cards: [] });
  const importCards = jest.spyOn(cardsApi, 'importCards').mockResolvedValue({ ...PREVIEW, errors: [] });
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('No cards yet');
  const dialog = await openImport(user);
  const file = new File(['What is DNA?\tA molecule\tbio\n'], 'cards.txt', { type: 'text/plain' });
  await user.upload(within(dialog).getByLabelText('Upload a .csv or .txt file'), file);

  await waitFor(() =>
    expect(within(dialog).getByLabelText('Paste CSV or tab-separated text')).toHaveValue(
      'What is DNA?\tA molecule\tbio\n',
    ),
  );
  await user.selectOptions(within(dialog).getByLabelText('Format'), 'Tab-separated');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

  expect(importCards).toHaveBeenCalledWith({
    text: 'What is DNA?\tA molecule\tbio\n',
    format: 'tsv',
    categoryId: null,
    dryRun: true,
  });
  expect(await within(dialog).findByRole('button', { name: 'Import 2 cards' })).toBeInTheDocument();
});

it('shows only the first 20 good rows and counts the rest', async () => {
  mockApis({ cards: [] });
  const rows = Array.from({ length: 25 }, (_, i) => ({ row: i + 1, question: `Q${i + 1}`, answer: 'A', tags: null }));
  jest.spyOn(cardsApi, 'importCards').mockResolvedValue({
    imported: 0,
    updated: 0,
    total: 25,
    rows,
    errors: [],
    counts: { new: 25, updated: 0, unchanged: 0 },
    skipped: 0,
  });
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('No cards yet');
  const dialog = await openImport(user);
  await user.type(within(dialog).getByLabelText('Paste CSV or tab-separated text'), 'x');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

  const table = await within(dialog).findByRole('table', { name: 'Cards to import' });
  expect(within(table).getAllByRole('row')).toHaveLength(21);
  expect(within(dialog).getByText('...and 5 more')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Import 25 cards' })).toBeInTheDocument();
});

it('asks for a new preview after the text changes', async () => {
  mockApis({ cards: [] });
  jest.spyOn(cardsApi, 'importCards').mockResolvedValue(PREVIEW);
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('No cards yet');
  const dialog = await openImport(user);
  const textArea = within(dialog).getByLabelText('Paste CSV or tab-separated text');
  await user.type(textArea, 'x');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await within(dialog).findByRole('button', { name: 'Import 2 cards' });

  await user.type(textArea, 'y');

  expect(within(dialog).queryByRole('button', { name: 'Import 2 cards' })).not.toBeInTheDocument();
  expect(within(dialog).queryByText('Row 2: Question is required')).not.toBeInTheDocument();
});

it('toasts a failed import and keeps the dialog open', async () => {
  const { list } = mockApis({ cards: [] });
  jest.spyOn(cardsApi, 'importCards').mockResolvedValueOnce(PREVIEW).mockRejectedValueOnce(new Error('down'));
  const user = userEvent.setup();

  renderCards();
  await screen.findByText('No cards yet');
  const dialog = await openImport(user);
  await user.type(within(dialog).getByLabelText('Paste CSV or tab-separated text'), 'x');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Import 2 cards' }));

  await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Import failed'));
  expect(screen.getByRole('dialog', { name: 'Import cards' })).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(1);
  expect(toasts.success).not.toHaveBeenCalled();
});

it('sends a Quizlet export with the separators chosen, a custom one included, and says what a re-import updated', async () => {
  mockApis({ cards: [] });
  const rows = [1, 2, 3].map((row) => ({ row, question: `Q${row}`, answer: 'A', tags: null }));
  const importCards = jest.spyOn(cardsApi, 'importCards').mockImplementation(async (input) => ({
    imported: input.dryRun ? 0 : 1,
    updated: input.dryRun ? 0 : 2,
    total: 3,
    rows,
    errors: [],
    counts: { new: 1, updated: 2, unchanged: 0 },
    skipped: 0,
  }));
  const user = userEvent.setup();
  renderCards();
  await screen.findByText(/No flashcards yet|Showing 0/);
  await user.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = screen.getByRole('dialog', { name: 'Import cards' });
  await user.type(within(dialog).getByLabelText('Paste CSV or tab-separated text'), 'perro - dog;gato - cat');
  await user.selectOptions(within(dialog).getByLabelText('Format'), 'quizlet');
  await user.selectOptions(within(dialog).getByLabelText('Between term and definition'), 'Custom');
  await user.type(within(dialog).getByLabelText('Between term and definition: custom separator'), ' - ');
  await user.selectOptions(within(dialog).getByLabelText('Between rows'), 'Semicolon');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Import 3 cards' }));
  expect(importCards).toHaveBeenLastCalledWith(
    expect.objectContaining({
      format: 'quizlet',
      termSeparator: ' - ',
      rowSeparator: ';',
      text: 'perro - dog;gato - cat',
    }),
  );
  expect(toasts.success).toHaveBeenCalledWith('Updated 2 notes already here');
});

it('sends an Anki package as it is: preview with its history and media, then import', async () => {
  mockApis({ cards: [] });
  const report = {
    format: 'anki21b' as const,
    imported: 0,
    updated: 0,
    total: 2,
    rows: [{ row: 1, question: 'Hund', answer: 'dog', tags: null, kind: 'reversed' as const, set: 'German' }],
    errors: [{ row: 2, error: 'The note has no text in its first field' }],
    counts: { new: 1, updated: 0, unchanged: 0 },
    skipped: 0,
    cards: 2,
    reviews: 14,
    images: 1,
    sounds: 1,
    skippedMedia: [
      {
        name: 'clip.mp4',
        reason: 'only images and sounds are kept (PNG, JPEG, GIF, WebP, MP3, OGG/Opus, M4A, WAV)',
        key: 'not_image' as const,
      },
      // Worded here by its key (not the API's English), with the contract's limit.
      { name: 'big.png', reason: 'server words', key: 'too_large' as const },
      // No key: the API's own reason.
      { name: 'odd.png', reason: 'Something new', key: null },
    ],
  };
  const importApkg = jest
    .spyOn(cardsApi, 'importApkg')
    .mockResolvedValueOnce(report)
    .mockResolvedValueOnce({ ...report, imported: 1 });
  const importCards = jest.spyOn(cardsApi, 'importCards');
  const user = userEvent.setup();
  renderCards();
  await screen.findByText('Showing 0 card(s)');
  const dialog = await openImport(user);

  const upload = within(dialog).getByLabelText('Upload a .csv or .txt file');
  expect(upload).toHaveAccessibleDescription('Or an Anki package (.apkg): notes, decks, review history and images.');
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'German.apkg', { type: '' });
  await user.upload(upload, file);
  expect(upload).toHaveAccessibleDescription('Anki package: German.apkg');
  expect(within(dialog).getByLabelText('Format')).toBeDisabled();

  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  expect(importApkg).toHaveBeenLastCalledWith(file, { dryRun: true, categoryId: null });
  expect(
    await within(dialog).findByText('With them: 2 cards, 14 answers of review history, 1 image, 1 sound.'),
  ).toBeInTheDocument();
  const skipped = within(within(dialog).getByRole('list', { name: 'Media not kept' })).getAllByRole('listitem');
  expect(skipped.map((item) => item.textContent)).toEqual([
    'clip.mp4: only images and sounds are kept (PNG, JPEG, GIF, WebP, MP3, OGG/Opus, M4A, WAV)',
    'big.png: Images can be at most 2 MB',
    'odd.png: Something new',
  ]);
  expect(within(dialog).getByText('Row 2: The note has no text in its first field')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Import 1 card' }));
  await waitFor(() => expect(importApkg).toHaveBeenLastCalledWith(file, { categoryId: null, duplicates: 'update' }));
  expect(importCards).not.toHaveBeenCalled();
});

it('says how many notes are new, updated and unchanged, and sends the choice made for those already here', async () => {
  mockApis({ cards: [] });
  const rows = [1, 2, 3, 4].map((row) => ({ row, question: `Q${row}`, answer: 'A', tags: null }));
  const report = {
    imported: 0,
    updated: 0,
    total: 4,
    rows,
    errors: [],
    counts: { new: 1, updated: 1, unchanged: 2 },
    skipped: 0,
  };
  const importCards = jest
    .spyOn(cardsApi, 'importCards')
    .mockResolvedValueOnce(report)
    .mockResolvedValueOnce({ ...report, imported: 1, skipped: 3 });
  const user = userEvent.setup();
  renderCards();
  await screen.findByText('No cards yet');
  const dialog = await openImport(user);
  await user.type(within(dialog).getByLabelText('Paste CSV or tab-separated text'), 'x');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

  expect(await within(dialog).findByText('Notes: 1 new, 1 updated, 2 unchanged')).toBeInTheDocument();
  const group = within(dialog).getByRole('group', { name: 'Notes already here' });
  const update = within(group).getByRole('radio', { name: 'Update them (their scheduling and history are kept)' });
  expect(update).toBeChecked();
  // Update writes the new note and the changed one; skip only the new one; add all four.
  expect(within(dialog).getByRole('button', { name: 'Import 2 cards' })).toBeEnabled();
  await user.click(within(group).getByRole('radio', { name: 'Import them anyway as new notes' }));
  expect(within(dialog).getByRole('button', { name: 'Import 4 cards' })).toBeEnabled();
  await user.click(within(group).getByRole('radio', { name: 'Skip them' }));
  expect(within(group).getByRole('radio', { name: 'Skip them' })).toBeChecked();
  await user.click(within(dialog).getByRole('button', { name: 'Import 1 card' }));

  await waitFor(() =>
    expect(importCards).toHaveBeenLastCalledWith({ text: 'x', categoryId: null, duplicates: 'skip' }),
  );
  expect(toasts.success).toHaveBeenCalledWith('Left 3 notes already here as they were');
});

it('keeps the import off while it would write nothing, until the notes are imported anyway', async () => {
  mockApis({ cards: [] });
  const rows = [{ row: 1, question: 'Q', answer: 'A', tags: null }];
  jest.spyOn(cardsApi, 'importCards').mockResolvedValueOnce({
    imported: 0,
    updated: 0,
    total: 1,
    rows,
    errors: [],
    counts: { new: 0, updated: 0, unchanged: 1 },
    skipped: 0,
  });
  const user = userEvent.setup();
  renderCards();
  await screen.findByText('No cards yet');
  const dialog = await openImport(user);
  await user.type(within(dialog).getByLabelText('Paste CSV or tab-separated text'), 'x');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  expect(await within(dialog).findByText('Notes: 0 new, 0 updated, 1 unchanged')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Import 0 cards' })).toBeDisabled();
  await user.click(within(dialog).getByRole('radio', { name: 'Import them anyway as new notes' }));
  expect(within(dialog).getByRole('button', { name: 'Import 1 card' })).toBeEnabled();
});

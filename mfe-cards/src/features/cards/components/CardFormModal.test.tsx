import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardsApi, mediaApi } from '@flashcard/api-contract';
import { loadRenderer } from '@flashcard/shared-ui';
import { BIOLOGY, makeCard, mockApis, renderCards, spyToasts } from '../../../test/cards';

let toasts: ReturnType<typeof spyToasts>;

beforeEach(() => {
  toasts = spyToasts();
});

afterEach(() => jest.restoreAllMocks());

const tiles = () => within(screen.getByRole('list', { name: 'Cards' })).getAllByRole('listitem');

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add New Card' }));
  return screen.getByRole('dialog', { name: 'Create New Card' });
}

describe('Add image', () => {
  it('uploads the chosen image and writes it where the cursor was, in the field last used', async () => {
    mockApis({ cards: [] });
    const upload = jest.spyOn(mediaApi, 'upload').mockImplementation(async (_file, name) => ({
      name: name === 'cell division.png' ? 'cell-division.png' : name,
      mime: 'image/png',
      size: 4,
      createdAt: '2026-01-01T00:00:00Z',
    }));
    const user = userEvent.setup();
    renderCards();
    await screen.findByText('Showing 0 card(s)');
    const dialog = await openCreate(user);

    await user.type(within(dialog).getByLabelText('Question'), 'Which phase?');
    const answer = within(dialog).getByLabelText('Answer');
    await user.type(answer, 'Anaphase');
    const picker = within(dialog).getByLabelText('Add image');
    expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
    expect(picker).toHaveAccessibleDescription(/PNG, JPEG, GIF or WebP up to 2 MB/);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'cell division.png', { type: 'image/png' });
    await user.upload(picker, file);

    expect(upload).toHaveBeenCalledWith(file, 'cell division.png');
    await waitFor(() => expect(answer).toHaveValue('Anaphase![cell division](cell-division.png)'));
    expect(within(dialog).getByLabelText('Question')).toHaveValue('Which phase?');
  });

  it("uploads a sound and writes Anki's [sound:name] where the cursor was", async () => {
    mockApis({ cards: [] });
    // The preview's player asks for the file: nothing answers it here.
    jest.spyOn(mediaApi, 'fetch').mockRejectedValue(new Error('not in this test'));
    const upload = jest.spyOn(mediaApi, 'upload').mockImplementation(async () => ({
      name: 'bonjour-1.mp3',
      mime: 'audio/mpeg',
      size: 4,
      createdAt: '2026-01-01T00:00:00Z',
    }));
    const user = userEvent.setup();
    renderCards();
    await screen.findByText('Showing 0 card(s)');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Question'), 'Hello in French? ');
    const picker = within(dialog).getByLabelText('Add sound');
    expect(picker).toHaveAttribute('accept', 'audio/mpeg,audio/ogg,audio/mp4,audio/wav');
    expect(picker).toHaveAccessibleDescription(/MP3, OGG\/Opus, M4A or WAV up to 2 MB/);
    const file = new File([new Uint8Array([0x49, 0x44, 0x33])], 'bonjour 1.mp3', { type: 'audio/mpeg' });
    await user.upload(picker, file);
    expect(upload).toHaveBeenCalledWith(file, 'bonjour 1.mp3');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Question')).toHaveValue('Hello in French? [sound:bonjour-1.mp3]'),
    );
  });

  it('inserts nothing when the server refuses the file (its reason is toasted by the client)', async () => {
    mockApis({ cards: [] });
    jest.spyOn(mediaApi, 'upload').mockRejectedValue(new Error('Images can be at most 2 MB'));
    const user = userEvent.setup();
    renderCards();
    await screen.findByText('Showing 0 card(s)');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Question'), 'Q');
    await user.upload(within(dialog).getByLabelText('Add image'), new File(['x'], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Add image')).toBeEnabled());
    expect(within(dialog).getByLabelText('Question')).toHaveValue('Q');
  });
});

describe('Create card', () => {
  it('creates a card with every field, prepends it and toasts', async () => {
    const { list } = mockApis({ cards: [makeCard(1)] });
    const created = makeCard(9, {
      question: 'What is ATP?',
      answer: 'Energy currency',
      difficulty_level: 3,
      tags: 'cells',
      category_id: BIOLOGY.id,
      category_name: BIOLOGY.name,
    });
    const create = jest.spyOn(cardsApi, 'create').mockResolvedValue(created);
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    await screen.findAllByRole('option', { name: 'Biology 101' });
    const dialog = await openCreate(user);

    expect(within(dialog).getByLabelText('Difficulty')).toHaveValue('1');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['1 Easy', '2 Medium', '3 Hard', '4 Very Hard', '5 Expert', 'No set']));
    await user.type(within(dialog).getByLabelText('Question'), '  What is ATP? ');
    await user.type(within(dialog).getByLabelText('Answer'), 'Energy currency');
    await user.selectOptions(within(dialog).getByLabelText('Difficulty'), '3 Hard');
    await user.type(within(dialog).getByLabelText('Tags'), 'cells');
    await user.type(within(dialog).getByLabelText('College'), 'MIT');
    await user.type(within(dialog).getByLabelText('Class'), 'Bio 101');
    await user.selectOptions(within(dialog).getByLabelText('Set'), 'Biology 101');
    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));

    expect(create).toHaveBeenCalledWith(
      {
        kind: 'basic',
        question: 'What is ATP?',
        answer: 'Energy currency',
        difficulty_level: 3,
        tags: 'cells',
        college: 'MIT',
        class_name: 'Bio 101',
        category_id: BIOLOGY.id,
      },
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    expect(await screen.findByText('Showing 2 card(s)')).toBeInTheDocument();
    expect(tiles()[0]).toHaveTextContent('What is ATP?');
    expect(tiles()[1]).toHaveTextContent('Question 1');
    expect(toasts.success).toHaveBeenCalledWith('Card created successfully');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('requires a question and an answer and makes no call without them', async () => {
    mockApis({ cards: [] });
    const create = jest.spyOn(cardsApi, 'create');
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('No cards yet');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Question'), '   ');
    await user.type(within(dialog).getByLabelText('Answer'), 'An answer');
    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('Question and answer are required');
    expect(within(dialog).getByLabelText('Question')).toHaveAttribute('aria-invalid', 'true');
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Create New Card' })).toBeInTheDocument();
  });

  it("toasts 'Failed to create card' and keeps the modal open with the input", async () => {
    mockApis({ cards: [] });
    jest.spyOn(cardsApi, 'create').mockRejectedValue(new Error('down'));
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('No cards yet');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Question'), 'Q');
    await user.type(within(dialog).getByLabelText('Answer'), 'A');
    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to create card'));
    expect(screen.getByRole('dialog', { name: 'Create New Card' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Question')).toHaveValue('Q');
    expect(within(dialog).getByRole('button', { name: 'Create Card' })).toBeEnabled();
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('returns focus to the Add button when the empty state that opened it is gone', async () => {
    mockApis({ cards: [] });
    jest.spyOn(cardsApi, 'create').mockResolvedValue(makeCard(1));
    const user = userEvent.setup();

    renderCards();
    await user.click(await screen.findByRole('button', { name: 'Create First Card' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Card' });
    await user.type(within(dialog).getByLabelText('Question'), 'Q');
    await user.type(within(dialog).getByLabelText('Answer'), 'A');
    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));

    expect(await screen.findByText('Showing 1 card(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Card' })).toHaveFocus();
  });
});

describe('Edit card', () => {
  it('opens prefilled, saves with category_id and replaces the card in place', async () => {
    const original = makeCard(2, {
      question: 'Old question',
      answer: 'Old answer',
      difficulty_level: 4,
      tags: 'a, b',
      college: 'MIT',
      class_name: 'CS 50',
      category_id: BIOLOGY.id,
      category_name: BIOLOGY.name,
    });
    mockApis({ cards: [makeCard(1), original, makeCard(3)] });
    const update = jest.spyOn(cardsApi, 'update').mockResolvedValue({
      ...original,
      question: 'New question',
      category_id: null,
      category_name: null,
      category: null,
      kept: 'edit',
    });
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 3 card(s)');
    await screen.findAllByRole('option', { name: 'Biology 101' });
    await user.click(screen.getByRole('button', { name: 'Edit card: Old question' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Card' });
    expect(within(dialog).getByLabelText('Question')).toHaveValue('Old question');
    expect(within(dialog).getByLabelText('Answer')).toHaveValue('Old answer');
    expect(within(dialog).getByLabelText('Difficulty')).toHaveValue('4');
    expect(within(dialog).getByLabelText('Tags')).toHaveValue('a, b');
    expect(within(dialog).getByLabelText('College')).toHaveValue('MIT');
    expect(within(dialog).getByLabelText('Class')).toHaveValue('CS 50');
    expect(within(dialog).getByLabelText('Set')).toHaveValue(String(BIOLOGY.id));

    await user.clear(within(dialog).getByLabelText('Question'));
    await user.type(within(dialog).getByLabelText('Question'), 'New question');
    await user.selectOptions(within(dialog).getByLabelText('Set'), 'No set');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(update).toHaveBeenCalledWith(2, {
      kind: 'basic',
      question: 'New question',
      answer: 'Old answer',
      difficulty_level: 4,
      tags: 'a, b',
      college: 'MIT',
      class_name: 'CS 50',
      category_id: null,
    });
    await waitFor(() => expect(tiles()[1]).toHaveTextContent('New question'));
    expect(tiles()).toHaveLength(3);
    expect(tiles()[1]).not.toHaveTextContent('Set:');
    expect(screen.queryByText('Old question')).not.toBeInTheDocument();
    expect(toasts.success).toHaveBeenCalledWith('Card updated successfully');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus is back on the Edit button of the same card (now named after its new question).
    expect(screen.getByRole('button', { name: 'Edit card: New question' })).toHaveFocus();
  });

  it("toasts 'Failed to update card' and keeps the modal open", async () => {
    mockApis({ cards: [makeCard(1)] });
    jest.spyOn(cardsApi, 'update').mockRejectedValue(new Error('down'));
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    await user.click(screen.getByRole('button', { name: 'Edit card: Question 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to update card'));
    expect(screen.getByRole('dialog', { name: 'Edit Card' })).toBeInTheDocument();
    expect(tiles()[0]).toHaveTextContent('Question 1');
  });
});

describe('Modal accessibility', () => {
  it('closes on Escape and gives focus back to the button that opened it', async () => {
    mockApis({ cards: [makeCard(1)] });
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('Showing 1 card(s)');
    const edit = screen.getByRole('button', { name: 'Edit card: Question 1' });
    await user.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit Card' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Question')).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    mockApis({ cards: [] });
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('No cards yet');
    const dialog = await openCreate(user);
    const submit = within(dialog).getByRole('button', { name: 'Create Card' });
    const close = within(dialog).getByRole('button', { name: 'Close' });

    submit.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(submit).toHaveFocus();
    for (let i = 0; i < 15; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes with Cancel without saving', async () => {
    mockApis({ cards: [] });
    const create = jest.spyOn(cardsApi, 'create');
    const user = userEvent.setup();

    renderCards();
    await screen.findByText('No cards yet');
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Question'), 'Q');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add New Card' })).toHaveFocus();
  });
});

describe('Note types and the live preview', () => {
  // The renderer is a lazy chunk; loaded once here so the previews render as they will on screen.
  beforeAll(() => loadRenderer());

  it('makes a cloze note: Insert cloze wraps the selection, the preview shows one card per cloze, Extra is optional', async () => {
    mockApis({ cards: [makeCard(1)] });
    const create = jest.spyOn(cardsApi, 'create').mockResolvedValue(makeCard(9, { kind: 'cloze', ord: 1 }));
    const user = userEvent.setup();
    renderCards();
    await screen.findByText('Showing 1 card(s)');
    const dialog = await openCreate(user);
    await user.selectOptions(within(dialog).getByLabelText('Note type'), 'cloze');
    expect(within(dialog).getByLabelText('Extra (optional, shown on the back)')).not.toBeRequired();
    const question = within(dialog).getByLabelText('Question');
    await user.type(question, 'Paris is in France');
    (question as HTMLTextAreaElement).setSelectionRange(0, 5);
    await user.click(within(dialog).getByRole('button', { name: 'Insert cloze' }));
    expect(question).toHaveValue('{{c1::Paris}} is in France');
    // The first insertion puts the cursor after its cloze on the next frame; select after that.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    (question as HTMLTextAreaElement).setSelectionRange(20, 26);
    await user.click(within(dialog).getByRole('button', { name: 'Insert cloze' }));
    expect(question).toHaveValue('{{c1::Paris}} is in {{c2::France}}');

    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    const cards = within(preview).getAllByRole('group');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Card 1: front and back',
      'Card 2: front and back',
    ]);
    // Each card hides only its own cloze (shown as text until the renderer loads, then as HTML).
    await waitFor(() => expect(cards[0]!.querySelector('.cloze')?.textContent).toBe('[...]'));
    expect(cards[0]).toHaveTextContent('France');
    expect(cards[1]).toHaveTextContent('Paris');

    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'cloze', question: '{{c1::Paris}} is in {{c2::France}}', answer: '' }),
      expect.any(String),
    );
  });

  it('refuses a cloze note without a cloze, and previews a reversed note as two cards', async () => {
    mockApis({ cards: [makeCard(1)] });
    const create = jest.spyOn(cardsApi, 'create');
    const user = userEvent.setup();
    renderCards();
    await screen.findByText('Showing 1 card(s)');
    const dialog = await openCreate(user);
    await user.selectOptions(within(dialog).getByLabelText('Note type'), 'cloze');
    await user.type(within(dialog).getByLabelText('Question'), 'No clozes');
    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A cloze note needs at least one cloze, like {{c1::…}}',
    );
    expect(create).not.toHaveBeenCalled();

    await user.selectOptions(within(dialog).getByLabelText('Note type'), 'reversed');
    await user.type(within(dialog).getByLabelText('Answer'), 'Sin huecos');
    const cards = within(within(dialog).getByRole('region', { name: 'Preview' })).getAllByRole('group');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent(/Front\s*Sin huecos\s*Back\s*No clozes/);
  });
});

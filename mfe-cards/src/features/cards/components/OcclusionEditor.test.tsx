import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardsApi, mediaApi } from '@flashcard/api-contract';
import { makeCard, mockApis, renderCards, spyToasts } from '../../../test/cards';

beforeEach(() => {
  spyToasts();
  mockApis({ cards: [] });
  jest.spyOn(mediaApi, 'upload').mockResolvedValue({
    name: 'heart-diagram.png',
    mime: 'image/png',
    size: 4,
    createdAt: '2026-01-01T00:00:00Z',
  });
  // The editor and the preview show the image through the app's resolver.
  jest.spyOn(mediaApi, 'fetch').mockResolvedValue(new Blob([new Uint8Array([137, 80, 78, 71])]));
  URL.createObjectURL = jest.fn(() => 'blob:heart');
});

afterEach(() => jest.restoreAllMocks());

async function openOcclusion(user: ReturnType<typeof userEvent.setup>) {
  renderCards();
  await screen.findByText('Showing 0 card(s)');
  await user.click(screen.getByRole('button', { name: 'Add New Card' }));
  const dialog = screen.getByRole('dialog', { name: 'Create New Card' });
  await user.selectOptions(within(dialog).getByLabelText('Note type'), 'Image occlusion (one card per mask)');
  return dialog;
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'heart diagram.png', { type: 'image/png' });
const maskList = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: /^Masks/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('image occlusion editor', () => {
  it('adds masks with the keyboard, moves and resizes the focused one with arrows, deletes it with Delete', async () => {
    const user = userEvent.setup();
    const dialog = await openOcclusion(user);
    expect(within(dialog).queryByLabelText('Question')).not.toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Choose image'), png());
    const stage = await within(dialog).findByRole('group', { name: 'Image with masks' });
    expect(within(dialog).getByLabelText('Image description')).toHaveValue('heart diagram');
    expect(within(dialog).getByText('No masks yet: drag on the image or use Add mask.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add mask' }));
    const first = within(stage).getByRole('button', { name: 'Mask 1' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAccessibleDescription(/arrow keys move it, Shift\+arrow keys resize it, Delete removes it/);
    // A new mask sits in the centre: 20% by 10%.
    expect(maskList(dialog)).toEqual(['Mask 1 40% from the left, 45% from the top, 20% wide, 10% highDelete mask 1']);

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(first).toHaveStyle({ left: '42%', top: '44%' });
    await user.keyboard('{Shift>}{ArrowRight}{ArrowDown}{ArrowDown}{/Shift}');
    expect(first).toHaveStyle({ width: '21%', height: '12%' });
    expect(maskList(dialog)[0]).toContain('42% from the left, 44% from the top, 21% wide, 12% high');

    await user.click(within(dialog).getByRole('button', { name: 'Add mask' }));
    const second = within(stage).getByRole('button', { name: 'Mask 2' });
    await waitFor(() => expect(second).toHaveFocus());
    // Held against the left edge: a mask never leaves its image.
    for (let n = 0; n < 45; n++) await user.keyboard('{ArrowLeft}');
    expect(second).toHaveStyle({ left: '0%' });
    expect(within(dialog).getByRole('heading', { name: 'Masks (2)' })).toBeInTheDocument();

    // Delete removes the focused mask; the focus stays among the masks.
    first.focus();
    await user.keyboard('{Delete}');
    expect(within(stage).queryByRole('button', { name: 'Mask 1' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(stage).getByRole('button', { name: 'Mask 2' })).toHaveFocus());
    expect(maskList(dialog)).toHaveLength(1);
  });

  it('saves the image and its masks as Anki writes them, in the mode chosen, with the extra', async () => {
    const create = jest
      .spyOn(cardsApi, 'create')
      .mockResolvedValue(makeCard(9, { kind: 'occlusion', ord: 1, question: 'x', answer: '' }));
    const user = userEvent.setup();
    const dialog = await openOcclusion(user);
    await user.upload(within(dialog).getByLabelText('Choose image'), png());
    await within(dialog).findByRole('group', { name: 'Image with masks' });
    await user.click(within(dialog).getByRole('button', { name: 'Add mask' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add mask' }));
    expect(within(dialog).getByRole('radio', { name: /Hide all, guess one/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /Hide one, guess one/ }));
    await user.type(within(dialog).getByLabelText('Header (optional, shown above the image)'), 'Chambers');
    await user.type(within(dialog).getByLabelText('Extra (optional, shown on the back)'), 'Four in all');
    // The preview shows one card per mask.
    expect(within(dialog).getByRole('group', { name: 'Card 2: front and back' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));

    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'occlusion',
        question: [
          '![heart diagram](heart-diagram.png)',
          '{{c1::image-occlusion:rect:left=.4:top=.45:width=.2:height=.1}}',
          '{{c2::image-occlusion:rect:left=.4:top=.45:width=.2:height=.1}}',
          '',
          'Chambers',
        ].join('\n'),
        answer: 'Four in all',
      }),
      expect.any(String),
    );
  });

  it('asks for an image, then for a mask, before saving, focusing what mends it', async () => {
    const create = jest.spyOn(cardsApi, 'create');
    const user = userEvent.setup();
    const dialog = await openOcclusion(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose an image for the masks');
    expect(within(dialog).getByLabelText('Choose image')).toHaveFocus();

    await user.upload(within(dialog).getByLabelText('Choose image'), png());
    await within(dialog).findByRole('group', { name: 'Image with masks' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Draw at least one mask on the image');
    expect(within(dialog).getByRole('button', { name: 'Add mask' })).toHaveFocus();
    expect(create).not.toHaveBeenCalled();
  });
});

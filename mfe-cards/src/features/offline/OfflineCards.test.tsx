// My Cards with the network off, through the screen: the list saved when online, a card created
// and another edited offline (queued with their key and time, shown at once and marked), the
// banner's count, and once online the outbox sent in order, the created card taking its server
// id and an edit the server kept its later change for said in a toast.
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { cardsApi, categoriesApi } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { BIOLOGY, makeCard, mockApis, page, renderCards, spyToasts } from '../../test/cards';
import { closeCardsDatabaseForTests } from './cards-db';
import { queuedChanges } from './change-outbox';
import { savedList, saveList, saveSets } from './offline-list';

const SAVED_AT = Date.parse('2026-11-27T08:42:00.000Z');
const networkDown = () => new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() });

const tiles = () => within(screen.getByRole('list', { name: 'Cards' })).getAllByRole('listitem');
const tileOf = (text: string) => tiles().find((tile) => within(tile).queryByText(text))!;
const banner = () => document.querySelector('.cards-offline')!;

let toasts: ReturnType<typeof spyToasts>;
let onLine: jest.SpyInstance<boolean, []>;

beforeEach(async () => {
  await closeCardsDatabaseForTests();
  indexedDB.deleteDatabase('flashcard-cards');
  toasts = spyToasts();
  useAuthStore.setState({ user: { id: 5, email: 'l@example.com', name: 'Learner', role: 'user' } as never });
  onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => jest.restoreAllMocks());

/** The network is off: every call gets no answer. */
function offline() {
  onLine.mockReturnValue(false);
  const apis = mockApis();
  apis.list.mockRejectedValue(networkDown());
  apis.categories.mockRejectedValue(networkDown());
  apis.filterOptions.mockRejectedValue(networkDown());
  return { ...apis, search: jest.spyOn(cardsApi, 'search').mockRejectedValue(networkDown()) };
}

it('keeps the whole list the server sent, per learner, and shows it with the network off', async () => {
  // Another learner's list from an earlier session in this browser goes as the area starts.
  await saveList(8, [makeCard(9)], SAVED_AT);
  mockApis({ cards: [makeCard(2), makeCard(1)] });
  const { unmount } = renderCards();
  await screen.findByText('Showing 2 card(s)');
  await waitFor(async () => expect((await savedList(5))?.cards.map((card) => card.id)).toEqual([2, 1]));
  expect(await savedList(8)).toBeUndefined();
  unmount();

  const { search } = offline();
  const user = userEvent.setup();
  renderCards();
  expect(await screen.findByText('Question 2')).toBeInTheDocument();
  expect(screen.getByText('Question 1')).toBeInTheDocument();
  expect(banner()).toHaveTextContent('Offline — 0 changes waiting to sync');
  expect(banner()).toHaveTextContent(/Showing the cards saved at/);
  expect(toasts.error).not.toHaveBeenCalled();

  // Search works on the kept cards.
  await user.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'Question 1{Enter}');
  await waitFor(() => expect(screen.queryByText('Question 2')).not.toBeInTheDocument());
  expect(screen.getByText('Question 1')).toBeInTheDocument();
  expect(search).toHaveBeenCalledWith('Question 1', {});
});

it("searches the kept cards in the server's syntax, and says where a query it cannot read goes wrong", async () => {
  await saveList(
    5,
    [
      makeCard(3, { question: 'Verb: ser', tags: 'spanish::verbs', state: 'review', due: '2026-11-20T00:00:00.000Z' }),
      makeCard(2, { question: 'Noun: casa', tags: 'spanish' }),
      makeCard(1, { question: 'Verb: estar', tags: 'spanish::verbs' }),
    ],
    SAVED_AT,
  );
  offline();
  const user = userEvent.setup();
  renderCards();
  await screen.findByText('Verb: estar');
  const box = screen.getByRole('searchbox', { name: 'Search cards' });

  await user.type(box, 'tag:spanish::verbs -is:new{Enter}');
  await waitFor(() => expect(screen.queryByText('Verb: estar')).not.toBeInTheDocument());
  expect(tiles().map((tile) => within(tile).queryByText(/^(Verb|Noun):/)?.textContent)).toEqual(['Verb: ser']);

  await user.clear(box);
  await user.type(box, 'tag:spanish ({Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('This search cannot be read: Unclosed "(" at position 13');

  await user.clear(box);
  await user.type(box, 'prop:r<0.9{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This search cannot be read: prop:r is searched on the server only: connect to use it.',
  );
});

it('queues a card created and a card edited offline, shows them at once, and syncs them in order once online', async () => {
  await saveList(5, [makeCard(2), makeCard(1)], SAVED_AT);
  await saveSets(5, [BIOLOGY]);
  const apis = offline();
  const create = jest.spyOn(cardsApi, 'create');
  const update = jest.spyOn(cardsApi, 'update');
  const user = userEvent.setup();
  renderCards();
  await screen.findByText('Question 2');

  await user.click(screen.getByRole('button', { name: 'Add New Card' }));
  let dialog = screen.getByRole('dialog', { name: 'Create New Card' });
  await user.type(within(dialog).getByLabelText('Question'), 'Made offline');
  await user.type(within(dialog).getByLabelText('Answer'), 'Queued');
  await user.selectOptions(within(dialog).getByLabelText('Set'), 'Biology 101');
  await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(toasts.success).toHaveBeenCalledWith('Card saved on this device: it will sync when you are back online');
  expect(tiles()[0]).toHaveTextContent('Made offline');
  expect(within(tiles()[0]).getByText('Waiting to sync')).toBeInTheDocument();
  expect(within(tiles()[0]).getByText('Set: Biology 101')).toBeInTheDocument();
  // Not on the server yet: it can be edited, nothing else.
  expect(within(tiles()[0]).queryByRole('checkbox')).not.toBeInTheDocument();
  expect(within(tiles()[0]).queryByRole('button', { name: /^Delete card/ })).not.toBeInTheDocument();
  expect(banner()).toHaveTextContent('Offline — 1 change waiting to sync');

  await user.click(screen.getByRole('button', { name: 'Edit card: Question 2' }));
  dialog = screen.getByRole('dialog', { name: 'Edit Card' });
  await user.clear(within(dialog).getByLabelText('Question'));
  await user.type(within(dialog).getByLabelText('Question'), 'Edited offline');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(banner()).toHaveTextContent('Offline — 2 changes waiting to sync'));
  expect(within(tileOf('Edited offline')).getByText('Waiting to sync')).toBeInTheDocument();
  expect(screen.queryByText('Question 2')).not.toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();
  expect(update).not.toHaveBeenCalled();

  const [queuedCreate, queuedEdit] = await queuedChanges(5);
  expect(queuedCreate).toMatchObject({ kind: 'create', input: { question: 'Made offline', category_id: BIOLOGY.id } });
  expect(queuedCreate.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  expect(queuedEdit).toMatchObject({ kind: 'edit', cardId: 2, input: { question: 'Edited offline' } });
  expect(Date.parse(queuedEdit.editedAt)).not.toBeNaN();

  // Online again. The other device changed card 2 after this edit: the server keeps its card.
  const createdOnServer = makeCard(50, { question: 'Made offline', answer: 'Queued', category_id: BIOLOGY.id });
  const theirs = makeCard(2, { question: 'Changed on the phone', updated_at: '2026-11-27T09:00:00.000Z' });
  create.mockResolvedValue(createdOnServer);
  update.mockResolvedValue({ ...theirs, kept: 'server' });
  apis.list.mockResolvedValue(page([createdOnServer, theirs, makeCard(1)]));
  apis.categories.mockResolvedValue([BIOLOGY]);
  onLine.mockReturnValue(true);
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });

  await waitFor(() => expect(banner()).not.toBeVisible());
  expect(create).toHaveBeenCalledTimes(1);
  expect(create).toHaveBeenCalledWith(queuedCreate.input, queuedCreate.idempotencyKey);
  expect(update).toHaveBeenCalledWith(2, { ...queuedEdit.input, editedAt: queuedEdit.editedAt });
  expect(create.mock.invocationCallOrder[0]).toBeLessThan(update.mock.invocationCallOrder[0]);
  expect(toasts.error).toHaveBeenCalledWith(
    '1 card was changed later on another device: that later edit was kept, not yours',
    expect.anything(),
  );
  await waitFor(() => expect(screen.getByText('Changed on the phone')).toBeInTheDocument());
  expect(screen.queryByText('Edited offline')).not.toBeInTheDocument();
  expect(screen.queryByText('Waiting to sync')).not.toBeInTheDocument();
  // The created card is the server's now: its own id, every action.
  expect(within(tileOf('Made offline')).getByRole('button', { name: 'Delete card: Made offline' })).toBeInTheDocument();
  expect(await queuedChanges(5)).toEqual([]);
});

it('queues a create whose answer never came and resends it with the same key', async () => {
  const apis = mockApis({ cards: [makeCard(1)] });
  const create = jest.spyOn(cardsApi, 'create').mockRejectedValueOnce(networkDown());
  jest.spyOn(categoriesApi, 'list').mockResolvedValue([]);
  onLine.mockReturnValue(false);
  const user = userEvent.setup();
  renderCards();
  await screen.findByText('Showing 1 card(s)');

  await user.click(screen.getByRole('button', { name: 'Add New Card' }));
  const dialog = screen.getByRole('dialog', { name: 'Create New Card' });
  await user.type(within(dialog).getByLabelText('Question'), 'Lost answer');
  await user.type(within(dialog).getByLabelText('Answer'), 'A');
  await user.click(within(dialog).getByRole('button', { name: 'Create Card' }));
  await waitFor(() => expect(banner()).toHaveTextContent('Offline — 1 change waiting to sync'));
  expect(within(tileOf('Lost answer')).getByText('Waiting to sync')).toBeInTheDocument();

  create.mockResolvedValue(makeCard(7, { question: 'Lost answer', answer: 'A' }));
  apis.list.mockResolvedValue(page([makeCard(7, { question: 'Lost answer', answer: 'A' }), makeCard(1)]));
  onLine.mockReturnValue(true);
  await act(async () => {
    window.dispatchEvent(new Event('online'));
  });
  await waitFor(() => expect(banner()).not.toBeVisible());
  expect(create).toHaveBeenCalledTimes(2);
  expect(create.mock.calls[1]).toEqual(create.mock.calls[0]);
  expect(screen.getAllByText('Lost answer')).toHaveLength(1);
  expect(screen.queryByText('Waiting to sync')).not.toBeInTheDocument();
});

import '@testing-library/jest-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { cardsApi, categoriesApi, socialApi, type Card, type Manifest } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { usePlatformStore } from '../federation/platform';
import { TEST_MANIFEST } from '../federation/testing';
import { TopSearch } from './TopSearch';

/** The test manifest, with the public profile's route the social remote declares. */
const MANIFEST: Manifest = {
  ...TEST_MANIFEST,
  remotes: TEST_MANIFEST.remotes.map((remote) =>
    remote.name === 'mfe_social'
      ? { ...remote, routes: [...remote.routes, { path: '/profile/:id', module: './PublicProfile' }] }
      : remote,
  ),
};

const card = (id: number, question: string) => ({ id, question }) as Card;

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderSearch(manifest: Manifest = MANIFEST) {
  usePlatformStore.setState({ manifest, failed: false, overridden: [] });
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <TopSearch />
      <Where />
    </MemoryRouter>,
  );
  return screen.getByRole('combobox', { name: 'Search' });
}

beforeEach(() => {
  useAuthStore.setState({
    user: { id: 1, email: 'a@example.com', display_name: 'A', role: 'user', created_at: '' },
    isAuthenticated: true,
  });
  jest
    .spyOn(cardsApi, 'search')
    .mockResolvedValue({ cards: [card(11, 'What is photosynthesis?')], total: 1, nextCursor: null });
  jest.spyOn(categoriesApi, 'list').mockResolvedValue([
    { id: 3, name: 'Photo chemistry' },
    { id: 4, name: 'History' },
  ] as Awaited<ReturnType<typeof categoriesApi.list>>);
  jest.spyOn(socialApi, 'searchUsers').mockResolvedValue([
    { id: 42, display_name: 'Photon Fan', is_friend: true, is_following: false, request: null },
    { id: 43, display_name: null, is_friend: false, is_following: false, request: null },
  ]);
});
afterEach(() => jest.restoreAllMocks());

it('finds cards, sets and learners as one types, grouped, and opens one with the keyboard', async () => {
  const user = userEvent.setup();
  const box = renderSearch();
  await user.type(box, 'photo');
  const list = await screen.findByRole('listbox', { name: 'Search results' });
  await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(4));
  expect(cardsApi.search).toHaveBeenCalledWith('photo');
  expect(socialApi.searchUsers).toHaveBeenCalledWith('photo');
  expect(within(list).getByRole('group', { name: 'Cards' })).toHaveTextContent('What is photosynthesis?');
  expect(within(list).getByRole('group', { name: 'Sets' })).toHaveTextContent('Photo chemistry');
  const learners = within(list).getByRole('group', { name: 'Learners' });
  expect(
    within(learners)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([
    // A chosen name shows the public id beside it (two learners may choose one); no name: the stand-in.
    'Photon FanLearner #42',
    'Learner #43',
  ]);
  expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText('4 results. Use the arrow keys and Enter to open one.')).toHaveAttribute('role', 'status');

  await user.keyboard('{ArrowDown}{ArrowDown}');
  const chosen = within(list).getByRole('option', { name: 'Photo chemistry' });
  expect(box).toHaveAttribute('aria-activedescendant', chosen.id);
  expect(chosen).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Enter}');
  expect(screen.getByTestId('where')).toHaveTextContent('/cards?set=3');
  expect(box).toHaveValue('');
  expect(box).toHaveAttribute('aria-expanded', 'false');
});

it('opens a card in My Cards searching for it, and a learner on their profile', async () => {
  const user = userEvent.setup();
  const box = renderSearch();
  await user.type(box, 'photo');
  await user.click(await screen.findByRole('option', { name: 'What is photosynthesis?' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/cards?q=photo&card=11');

  await user.type(box, 'photo');
  const last = await screen.findByRole('option', { name: 'Learner #43' });
  await user.keyboard('{ArrowUp}');
  expect(last).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Enter}');
  expect(screen.getByTestId('where')).toHaveTextContent('/profile/43');
});

it('closes on Escape, then empties the box on a second Escape', async () => {
  const user = userEvent.setup();
  const box = renderSearch();
  await user.type(box, 'photo');
  await screen.findByRole('option', { name: /^Photon Fan/ });
  await user.keyboard('{Escape}');
  expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(box).toHaveValue('photo');
  await user.keyboard('{Escape}');
  expect(box).toHaveValue('');
});

it('waits for two characters, says when nothing matched, and searches no area the manifest does not serve', async () => {
  jest.mocked(cardsApi.search).mockResolvedValue({ cards: [], total: 0, nextCursor: null });
  jest.mocked(socialApi.searchUsers).mockResolvedValue([]);
  const user = userEvent.setup();
  const box = renderSearch({ ...MANIFEST, remotes: MANIFEST.remotes.filter((r) => r.name !== 'mfe_social') });
  await user.type(box, 'x');
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  expect(cardsApi.search).not.toHaveBeenCalled();
  await user.type(box, 'yz');
  expect(await screen.findByText('Nothing found for “xyz”.')).toBeInTheDocument();
  expect(cardsApi.search).toHaveBeenCalledWith('xyz');
  expect(socialApi.searchUsers).not.toHaveBeenCalled();
});

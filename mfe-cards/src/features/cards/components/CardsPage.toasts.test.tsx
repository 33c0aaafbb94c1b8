// One toast per failure: the screen's own message replaces the kernel client's generic
// toast for the same failed call. These tests go through the real client (only its transport is
// faked) with the notifier wired the way the shell wires it, and count the toasts on screen.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster, toast } from 'react-hot-toast';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { cardsApi } from '@flashcard/api-contract';
import { apiClient, failureToastId, setErrorNotifier } from '@flashcard/shared-auth';
import { makeCard, mockApis, page } from '../../../test/cards';
import { CardsPage } from './CardsPage';

const NETWORK = 'Network error. Please check your connection.';
const adapter = apiClient.defaults.adapter;

/** A failed call as axios reports it: no response (network), or the API's `{ error }` body. */
function failWith(serverError?: string): AxiosAdapter {
  return (config: InternalAxiosRequestConfig) =>
    Promise.reject(
      Object.assign(new Error(serverError ?? 'Network Error'), {
        isAxiosError: true,
        config,
        code: serverError ? 'ERR_BAD_RESPONSE' : 'ERR_NETWORK',
        response: serverError ? { status: 500, data: { error: serverError }, headers: {}, config } : undefined,
        toJSON: () => ({}),
      }),
    );
}

function renderPage() {
  return render(
    <MemoryRouter>
      <Toaster />
      <CardsPage />
    </MemoryRouter>,
  );
}

/** The toasts on screen (react-hot-toast renders each message in a role=status element; the offline banner is one too). */
const toastTexts = () =>
  screen
    .queryAllByRole('status')
    .filter((el) => !el.classList.contains('cards-offline'))
    .map((el) => el.textContent);

// react-hot-toast's Toaster asks for prefers-reduced-motion; jsdom has no matchMedia.
const matchMedia = window.matchMedia;
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterAll(() => {
  window.matchMedia = matchMedia;
});

beforeEach(() => {
  // As ShellProviders does: failed calls become toasts, one per message.
  setErrorNotifier((message) => toast.error(message, { id: failureToastId(message) }));
});

afterEach(() => {
  setErrorNotifier(null);
  apiClient.defaults.adapter = adapter;
  act(() => toast.remove());
  jest.restoreAllMocks();
});

it("shows only 'Failed to load cards' when the list fails on the network", async () => {
  const { list } = mockApis(); // filter options and sets answer; the list goes to the real client
  list.mockRestore();
  apiClient.defaults.adapter = failWith();

  renderPage();

  expect(await screen.findByText('Failed to load cards')).toBeInTheDocument();
  expect(screen.queryByText(NETWORK)).not.toBeInTheDocument();
  expect(toastTexts()).toEqual(['Failed to load cards']);
});

it("shows only 'Failed to delete card' when the server refuses, not its error text beside it", async () => {
  mockApis({ cards: [makeCard(1)] });
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  apiClient.defaults.adapter = failWith('Database unavailable');
  const user = userEvent.setup();

  renderPage();
  await screen.findByText('Showing 1 card(s)');
  await user.click(screen.getByRole('button', { name: 'Delete card: Question 1' }));

  expect(await screen.findByText('Failed to delete card')).toBeInTheDocument();
  expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  expect(toastTexts()).toEqual(['Failed to delete card']);
  expect(cardsApi.list).toHaveBeenCalledTimes(1);
});

it('keeps the server reason in our own wordings, still as one toast', async () => {
  const { list } = mockApis({ cards: [makeCard(1, { known: true })] });
  list.mockResolvedValue(page([makeCard(1, { known: true })]));
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  apiClient.defaults.adapter = failWith('Database unavailable');
  const user = userEvent.setup();

  renderPage();
  await screen.findByText('Showing 1 card(s)');
  await user.click(screen.getByRole('button', { name: 'Reset known' }));

  expect(await screen.findByText('Failed to reset known cards: Database unavailable')).toBeInTheDocument();
  expect(toastTexts()).toEqual(['Failed to reset known cards: Database unavailable']);
});

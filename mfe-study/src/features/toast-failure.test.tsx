// One toast per failure: through the real kernel client (only its transport faked),
// with the notifier wired as the shell wires it, a failed hub load shows the screen's toast only.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster, toast } from 'react-hot-toast';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { apiClient, failureToastId, setErrorNotifier } from '@flashcard/shared-auth';
import StudyApp from '../App';

const adapter = apiClient.defaults.adapter;
const matchMedia = window.matchMedia;

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

beforeAll(() => {
  // react-hot-toast's Toaster asks for prefers-reduced-motion; jsdom has no matchMedia.
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
beforeEach(() => setErrorNotifier((message) => toast.error(message, { id: failureToastId(message) })));
afterEach(() => {
  setErrorNotifier(null);
  apiClient.defaults.adapter = adapter;
  act(() => toast.remove());
});

const toastTexts = () => screen.queryAllByRole('status').map((el) => el.textContent);

it.each([
  ['a network error', undefined, 'Network error. Please check your connection.'],
  ['a server error', 'Database unavailable', 'Database unavailable'],
])("shows only 'Failed to load study data' on %s", async (_, serverError, generic) => {
  apiClient.defaults.adapter = failWith(serverError);

  render(
    <MemoryRouter initialEntries={['/study']}>
      <Toaster />
      <Routes>
        <Route path="/study/*" element={<StudyApp />} />
      </Routes>
    </MemoryRouter>,
  );

  expect(await screen.findByText('Failed to load study data')).toBeInTheDocument();
  expect(screen.queryByText(generic)).not.toBeInTheDocument();
  expect(toastTexts()).toEqual(['Failed to load study data']);
});

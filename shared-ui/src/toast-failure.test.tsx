// One failure, one toast: the screen's text replaces the kernel client's generic toast of the
// same failure (same id), with the server's reason kept when asked for.
import { act, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'react-hot-toast';
import type { AxiosError } from 'axios';
import { failureToastId, setLanguage } from '@flashcard/shared-auth';
import { toastFailure } from './toast-failure';

/** A failed call as the kernel's axios client rejects it. */
function failure(serverError?: string): AxiosError {
  return Object.assign(new Error(serverError ?? 'Network Error'), {
    isAxiosError: true,
    code: serverError ? 'ERR_BAD_REQUEST' : 'ERR_NETWORK',
    response: serverError ? { status: 409, data: { error: serverError }, headers: {}, config: {} } : undefined,
    toJSON: () => ({}),
  }) as unknown as AxiosError;
}

const toastTexts = () => screen.queryAllByRole('status').map((el) => el.textContent);

beforeEach(() => render(<Toaster />));
afterEach(async () => {
  act(() => toast.remove());
  await setLanguage('en');
});

it("replaces the client's generic toast of the same failure", async () => {
  // What the shell's notifier shows for the failure first.
  act(() => void toast.error('A set with that name exists', { id: failureToastId('A set with that name exists') }));
  act(() => toastFailure('Failed to create set', failure('A set with that name exists')));
  expect(await screen.findByText('Failed to create set')).toBeInTheDocument();
  expect(toastTexts()).toEqual(['Failed to create set']);
});

it("keeps the server's reason with withReason, joined the page language's way", async () => {
  act(() => toastFailure('Failed to create set', failure('A set with that name exists'), { withReason: true }));
  expect(await screen.findByText('Failed to create set: A set with that name exists')).toBeInTheDocument();
  await setLanguage('fr');
  act(() => toastFailure('Échec', failure('Déjà pris'), { withReason: true }));
  expect(await screen.findByText('Échec : Déjà pris')).toBeInTheDocument();
});

it('shows the text alone when the server gave no reason, and a new toast for a failure the client did not toast', async () => {
  act(() => toastFailure('Failed to load cards', failure(), { withReason: true }));
  act(() => toastFailure('Something else went wrong', new Error('a bug')));
  expect(await screen.findByText('Failed to load cards')).toBeInTheDocument();
  expect(toastTexts()).toEqual(expect.arrayContaining(['Failed to load cards', 'Something else went wrong']));
});

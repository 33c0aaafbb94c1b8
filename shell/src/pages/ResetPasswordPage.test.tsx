import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { recoveryApi } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { App } from '../App';
import { usePlatformStore } from '../federation/platform';
import { TEST_MANIFEST } from '../federation/testing';

jest.mock('../federation/RemoteArea', () => ({
  RemoteArea: ({ remote }: { remote: string }) => `Remote area ${remote}`,
  PendingArea: () => 'Waiting for the registry',
}));

const TOKEN = 'A'.repeat(43);

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

function serverError(message: string, status = 400) {
  const response = {
    data: { error: message },
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
  };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, response as AxiosResponse);
}

async function fill(password: string, confirmation = password) {
  if (password) await userEvent.type(screen.getByLabelText('New password'), password);
  if (confirmation) await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

beforeEach(() => {
  usePlatformStore.setState({ manifest: TEST_MANIFEST, failed: false, overridden: [] });
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, endedBecause: null });
});
afterEach(() => jest.restoreAllMocks());

describe('ResetPasswordPage', () => {
  it('has two labelled password fields and a submit button', () => {
    renderAt(`/reset-password?token=${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
  });

  it("checks sign-up's rules first, with the spec's texts, focusing the first wrong field", async () => {
    const reset = jest.spyOn(recoveryApi, 'resetPassword');
    renderAt(`/reset-password?token=${TOKEN}`);
    await fill('12345');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters long',
    );
    expect(screen.getByLabelText('New password')).toHaveFocus();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await fill('sea otter 1', 'sea otter 2');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(reset).not.toHaveBeenCalled();
  });

  it('sends the token with both passwords, then says it is done (focus there) and links to sign in', async () => {
    const reset = jest.spyOn(recoveryApi, 'resetPassword').mockResolvedValue({ message: 'ok' });
    renderAt(`/reset-password?token=${TOKEN}`);
    await fill('violet kettle harbour');

    const status = await screen.findByRole('status');
    expect(reset).toHaveBeenCalledWith({
      token: TOKEN,
      password: 'violet kettle harbour',
      confirmPassword: 'violet kettle harbour',
    });
    expect(status).toHaveTextContent('Your password has been changed and every device was signed out.');
    expect(status).toHaveFocus();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("shows the server's refusal of the link in an alert that takes focus, with a way to a new link", async () => {
    jest
      .spyOn(recoveryApi, 'resetPassword')
      .mockRejectedValue(serverError('This password reset link has already been used. Please request a new one.'));
    renderAt(`/reset-password?token=${TOKEN}`);
    await fill('violet kettle harbour');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password reset link has already been used. Please request a new one.');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('without a token says where the page comes from and offers a new link, no form', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This page opens from the link in your password reset e-mail.');
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('is in the page’s language', async () => {
    const { setLanguage } = await import('@flashcard/shared-auth');
    await act(() => setLanguage('de'));
    try {
      renderAt(`/reset-password?token=${TOKEN}`);
      expect(await screen.findByRole('heading', { name: 'Neues Passwort wählen' })).toBeInTheDocument();
      expect(screen.getByLabelText('Neues Passwort bestätigen')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

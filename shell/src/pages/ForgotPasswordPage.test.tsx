import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { recoveryApi, type ForgotPasswordResponse } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { App } from '../App';
import { usePlatformStore } from '../federation/platform';
import { TEST_MANIFEST } from '../federation/testing';

jest.mock('../federation/RemoteArea', () => ({
  RemoteArea: ({ remote }: { remote: string }) => `Remote area ${remote}`,
  PendingArea: () => 'Waiting for the registry',
}));

const answer = (delivery: 'email' | 'log'): ForgotPasswordResponse => ({ message: 'sent', delivery });

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

beforeEach(() => {
  usePlatformStore.setState({ manifest: TEST_MANIFEST, failed: false, overridden: [] });
  useAuthStore.setState({ user: null, isAuthenticated: false, isLoading: false, error: null, endedBecause: null });
});
afterEach(() => jest.restoreAllMocks());

describe('ForgotPasswordPage', () => {
  it('has a labelled Email field, a send button and a way back to sign in', () => {
    renderAt('/forgot-password');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('checks the address before asking the server, focusing the field with its error', async () => {
    const forgot = jest.spyOn(recoveryApi, 'forgotPassword');
    renderAt('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-address');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(forgot).not.toHaveBeenCalled();
  });

  it('says a link is on its way by e-mail, and moves focus to that message', async () => {
    const forgot = jest.spyOn(recoveryApi, 'forgotPassword').mockResolvedValue(answer('email'));
    renderAt('/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), '  ada@example.com ');
    await userEvent.keyboard('{Enter}');

    const status = await screen.findByRole('status');
    expect(forgot).toHaveBeenCalledWith('ada@example.com');
    expect(status).toHaveTextContent('If an account uses ada@example.com, a link to reset its password is on its way.');
    expect(status).toHaveTextContent('for 30 minutes');
    expect(status).toHaveFocus();
  });

  it('says the link went to the server log on a server without e-mail', async () => {
    jest.spyOn(recoveryApi, 'forgotPassword').mockResolvedValue(answer('log'));
    renderAt('/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This server sends no e-mail: if an account uses ada@example.com, its reset link was written to the server log.',
    );
  });

  it("shows the server's refusal (too many requests) in an alert that takes focus", async () => {
    const response = {
      data: { error: 'Too many attempts. Please try again later.' },
      status: 429,
      statusText: '',
      headers: {},
      config: { headers: new AxiosHeaders() },
    };
    jest
      .spyOn(recoveryApi, 'forgotPassword')
      .mockRejectedValue(new AxiosError('429', 'ERR_BAD_REQUEST', undefined, undefined, response as AxiosResponse));
    renderAt('/forgot-password');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Please try again later.');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('is for signed-out visitors: a signed-in learner goes to the dashboard', async () => {
    useAuthStore.setState({
      user: { id: 1, email: 'a@b.co', display_name: null, role: 'user', created_at: '2024-01-01T00:00:00Z' },
      isAuthenticated: true,
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/forgot-password');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { platformApi } from '@flashcard/api-contract';
import { useAuthStore, type User } from '@flashcard/shared-auth';
import { startVitals } from './health';
import { loadRemoteModule, resetRemote } from './platform';
import { PendingArea, RemoteArea, UNAVAILABLE_TEXT } from './RemoteArea';

jest.mock('./platform', () => ({
  loadRemoteModule: jest.fn(),
  resetRemote: jest.fn(() => Promise.resolve()),
}));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
// Vitals are health.test.ts's subject: web-vitals never arrives here.
startVitals(() => new Promise(() => undefined));

const user = (role: User['role']): User => ({
  id: 1,
  email: 'a@example.com',
  display_name: null,
  role,
  created_at: '2024-01-01T00:00:00Z',
});

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(platformApi, 'report').mockResolvedValue(undefined);
  useAuthStore.setState({ user: user('user'), isAuthenticated: true, isLoading: false });
});
afterEach(() => jest.restoreAllMocks());

test('a remote that fails to load shows the fallback, reports a load failure, and Retry loads it again', async () => {
  load.mockRejectedValueOnce(new Error('down'));
  render(<RemoteArea remote="mfe_cards" version="1.2.0+abcd1234" />);
  expect(await screen.findByRole('heading', { name: UNAVAILABLE_TEXT })).toBeInTheDocument();
  expect(UNAVAILABLE_TEXT).toBe('This section is unavailable right now');
  await waitFor(() =>
    expect(platformApi.report).toHaveBeenCalledWith({
      remote: 'mfe_cards',
      version: '1.2.0+abcd1234',
      kind: 'load-failure',
      message: 'Error: down',
    }),
  );
  expect(platformApi.report).toHaveBeenCalledTimes(1);

  load.mockResolvedValueOnce(() => <h1>Cards area</h1>);
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Cards area' })).toBeInTheDocument();
  expect(resetRemote).toHaveBeenCalledWith('mfe_cards');
  expect(screen.queryByText(UNAVAILABLE_TEXT)).not.toBeInTheDocument();
});

test('an area that throws while rendering shows the fallback and reports a render error', async () => {
  load.mockResolvedValue(() => {
    throw new TypeError('cannot read quiz of undefined');
  });
  render(<RemoteArea remote="mfe_quiz" version="0.2.0+1a2b3c4d" />);
  expect(await screen.findByRole('heading', { name: UNAVAILABLE_TEXT })).toBeInTheDocument();
  await waitFor(() =>
    expect(platformApi.report).toHaveBeenCalledWith({
      remote: 'mfe_quiz',
      version: '0.2.0+1a2b3c4d',
      kind: 'render-error',
      message: 'TypeError: cannot read quiz of undefined',
    }),
  );
  expect(platformApi.report).toHaveBeenCalledTimes(1);
});

test('a developer override is not reported: the registry never served that build', async () => {
  load.mockRejectedValueOnce(new Error('dev server down'));
  render(<RemoteArea remote="mfe_cards" version="local override" />);
  expect(await screen.findByRole('heading', { name: UNAVAILABLE_TEXT })).toBeInTheDocument();
  expect(platformApi.report).not.toHaveBeenCalled();
});

test("one area's failure does not stick to another area rendered in its place", async () => {
  load.mockImplementation(async (remote) => {
    if (remote === 'mfe_progress') throw new Error('down');
    return () => <h1>Study area</h1>;
  });
  const { rerender } = render(<RemoteArea remote="mfe_progress" version="1" />);
  expect(await screen.findByText(UNAVAILABLE_TEXT)).toBeInTheDocument();
  rerender(<RemoteArea remote="mfe_study" version="1" />);
  expect(await screen.findByRole('heading', { name: 'Study area' })).toBeInTheDocument();
});

test('a route restricted to roles shows Access Denied to other roles without loading the remote', async () => {
  load.mockResolvedValue(() => <h1>Admin area</h1>);
  const { rerender } = render(<RemoteArea remote="mfe_admin" version="1" roles={['admin', 'super_admin']} />);
  expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  expect(screen.getByText('You need administrator privileges to access this page.')).toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();

  useAuthStore.setState({ user: user('admin') });
  rerender(<RemoteArea remote="mfe_admin" version="1" roles={['admin', 'super_admin']} />);
  expect(await screen.findByRole('heading', { name: 'Admin area' })).toBeInTheDocument();
});

test('a path waiting for the registry shows a spinner, then Retry when the registry failed', async () => {
  const onRetry = jest.fn();
  const { rerender } = render(<PendingArea failed={false} onRetry={onRetry} />);
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  rerender(<PendingArea failed onRetry={onRetry} />);
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalled();
});

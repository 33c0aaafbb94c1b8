import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { platformApi } from '@flashcard/api-contract';
import { useAuthStore, type User } from '@flashcard/shared-auth';
import { useEffect } from 'react';
import { loadArea, type AreaModule } from './areas';
import { startVitals } from './health';
import { loadRemoteModule, resetRemote } from './platform';
import { PendingArea, RemoteArea, UNAVAILABLE_TEXT } from './RemoteArea';

jest.mock('./platform', () => ({
  loadRemoteModule: jest.fn(),
  resetRemote: jest.fn(() => Promise.resolve()),
}));

// The module an area's remote exports (areas.ts).
const load = loadRemoteModule as unknown as jest.MockedFunction<(remote: string) => Promise<AreaModule>>;
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

  load.mockResolvedValueOnce({ default: () => <h1>Cards area</h1> });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Cards area' })).toBeInTheDocument();
  expect(resetRemote).toHaveBeenCalledWith('mfe_cards');
  expect(screen.queryByText(UNAVAILABLE_TEXT)).not.toBeInTheDocument();
});

test('an area that throws while rendering shows the fallback and reports a render error', async () => {
  load.mockResolvedValue({
    default: () => {
      throw new TypeError('cannot read quiz of undefined');
    },
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
    return { default: () => <h1>Study area</h1> };
  });
  const { rerender } = render(<RemoteArea remote="mfe_progress" version="1" />);
  expect(await screen.findByText(UNAVAILABLE_TEXT)).toBeInTheDocument();
  rerender(<RemoteArea remote="mfe_study" version="1" />);
  expect(await screen.findByRole('heading', { name: 'Study area' })).toBeInTheDocument();
});

test('a route restricted to roles shows Access Denied to other roles without loading the remote', async () => {
  load.mockResolvedValue({ default: () => <h1>Admin area</h1> });
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

test('an area whose code has run renders in its first render, and its first calls start beside it', async () => {
  const prefetch = jest.fn();
  load.mockResolvedValue({ default: () => <h1>Progress area</h1>, prefetch });
  await loadArea('mfe_progress', '2', './App'); // opened before in this page
  window.history.pushState({}, '', '/progress?days=7');
  render(<RemoteArea remote="mfe_progress" version="2" />);
  // No Suspense fallback in between: the heading is there synchronously.
  expect(screen.getByRole('heading', { name: 'Progress area' })).toBeInTheDocument();
  expect(screen.queryByText('Loading section...')).not.toBeInTheDocument();
  expect(prefetch).toHaveBeenCalledWith({ pathname: '/progress', search: '?days=7' });
  expect(load).toHaveBeenCalledTimes(1);
});

test('an area opened while its code is still loading mounts once, then asks for its first calls', async () => {
  let arrive: (module: AreaModule) => void = () => undefined;
  const prefetch = jest.fn();
  load.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
  let mounts = 0;
  function Social() {
    useEffect(() => {
      mounts += 1;
    }, []);
    return <h1>Social area</h1>;
  }
  void loadArea('mfe_social', '3', './App');
  const { rerender } = render(<RemoteArea remote="mfe_social" version="3" />);
  expect(screen.getByText('Loading section...')).toBeInTheDocument();
  arrive({ default: Social, prefetch });
  expect(await screen.findByRole('heading', { name: 'Social area' })).toBeInTheDocument();
  rerender(<RemoteArea remote="mfe_social" version="3" />);
  expect(mounts).toBe(1);
  expect(load).toHaveBeenCalledTimes(1); // the load already under way, not a second one
  expect(prefetch).toHaveBeenCalledTimes(1);
});

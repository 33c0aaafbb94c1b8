import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemoteModule, resetRemote } from './registry';
import { RemoteArea, UNAVAILABLE_TEXT } from './RemoteArea';

jest.mock('./registry', () => ({
  loadRemoteModule: jest.fn(),
  resetRemote: jest.fn(() => Promise.resolve()),
}));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a remote that fails to load shows the fallback; Retry loads it again', async () => {
  load.mockRejectedValueOnce(new Error('down'));
  render(<RemoteArea remote="mfe_cards" />);
  expect(await screen.findByRole('heading', { name: UNAVAILABLE_TEXT })).toBeInTheDocument();
  expect(UNAVAILABLE_TEXT).toBe('This section is unavailable right now');

  load.mockResolvedValueOnce(() => <h1>Cards area</h1>);
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Cards area' })).toBeInTheDocument();
  expect(resetRemote).toHaveBeenCalledWith('mfe_cards');
  expect(screen.queryByText(UNAVAILABLE_TEXT)).not.toBeInTheDocument();
});

test("one area's failure does not stick to another area rendered in its place", async () => {
  load.mockImplementation(async (remote) => {
    if (remote === 'mfe_progress') throw new Error('down');
    return () => <h1>Study area</h1>;
  });
  const { rerender } = render(<RemoteArea remote="mfe_progress" />);
  expect(await screen.findByText(UNAVAILABLE_TEXT)).toBeInTheDocument();
  rerender(<RemoteArea remote="mfe_study" />);
  expect(await screen.findByRole('heading', { name: 'Study area' })).toBeInTheDocument();
});

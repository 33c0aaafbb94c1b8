import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { optimizerApi, type OptimizerStatus } from '@flashcard/api-contract';
import { NO_HISTORY } from '../progress/testing/fixtures';
import { OptimizerPanel } from './OptimizerPanel';

const FITTED: OptimizerStatus = {
  reviewCount: 1500,
  minimumReviews: 400,
  suggested: false,
  running: false,
  result: {
    fittedAt: '2026-06-01T12:00:00.000Z',
    reviewCount: 1500,
    default: { logLoss: 0.4123, rmse: 0.0712 },
    fitted: { logLoss: 0.3581, rmse: 0.0304 },
    inUse: true,
    parameters: Array.from({ length: 21 }, (_, i) => i / 10),
  },
};

afterEach(() => jest.restoreAllMocks());

const panel = () => within(screen.getByRole('region', { name: 'Personal scheduling' }));

test('a learner below the minimum sees how many reviews it takes, and cannot start a fit', async () => {
  jest.spyOn(optimizerApi, 'status').mockResolvedValue({ ...NO_HISTORY, reviewCount: 120 });
  render(<OptimizerPanel />);
  expect(
    await panel().findByText(/Your history holds 120 reviews\. Optimizing needs at least 400 reviews/),
  ).toBeInTheDocument();
  expect(panel().getByRole('button', { name: 'Optimize my parameters' })).toBeDisabled();
  expect(panel().queryByRole('table')).not.toBeInTheDocument();
  expect(panel().queryByRole('button', { name: 'Reschedule cards' })).not.toBeInTheDocument();
});

test('suggests a fit, runs it, and shows both losses with the fitted parameters in use', async () => {
  jest.spyOn(optimizerApi, 'status').mockResolvedValue({ ...NO_HISTORY, reviewCount: 1500, suggested: true });
  const optimize = jest.spyOn(optimizerApi, 'optimize').mockResolvedValue(FITTED);
  render(<OptimizerPanel />);
  expect(await panel().findByRole('note')).toHaveTextContent('You have enough new reviews since the last fit');

  await userEvent.click(panel().getByRole('button', { name: 'Optimize my parameters' }));
  expect(optimize).toHaveBeenCalledTimes(1);
  const table = await panel().findByRole('table', { name: /How well each set of parameters predicted your reviews/ });
  const rows = within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
  expect(rows).toEqual(['ParametersLog lossRMSE', 'FSRS defaults0.4120.071', 'Fitted to youIn use0.3580.030']);
  expect(
    panel().getByText(/Your fitted parameters schedule your cards\. Fitted .* on 1,500 reviews\./),
  ).toBeInTheDocument();
  expect(panel().queryByRole('note')).not.toBeInTheDocument();
});

test('says when the defaults stay in use, and reschedules on request', async () => {
  jest.spyOn(optimizerApi, 'status').mockResolvedValue({ ...FITTED, result: { ...FITTED.result!, inUse: false } });
  const reschedule = jest.spyOn(optimizerApi, 'reschedule').mockResolvedValue({ rescheduled: 42 });
  render(<OptimizerPanel />);
  expect(
    await panel().findByText(/The defaults predicted your reviews better, so they stay in use\./),
  ).toBeInTheDocument();
  const defaults = panel().getByRole('row', { name: /FSRS defaults/ });
  expect(defaults).toHaveTextContent('In use');

  const button = panel().getByRole('button', { name: 'Reschedule cards' });
  expect(button).toHaveAccessibleDescription(
    'Recomputes every reviewed card from its history with the parameters in use.',
  );
  await userEvent.click(button);
  expect(reschedule).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(panel().getByText('42 cards rescheduled.')).toBeInTheDocument());
});

test('a fit under way keeps both buttons off and says so', async () => {
  jest.spyOn(optimizerApi, 'status').mockResolvedValue({ ...FITTED, running: true });
  render(<OptimizerPanel />);
  expect(await panel().findByText('Your parameters are being optimized.')).toBeInTheDocument();
  expect(panel().getByRole('button', { name: 'Optimize my parameters' })).toBeDisabled();
  expect(panel().getByRole('button', { name: 'Reschedule cards' })).toBeDisabled();
});

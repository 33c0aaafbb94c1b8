import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsApi, workloadApi, type Workload } from '@flashcard/api-contract';
import { setLanguage } from '@flashcard/shared-auth';
import { workload } from '../progress/testing/fixtures';
import { weeklyRows, dayAfter, summarizeCurve } from './workload-data';
import { WorkloadPanel } from './WorkloadPanel';

afterEach(() => jest.restoreAllMocks());

const panel = () => within(screen.getByRole('region', { name: 'Workload' }));
const figure = (name: RegExp) => panel().getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

/** The server's answer at the retention asked (absent: the target, 90%): 20 reviews a day at 90%, 40 at 95%. */
function answering(target = 0.9) {
  return jest.spyOn(workloadApi, 'simulate').mockImplementation(async (query = {}) => {
    const retention = query.retention ?? target;
    const reviews = retention >= 0.95 ? 40 : 20;
    return workload(
      { retention, target, summary: { retention, reviewsPerDay: reviews, minutesPerDay: reviews / 4, knowledge: 130 } },
      reviews,
    );
  });
}

test("shows the year at the learner's target: figures, both charts with their summaries, and their tables", async () => {
  const simulate = answering();
  render(<WorkloadPanel />);
  expect(await panel().findByRole('slider', { name: 'Desired retention' })).toHaveValue('90');
  expect(simulate).toHaveBeenCalledWith({});
  expect(panel().getByRole('spinbutton', { name: 'Desired retention, percent' })).toHaveValue(90);
  expect(figure(/^Reviews per day at 90%$/)).toBe('20');
  expect(figure(/^Minutes per day$/)).toBe('5');
  expect(figure(/^Cards remembered in 365 days$/)).toBe('130');
  expect(panel().getByText(/Cards studied: 120\. New cards waiting: 30, 10 a day\./)).toBeInTheDocument();
  expect(panel().getByText(/Simulated with the FSRS defaults/)).toBeInTheDocument();

  const [daily, curve] = panel().getAllByRole('img');
  expect(daily).toHaveAccessibleName(
    expect.stringMatching(
      /^At 90%, about 20 reviews and 5 minutes a day over the next 365 days; the busiest day is .+ with 40 reviews\.$/,
    ),
  );
  expect(curve).toHaveAccessibleName(
    'Minutes per day rise from 2 at 70% to 15.5 at 97%. Your desired retention is 90%. Least time per card remembered: 82%',
  );
  const weeks = panel().getByRole('table', { name: 'Expected reviews, new cards and minutes per week' });
  // 365 days: 52 weeks and one day.
  expect(within(weeks).getAllByRole('row')).toHaveLength(1 + 53);
  expect(
    within(within(weeks).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['160', '30', '32']);
  const table = panel().getByRole('table', { name: 'Workload at each desired retention' });
  expect(within(table).getAllByRole('row')).toHaveLength(1 + 28);
  expect(panel().getByText('Your desired retention: 90%')).toBeInTheDocument();
  expect(panel().getByText('Least time per card remembered: 82%')).toBeInTheDocument();
  // The target is already the learner's.
  expect(panel().getByRole('button', { name: 'Use 90% as my desired retention' })).toBeDisabled();
});

test('a new retention asks the server once the control rests, and the figures follow', async () => {
  const simulate = answering();
  render(<WorkloadPanel />);
  const slider = await panel().findByRole('slider', { name: 'Desired retention' });
  fireEvent.change(slider, { target: { value: '93' } });
  fireEvent.change(slider, { target: { value: '95' } });
  expect(panel().getByText('Chosen: 95%')).toBeInTheDocument();
  await waitFor(() => expect(figure(/^Reviews per day at 95%$/)).toBe('40'));
  // Only the value it rested on was asked for.
  expect(simulate.mock.calls).toEqual([[{}], [{ retention: 0.95 }]]);
  // The number box follows the slider; a number on its way or out of bounds is no choice, and
  // leaving the box shows the last choice again.
  const number = panel().getByRole('spinbutton', { name: 'Desired retention, percent' });
  expect(number).toHaveValue(95);
  fireEvent.change(number, { target: { value: '8' } });
  expect(slider).toHaveValue('95');
  fireEvent.change(number, { target: { value: '80' } });
  expect(slider).toHaveValue('80');
  fireEvent.change(number, { target: { value: '120' } });
  expect(slider).toHaveValue('80');
  fireEvent.blur(number);
  expect(number).toHaveValue(80);
});

test('applies the chosen retention through the study settings and says so', async () => {
  answering();
  const update = jest.spyOn(settingsApi, 'update').mockResolvedValue({
    dailyGoal: 15,
    desiredRetention: 0.95,
    maximumInterval: 36500,
    learningSteps: '1m 10m',
    relearningSteps: '10m',
    newCardsPerDay: 10,
  });
  render(<WorkloadPanel />);
  fireEvent.change(await panel().findByRole('slider', { name: 'Desired retention' }), { target: { value: '95' } });
  await userEvent.click(panel().getByRole('button', { name: 'Use 95% as my desired retention' }));
  expect(update).toHaveBeenCalledWith({ desiredRetention: 0.95 });
  expect(await panel().findByRole('status')).toHaveTextContent('Your desired retention is now 95%.');
});

test('a learner without cards is told there is nothing to simulate yet', async () => {
  const empty: Workload = workload({
    cards: { studied: 0, new: 0, newPerDay: 20 },
    efficient: null,
    summary: { retention: 0.9, reviewsPerDay: 0, minutesPerDay: 0, knowledge: 0 },
  });
  jest.spyOn(workloadApi, 'simulate').mockResolvedValue(empty);
  render(<WorkloadPanel />);
  expect(await panel().findByText(/Nothing to simulate yet/)).toBeInTheDocument();
  expect(panel().queryByRole('img')).not.toBeInTheDocument();
});

test('a failed simulation offers Retry, which asks again', async () => {
  const simulate = jest
    .spyOn(workloadApi, 'simulate')
    .mockRejectedValueOnce(new Error('down'))
    .mockResolvedValue(workload());
  render(<WorkloadPanel />);
  await userEvent.click(await panel().findByRole('button', { name: 'Retry simulating your workload' }));
  expect(await panel().findByRole('slider', { name: 'Desired retention' })).toBeInTheDocument();
  expect(simulate).toHaveBeenCalledTimes(2);
});

test('weeks sum seven days each from today, and the curve summary leaves out a missing efficient retention', () => {
  expect(dayAfter('2026-12-30', 3)).toBe('2027-01-02');
  const rows = weeklyRows(
    { reviews: [1, 2, 3, 4, 5, 6, 7, 8], newCards: [1, 0, 0, 0, 0, 0, 0, 2], minutes: new Array(8).fill(0.5) },
    '2026-01-01',
  );
  expect(rows).toEqual([
    { date: '2026-01-01', reviews: 28, newCards: 1, minutes: 4 },
    { date: '2026-01-08', reviews: 8, newCards: 2, minutes: 1 },
  ]);
  expect(summarizeCurve(workload({ efficient: null }))).toBe(
    'Minutes per day rise from 2 at 70% to 15.5 at 97%. Your desired retention is 90%.',
  );
});

test('speaks French: its heading, control, figures and button', async () => {
  await setLanguage('fr');
  try {
    answering();
    render(<WorkloadPanel />);
    const region = within(await screen.findByRole('region', { name: 'Charge de travail' }));
    expect(await region.findByRole('slider', { name: 'Rétention souhaitée' })).toHaveValue('90');
    expect(region.getByText(/^Révisions par jour à 90/, { selector: 'dt' })).toBeInTheDocument();
    expect(region.getByRole('button', { name: /^Utiliser 90\s?% comme rétention souhaitée$/ })).toBeDisabled();
  } finally {
    await setLanguage('en');
  }
});

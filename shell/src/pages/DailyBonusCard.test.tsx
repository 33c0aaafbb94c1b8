import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster, toast } from 'react-hot-toast';
import { dailyBonusApi, tokensApi } from '@flashcard/api-contract';
import { onNotificationsChanged } from '../layout/notifications-changed';
import { DailyBonusCard } from './DailyBonusCard';

const info = {
  available: true,
  streak: 2,
  reward: { tokens: 10, xp: 15 },
  next_claim_at: '2026-01-02T00:00:00Z',
  last_claimed_at: null,
  last_reward: null,
};

const entry = (id: number, amount: number, reason: string) => ({
  id,
  amount,
  reason,
  reference: null,
  created_at: '2026-01-01T10:00:00Z',
});

beforeEach(() => {
  jest.spyOn(tokensApi, 'balance').mockResolvedValue({ balance: 30 });
  jest
    .spyOn(tokensApi, 'history')
    .mockResolvedValue({ entries: [entry(2, 10, 'daily_bonus'), entry(1, 20, 'achievement')] });
  jest.spyOn(tokensApi, 'streakFreezes').mockResolvedValue(freezes(0, 30));
});

const freezes = (held: number, balance: number) => ({ held, maxHeld: 2, price: 50, balance });

function renderCard(path = '/dashboard') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Toaster />
      <DailyBonusCard />
    </MemoryRouter>,
  );
}

afterEach(() => {
  jest.restoreAllMocks();
  toast.remove();
});

it('says what a claim will pay, claims it, then says what was received and tells the bell', async () => {
  const claimedInfo = {
    ...info,
    available: false,
    streak: 3,
    reward: { tokens: 40, xp: 20 },
    last_reward: { tokens: 30, xp: 15 },
  };
  jest.spyOn(dailyBonusApi, 'info').mockResolvedValueOnce(info).mockResolvedValueOnce(claimedInfo);
  const claim = jest
    .spyOn(dailyBonusApi, 'claim')
    .mockResolvedValue({ streak: 3, reward: { tokens: 30, xp: 15 }, next_claim_at: '2026-01-03T00:00:00Z' });
  const bell = jest.fn();
  const unsubscribe = onNotificationsChanged(bell);
  renderCard();
  const region = await screen.findByRole('region', { name: 'Daily Bonus' });
  expect(region).toHaveTextContent("Claim today's bonus to receive 10 tokens and 15 XP.");
  expect(await screen.findByText('Tokens: 30')).toBeInTheDocument();
  jest.spyOn(tokensApi, 'balance').mockResolvedValue({ balance: 60 });

  await userEvent.click(screen.getByRole('button', { name: 'Claim bonus' }));
  expect(claim).toHaveBeenCalledTimes(1);
  expect(await screen.findByText('Bonus claimed: 30 tokens and 15 XP')).toBeInTheDocument();
  expect(await screen.findByText('Received today: 30 tokens and 15 XP.')).toBeInTheDocument();
  expect(region).toHaveTextContent('Claimed today (3-day streak). Come back tomorrow. Tomorrow: 40 tokens and 20 XP.');
  expect(region).not.toHaveTextContent('to receive');
  expect(await screen.findByText('Tokens: 60')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Claim bonus' })).not.toBeInTheDocument();
  expect(bell).toHaveBeenCalledTimes(1);
  unsubscribe();
});

it("lists the ledger's newest entries with their reasons", async () => {
  jest.spyOn(dailyBonusApi, 'info').mockResolvedValue(info);
  renderCard();
  await userEvent.click(await screen.findByText('Token history'));
  expect(screen.getByText(/^\+10 · Daily bonus · /)).toBeVisible();
  expect(screen.getByText(/^\+20 · Achievement · /)).toBeVisible();
});

it('offers no button once claimed, and re-reads after a refused claim', async () => {
  const read = jest
    .spyOn(dailyBonusApi, 'info')
    .mockResolvedValueOnce(info)
    .mockResolvedValueOnce({ ...info, available: false });
  jest.spyOn(dailyBonusApi, 'claim').mockRejectedValue(new Error('409'));
  renderCard();
  await userEvent.click(await screen.findByRole('button', { name: 'Claim bonus' }));
  await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  expect(await screen.findByText(/^Claimed today \(2-day streak\)\. Come back tomorrow\./)).toBeInTheDocument();
});

it('takes the focus when opened from the bell link', async () => {
  jest.spyOn(dailyBonusApi, 'info').mockResolvedValue(info);
  renderCard('/dashboard#daily-bonus');
  const card = await screen.findByRole('region', { name: 'Daily Bonus' });
  await waitFor(() => expect(card).toHaveFocus());
});

describe('streak freezes', () => {
  beforeEach(() => {
    jest.spyOn(dailyBonusApi, 'info').mockResolvedValue({ ...info, available: false });
  });

  it('offers none while the balance is short, and says why', async () => {
    renderCard();
    const button = await screen.findByRole('button', { name: 'Buy a streak freeze (50 tokens)' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You need 50 tokens; you have 30.');
    expect(screen.getByTestId('streak-freezes')).toHaveTextContent('Streak freezes: 0 of 2');
  });

  it('buys one: the tile then says it is held and shows the new balance', async () => {
    jest.spyOn(tokensApi, 'balance').mockResolvedValue({ balance: 60 });
    jest.spyOn(tokensApi, 'streakFreezes').mockResolvedValue(freezes(0, 60));
    const buy = jest.spyOn(tokensApi, 'buyStreakFreeze').mockResolvedValue(freezes(1, 10));
    renderCard();
    const button = await screen.findByRole('button', { name: 'Buy a streak freeze (50 tokens)' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-describedby');
    jest.spyOn(tokensApi, 'balance').mockResolvedValue({ balance: 10 });
    jest.spyOn(tokensApi, 'streakFreezes').mockResolvedValue(freezes(1, 10));

    await userEvent.click(button);
    expect(buy).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Streak freeze bought: 1 of 2 held')).toBeInTheDocument();
    expect(await screen.findByText('Tokens: 10')).toBeInTheDocument();
    expect(screen.getByTestId('streak-freezes')).toHaveTextContent('Streak freezes: 1 of 2');
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You need 50 tokens; you have 10.');
  });

  it('offers none while the most are held', async () => {
    jest.spyOn(tokensApi, 'streakFreezes').mockResolvedValue(freezes(2, 500));
    renderCard();
    const button = await screen.findByRole('button', { name: 'Buy a streak freeze (50 tokens)' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You already hold the most streak freezes (2).');
  });

  it('names a purchase in the ledger', async () => {
    jest.spyOn(tokensApi, 'history').mockResolvedValue({ entries: [entry(3, -50, 'streak_freeze')] });
    renderCard();
    await userEvent.click(await screen.findByText('Token history'));
    expect(screen.getByText(/^-50 · Streak freeze · /)).toBeVisible();
  });
});

import '@testing-library/jest-dom';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster, toast } from 'react-hot-toast';
import { dailyBonusApi } from '@flashcard/api-contract';
import { DailyBonusCard } from './DailyBonusCard';

const info = {
  available: true,
  streak: 2,
  reward: { tokens: 10, xp: 15 },
  next_claim_at: '2026-01-02T00:00:00Z',
  last_claimed_at: null,
};

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

it('claims an available bonus and then says to come back tomorrow', async () => {
  jest.spyOn(dailyBonusApi, 'info').mockResolvedValue(info);
  const claim = jest
    .spyOn(dailyBonusApi, 'claim')
    .mockResolvedValue({ streak: 3, reward: { tokens: 10, xp: 15 }, next_claim_at: '2026-01-03T00:00:00Z' });
  renderCard();
  expect(await screen.findByRole('region', { name: 'Daily Bonus' })).toHaveTextContent('10 tokens · 15 XP');
  await userEvent.click(screen.getByRole('button', { name: 'Claim bonus' }));
  expect(claim).toHaveBeenCalledTimes(1);
  expect(await screen.findByText('Bonus claimed: 10 tokens and 15 XP')).toBeInTheDocument();
  expect(screen.getByText('Claimed today (3-day streak). Come back tomorrow.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Claim bonus' })).not.toBeInTheDocument();
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
  expect(await screen.findByText('Claimed today (2-day streak). Come back tomorrow.')).toBeInTheDocument();
});

it('takes the focus when opened from the bell link', async () => {
  jest.spyOn(dailyBonusApi, 'info').mockResolvedValue(info);
  renderCard('/dashboard#daily-bonus');
  const card = await screen.findByRole('region', { name: 'Daily Bonus' });
  await waitFor(() => expect(card).toHaveFocus());
});

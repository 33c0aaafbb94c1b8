import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gamificationApi, type Achievement } from '@flashcard/api-contract';
import { setLanguage } from '@flashcard/shared-auth';
import Achievements from '../../../Achievements';

function achievement(
  key: string,
  name: string,
  progress: number,
  target: number,
  unlockedAt: string | null = null,
): Achievement {
  return {
    key,
    name,
    description: `${name} description`,
    unlocked: unlockedAt !== null,
    unlocked_at: unlockedAt,
    progress,
    target,
    xp_reward: 20,
    token_reward: 10,
  };
}

const CATALOGUE: Achievement[] = [
  achievement('first_review', 'First Steps', 1, 1, '2024-06-11T09:30:00.000Z'),
  achievement('cards_10', 'Card Maker', 7, 10),
  achievement('streak_3', 'On a Roll', 3, 3, '2024-06-12T09:30:00.000Z'),
  achievement('daily_goal', 'Goal Getter', 0, 15),
];

afterEach(async () => {
  jest.restoreAllMocks();
  await setLanguage('en');
});

describe('Achievements screen', () => {
  it('shows the real catalogue with progress and unlock dates', async () => {
    jest.spyOn(gamificationApi, 'achievements').mockResolvedValue({ achievements: CATALOGUE });
    render(<Achievements />);

    expect(screen.getByRole('heading', { level: 1, name: 'Achievements' })).toBeInTheDocument();
    expect(await screen.findByText('2 of 4 unlocked')).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(4);

    // The name the notification bell announces ("Achievement unlocked: Card Maker").
    const cardMaker = screen.getByRole('listitem', { name: 'Card Maker' });
    expect(within(cardMaker).getByText('Locked')).toBeInTheDocument();
    expect(within(cardMaker).getByText('7 / 10')).toBeInTheDocument();
    expect(within(cardMaker).getByRole('progressbar', { name: 'Card Maker progress' })).toHaveAttribute(
      'aria-valuenow',
      '7',
    );
    expect(within(cardMaker).queryByText(/Unlocked on/)).not.toBeInTheDocument();

    const firstSteps = screen.getByRole('listitem', { name: 'First Steps' });
    expect(within(firstSteps).getByText('Unlocked')).toBeInTheDocument();
    expect(within(firstSteps).getByText('Unlocked on June 11, 2024')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Goal Getter' })).getByText('0 / 15')).toBeInTheDocument();

    // No sample badge is left.
    expect(screen.queryByText('Century')).not.toBeInTheDocument();
    expect(screen.queryByText(/sample/i)).not.toBeInTheDocument();
  });

  it('offers a retry when the catalogue cannot be read', async () => {
    const call = jest
      .spyOn(gamificationApi, 'achievements')
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ achievements: CATALOGUE.slice(0, 1) });
    render(<Achievements />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load achievements');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 of 1 unlocked')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it("words the achievements by key in the learner's language (the server's English only for an unknown key)", async () => {
    await setLanguage('es');
    const newer = achievement('night_owl', 'Night Owl', 0, 1);
    jest.spyOn(gamificationApi, 'achievements').mockResolvedValue({ achievements: [...CATALOGUE, newer] });
    render(<Achievements />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Logros' })).toBeInTheDocument();
    const firstSteps = await screen.findByRole('listitem', { name: 'Primeros pasos' });
    expect(within(firstSteps).getByText('Repasa tu primera tarjeta')).toBeInTheDocument();
    const cardMaker = screen.getByRole('listitem', { name: 'Creador de tarjetas' });
    expect(within(cardMaker).getByText('Crea 10 tarjetas')).toBeInTheDocument();
    expect(screen.queryByText('First Steps')).not.toBeInTheDocument();
    expect(screen.queryByText('Card Maker description')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Night Owl' })).getByText('Night Owl description'),
    ).toBeInTheDocument();
  });
});

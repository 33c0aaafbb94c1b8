import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { notificationsApi, type AppNotification } from '@flashcard/api-contract';
import { setLanguage } from '@flashcard/shared-auth';
import { NotificationsBell } from './NotificationsBell';
import { notificationText } from './notification-text';

let nextId = 1;
function stored(
  type: string,
  params: AppNotification['params'],
  title = `English title of ${type}`,
  message = `English message of ${type}`,
): AppNotification {
  return { id: nextId++, type, params, title, message, read: false, created_at: new Date().toISOString() };
}

afterEach(async () => {
  jest.restoreAllMocks();
  await setLanguage('en');
});

describe('notificationText', () => {
  it('words each kind from its key and values in English, as the API stores it', () => {
    expect(notificationText(stored('daily_bonus', { tokens: 10, xp: 5 }))).toEqual({
      title: 'Daily bonus available',
      message: "Claim today's bonus: 10 tokens and 5 XP.",
    });
    expect(
      notificationText(stored('achievement_unlocked', { achievement: 'first_review', xp: 10, tokens: 5 })),
    ).toEqual({
      title: 'Achievement unlocked: First Steps',
      message: 'Review your first card. You earned 10 XP and 5 tokens.',
    });
  });

  it('words each kind in Spanish', async () => {
    await setLanguage('es');
    expect(notificationText(stored('daily_bonus', { tokens: 20, xp: 10 }))).toEqual({
      title: 'Bonificación diaria disponible',
      message: 'Reclama la bonificación de hoy: 20 fichas y 10 XP.',
    });
    expect(notificationText(stored('achievement_unlocked', { achievement: 'cards_10', xp: 20, tokens: 10 }))).toEqual({
      title: 'Logro desbloqueado: Creador de tarjetas',
      message: 'Crea 10 tarjetas. Has ganado 20 XP y 10 fichas.',
    });
    expect(notificationText(stored('friend_request', { user_id: 4, name: 'Maya Chen' }))).toEqual({
      title: 'Nueva solicitud de amistad',
      message: 'Maya Chen te ha enviado una solicitud de amistad.',
    });
    expect(notificationText(stored('friend_accepted', { user_id: 7, name: null })).message).toBe(
      'Estudiante #7 ha aceptado tu solicitud de amistad.',
    );
    expect(notificationText(stored('leech', {})).title).toBe('Tarjeta sanguijuela suspendida');
  });

  it('shows the stored English text when there is nothing it can word', async () => {
    await setLanguage('es');
    const english = (n: AppNotification) => ({ title: n.title, message: n.message });
    const cases = [
      // Written before notifications had keys and values.
      stored(
        'achievement_unlocked',
        null,
        'Achievement unlocked: Centurion',
        'Review 100 cards. You earned 50 XP and 20 tokens.',
      ),
      // A kind, or an achievement, this build does not know (a newer server).
      stored('streak_frozen', { days: 3 }),
      stored('achievement_unlocked', { achievement: 'night_owl', xp: 5, tokens: 1 }),
      // Values that are not what the kind carries.
      stored('daily_bonus', { tokens: '10', xp: 5 }),
      stored('friend_request', { name: 'Maya' }),
      // An inherited name is not a kind.
      stored('constructor', {}),
    ];
    for (const notification of cases) expect(notificationText(notification)).toEqual(english(notification));
  });
});

describe('the bell in Spanish', () => {
  it('shows server-made notifications in Spanish and an older one as stored', async () => {
    await setLanguage('es');
    const notifications = [
      stored(
        'achievement_unlocked',
        { achievement: 'first_review', xp: 10, tokens: 5 },
        'Achievement unlocked: First Steps',
        'Review your first card. You earned 10 XP and 5 tokens.',
      ),
      stored('daily_bonus', null, 'Daily bonus available', "Claim today's bonus: 10 tokens and 5 XP."),
    ];
    jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ count: 2 });
    jest.spyOn(notificationsApi, 'list').mockResolvedValue({ notifications, unreadCount: 2 });
    render(
      <MemoryRouter>
        <NotificationsBell />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notificaciones, 2 sin leer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const [achievement, bonus] = within(dialog).getAllByRole('listitem');
    expect(achievement).toHaveTextContent('Logro desbloqueado: Primeros pasos');
    expect(achievement).toHaveTextContent('Repasa tu primera tarjeta. Has ganado 10 XP y 5 fichas.');
    expect(within(achievement!).getByRole('button', { name: /Primeros pasos/ })).toBeInTheDocument();
    expect(within(dialog).queryByText(/First Steps/)).not.toBeInTheDocument();
    // Written before it had a key: its stored text, not nothing.
    expect(bonus).toHaveTextContent("Claim today's bonus: 10 tokens and 5 XP.");
  });
});

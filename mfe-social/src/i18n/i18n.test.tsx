import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { authApi, gamificationApi, socialApi, type Profile as ProfileJson } from '@flashcard/api-contract';
import { setLanguage, useAuthStore } from '@flashcard/shared-auth';
import { catalogueProblems } from '@flashcard/shared-auth/testing';
import { relativeTime } from '@flashcard/shared-ui';
import Profile from '../Profile';
import Social from '../Social';
import en from './en';
import es from './es';
import fr from './fr';
import de from './de';
import itMessages from './it';

jest.mock('@flashcard/api-contract', () => ({
  ...jest.requireActual('@flashcard/api-contract'),
  socialApi: {
    friends: jest.fn(),
    following: jest.fn(),
    followers: jest.fn(),
    friendRequests: jest.fn(),
    feed: jest.fn(),
    privacy: jest.fn(),
  },
}));

it('has every English text in es, fr, de and it, with the same placeholders and markup', () => {
  expect(catalogueProblems(en, { es, fr, de, it: itMessages })).toEqual([]);
});

const api = jest.mocked(socialApi);
const NOW = new Date('2025-03-10T12:00:00Z');

const profile: ProfileJson = {
  id: 7,
  display_name: 'Ada Lovelace',
  experience_points: 350,
  level: 3,
  level_progress: { current: 50, next: 300 },
  achievements_unlocked: 2,
  tokens: 15,
  current_streak: 2,
  longest_streak: 1,
  cards: 12,
  reviews: 1234,
};

beforeEach(() => {
  jest.spyOn(gamificationApi, 'leaderboard').mockResolvedValue({
    leaderboard: [{ rank: 1, id: 2, display_name: 'Maya Chen', experience_points: 1200, level: 5 }],
    me: { rank: 2, experience_points: 300 },
  });
  api.friends.mockResolvedValue([{ id: 2, display_name: 'Maya Chen', since: '2025-03-01T00:00:00Z' }]);
  api.following.mockResolvedValue([]);
  api.followers.mockResolvedValue([]);
  api.friendRequests.mockResolvedValue({ incoming: [], outgoing: [] });
  api.feed.mockResolvedValue({
    items: [
      {
        id: 'session:1',
        type: 'session',
        user: { id: 2, display_name: 'Maya Chen' },
        message: 'Maya Chen finished a study session: 12 cards, 90% correct',
        details: { cards: 12, accuracy: 90 },
        created_at: '2025-03-10T11:55:00Z',
      },
      {
        id: 'achievement:1',
        type: 'streak',
        user: { id: 2, display_name: 'Maya Chen' },
        message: 'Maya Chen reached a 3-day study streak',
        details: { days: 3 },
        created_at: '2025-03-09T11:00:00Z',
      },
      {
        id: 'achievement:2',
        type: 'achievement',
        user: { id: 2, display_name: 'Maya Chen' },
        message: 'Maya Chen unlocked the achievement "First Steps"',
        details: { achievement: 'First Steps', achievement_key: 'first_review' },
        created_at: '2025-03-10T11:59:50Z',
      },
      {
        id: 'other:1',
        type: 'session',
        user: { id: 2, display_name: 'Maya Chen' },
        message: 'Maya Chen did something new',
        details: {},
        created_at: '2025-03-01T12:00:00Z',
      },
    ],
  });
  api.privacy.mockResolvedValue({ visibility: 'friends' });
});

afterEach(async () => {
  cleanup();
  jest.restoreAllMocks();
  useAuthStore.setState({ user: null, isAuthenticated: false });
  await setLanguage('en');
});

describe('in another language', () => {
  it('shows the Social screen in French, with translated feed sentences and relative times', async () => {
    await setLanguage('fr');
    render(
      <MemoryRouter>
        <Social now={NOW} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('list', { name: 'Amis' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Demandes d’ami' })).toBeInTheDocument();
    expect(screen.getByText('Aucune demande reçue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer Maya Chen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Qui peut me trouver et voir mon profil')).toHaveDisplayValue('Amis uniquement');

    const items = within(screen.getByRole('list', { name: 'Fil d’activité' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'Maya Chen a terminé une session d’étude : 12 cartes, 90 % de bonnes réponses il y a 5 minutes',
    );
    expect(items[1]).toHaveTextContent('Maya Chen a atteint une série de 3 jours d’étude hier');
    // The achievement named by its key, in French.
    expect(items[2]).toHaveTextContent('Maya Chen a débloqué le succès « Premiers pas » à l’instant');
    // An item without the details its type needs keeps the server's English sentence.
    expect(items[3]).toHaveTextContent('Maya Chen did something new il y a 9 jours');
  });

  it('shows a pending request by e-mail and the privacy hints in Spanish', async () => {
    api.friendRequests.mockResolvedValue({
      incoming: [],
      outgoing: [
        { id: 12, direction: 'outgoing', user: null, email: 'amiga@example.com', created_at: '2025-03-10T00:00:00Z' },
      ],
    });
    await setLanguage('es');
    render(
      <MemoryRouter>
        <Social now={NOW} />
      </MemoryRouter>,
    );
    const outgoing = await screen.findByRole('list', { name: 'Solicitudes enviadas' });
    expect(within(outgoing).getByRole('listitem')).toHaveTextContent('amiga@example.comPendiente');
    expect(
      within(outgoing).getByRole('button', { name: 'Cancelar la solicitud a amiga@example.com' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Enviar una solicitud de amistad por correo electrónico')).toHaveAccessibleDescription(
      'Si un estudiante usa esta dirección, verá tu solicitud. Seguirá pendiente aquí hasta que la acepte o la canceles.',
    );
    expect(screen.getByRole('combobox')).toHaveAccessibleDescription(expect.stringContaining('la clasificación'));
  });

  it('names a learner who chose no display name with the Spanish stand-in, in lists, requests and the feed', async () => {
    api.friends.mockResolvedValue([{ id: 9, display_name: null, since: '2025-03-01T00:00:00Z' }]);
    api.friendRequests.mockResolvedValue({
      incoming: [
        {
          id: 4,
          direction: 'incoming',
          user: { id: 11, display_name: null },
          email: null,
          created_at: '2025-03-10T00:00:00Z',
        },
      ],
      outgoing: [],
    });
    api.feed.mockResolvedValue({
      items: [
        {
          id: 'achievement:1',
          type: 'streak',
          user: { id: 9, display_name: null },
          message: 'Learner #9 reached a 3-day study streak',
          details: { days: 3 },
          created_at: '2025-03-09T11:00:00Z',
        },
      ],
    });
    await setLanguage('es');
    render(
      <MemoryRouter>
        <Social now={NOW} />
      </MemoryRouter>,
    );
    const friends = await screen.findByRole('list', { name: 'Amigos' });
    expect(within(friends).getByRole('link', { name: 'Estudiante #9' })).toHaveAttribute('href', '/profile/9');
    expect(within(friends).getByRole('button', { name: 'Eliminar a Estudiante #9' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Solicitudes recibidas' })).getByRole('button', {
        name: 'Aceptar a Estudiante #11',
      }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Actividad reciente' })).getByRole('listitem')).toHaveTextContent(
      'Estudiante #9 alcanzó una racha de estudio de 3 días',
    );
    expect(screen.queryByText(/Learner/)).not.toBeInTheDocument();
  });

  it('words relative times in the language asked for', async () => {
    await setLanguage('de');
    expect(relativeTime('2025-03-10T11:59:40Z', { now: NOW, style: 'sentence' })).toBe('gerade eben');
    expect(relativeTime('2025-03-10T11:00:00Z', { now: NOW, style: 'sentence' })).toBe('vor 1 Stunde');
    expect(relativeTime('2025-03-10T09:00:00Z', { now: NOW, language: 'es', style: 'sentence' })).toBe('hace 3 horas');
    expect(relativeTime('2025-03-09T11:00:00Z', { now: NOW, language: 'it', style: 'sentence' })).toBe('ieri');
  });

  it('shows the Profile screen in German, with German numbers, dates and plurals', async () => {
    useAuthStore.setState({
      user: {
        id: 7,
        email: 'ada@example.com',
        display_name: 'Ada Lovelace',
        role: 'super_admin',
        created_at: '2024-03-15T10:00:00Z',
      },
      isAuthenticated: true,
    });
    jest.spyOn(gamificationApi, 'profile').mockResolvedValue(profile);
    jest.spyOn(authApi, 'changePassword').mockRejectedValue(new Error('boom'));
    await setLanguage('de');
    render(
      <MemoryRouter>
        <Profile />
      </MemoryRouter>,
    );

    const value = (name: string) =>
      within(screen.getByRole('group', { name })).getByText(/./, { selector: '.stat-value' });
    expect(await screen.findByRole('group', { name: 'Level' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Lernstatistik' })).toBeInTheDocument();
    expect(screen.getByText('Super-Administrator')).toBeInTheDocument();
    expect(screen.getByText('Mitglied seit März 2024')).toBeInTheDocument();
    expect(value('Aktuelle Serie')).toHaveTextContent('2 Tage');
    expect(value('Längste Serie')).toHaveTextContent('1 Tag');
    expect(value('Wiederholungen')).toHaveTextContent('1.234');
    expect(screen.getByRole('progressbar', { name: 'Fortschritt bis Level 4' })).toHaveAttribute(
      'aria-valuetext',
      '50 von 300 XP',
    );

    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Aktuelles Passwort'), 'old-secret');
    await ui.type(screen.getByLabelText('Neues Passwort'), 'new-secret');
    await ui.type(screen.getByLabelText('Neues Passwort bestätigen'), 'new-secret');
    await ui.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwort konnte nicht geändert werden');
  });
});

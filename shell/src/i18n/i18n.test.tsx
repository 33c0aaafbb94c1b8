import '@testing-library/jest-dom';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { dashboardApi, learningApi, notificationsApi, type User, dailyBonusApi } from '@flashcard/api-contract';
import { setLanguage, useAuthStore } from '@flashcard/shared-auth';
import { catalogueProblems } from '@flashcard/shared-auth/testing';
import { relativeTime } from '@flashcard/shared-ui';
import { usePlatformStore } from '../federation/platform';
import { TEST_MANIFEST } from '../federation/testing';
import { Layout } from '../layout/Layout';
import { bellLabel } from '../layout/NotificationsBell';
import { DashboardPage, sessionTitle } from '../pages/DashboardPage';
import { LoginPage } from '../pages/LoginPage';
import { SignupPage } from '../pages/SignupPage';
import en from './en';
import es from './es';
import fr from './fr';
import de from './de';
import itMessages from './it';

jest.mock('../federation/platform', () => ({
  ...jest.requireActual('../federation/platform'),
}));

describe('catalogues', () => {
  it('has every English text in es, fr, de and it, with the same placeholders and markup', () => {
    expect(catalogueProblems(en, { es, fr, de, it: itMessages })).toEqual([]);
  });

  it('words the server-made notifications in each language, none left as the English', () => {
    for (const [language, messages] of Object.entries({ es, fr, de, it: itMessages })) {
      const kinds = Object.keys(en.notifications.kinds) as (keyof typeof en.notifications.kinds)[];
      const of = (catalogue: typeof messages) => [
        ...kinds.flatMap((kind) => [
          catalogue.notifications.kinds[kind].title,
          catalogue.notifications.kinds[kind].message,
        ]),
      ];
      const texts = of(messages);
      const english = of(en);
      expect({ language, copies: texts.filter((text, i) => text === english[i]) }).toEqual({ language, copies: [] });
    }
  });

  it('keeps the texts the spec quotes verbatim in English', () => {
    expect(en.layout.searchPlaceholder).toBe('Search cards, sets, or users...');
    expect([en.userMenu.profile, en.userMenu.settings, en.userMenu.signOut]).toEqual([
      'Your Profile',
      'Settings',
      'Sign out',
    ]);
    expect(en.login.submit).toBe('Sign in');
    expect(en.login.submitting).toBe('Signing in...');
    expect(en.dashboard.recentActivity).toBe('Recent Activity');
    expect(en.dashboard.dailyGoal).toBe('Daily Goal');
    expect(en.signup.passwordTooShort).toBe('Password must be at least {{min}} characters long');
    expect(en.signup.passwordMismatch).toBe('Passwords do not match');
  });
});

const ada: User = {
  id: 1,
  email: 'ada@example.com',
  display_name: 'Ada',
  role: 'admin',
  created_at: '2024-01-01T00:00:00Z',
};
const NOW = Date.parse('2025-03-10T12:00:00Z');

function renderLayout() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/dashboard" element={<DashboardPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('the shell in another language', () => {
  beforeEach(() => {
    usePlatformStore.setState({ manifest: TEST_MANIFEST, failed: false, overridden: [] });
    useAuthStore.setState({ user: ada, isAuthenticated: true, isLoading: false, error: null });
    jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue({ count: 3 });
    jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue({
      userStats: {
        totalCardsStudied: 12,
        averageAccuracy: 80,
        currentStreak: 4,
        totalCards: 20,
        totalReviews: 30,
        successRate: 66.7,
      },
      recentSessions: [],
      dailyGoal: { cardsStudied: 5, dailyGoal: 15 },
    });
    jest
      .spyOn(learningApi, 'reviewQueue')
      .mockResolvedValue({ dueCount: 1 } as Awaited<ReturnType<typeof learningApi.reviewQueue>>);
  });

  afterEach(async () => {
    cleanup(); // before the language changes back, so nothing mounted re-renders outside act
    jest.restoreAllMocks();
    await setLanguage('en');
  });

  it('shows the sidebar, top bar, user menu and dashboard in French', async () => {
    await setLanguage('fr');
    renderLayout();

    const nav = within(screen.getByRole('navigation', { name: 'Principale' }));
    expect(nav.getByRole('link', { name: /Tableau de bord/ })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByRole('link', { name: /Mes cartes/ })).toHaveAttribute('href', '/cards');
    expect(nav.getByRole('link', { name: /Étudier/ })).toHaveAttribute('href', '/study');
    expect(nav.getByRole('link', { name: /Administration/ })).toHaveAttribute('href', '/admin');
    expect(nav.queryByText('My Cards')).not.toBeInTheDocument();

    expect(screen.getByRole('combobox', { name: 'Rechercher' })).toHaveAttribute(
      'placeholder',
      'Rechercher des cartes, des jeux ou des utilisateurs...',
    );
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 non lues' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    const menu = within(screen.getByRole('menu', { name: 'Menu utilisateur' }));
    expect(menu.getByRole('menuitem', { name: 'Votre profil' })).toHaveAttribute('href', '/profile');
    expect(menu.getByRole('menuitem', { name: 'Paramètres' })).toHaveAttribute('href', '/settings');
    expect(menu.getByRole('menuitem', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(screen.getByText('Connecté en tant que', { exact: false })).toHaveTextContent('Connecté en tant que Ada');

    // The dashboard under it.
    expect(await screen.findByRole('heading', { level: 1, name: 'Bon retour, Ada !' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Objectif quotidien' })).toHaveTextContent('5/15');
    expect(screen.getByRole('progressbar', { name: 'Progression de l’objectif quotidien' })).toHaveAttribute(
      'aria-valuetext',
      '5 sur 15 cartes',
    );
    expect(screen.getByRole('region', { name: 'Série d’étude' })).toHaveTextContent('4 jours');
    expect(screen.getByRole('region', { name: 'Taux de réussite' })).toHaveTextContent(/67\s%/);
    expect(await screen.findByRole('region', { name: 'À revoir maintenant' })).toHaveTextContent('1 carte');
    expect(screen.getByText(fr.dashboard.emptyActivity)).toBeInTheDocument();
  });

  it('follows a language change without a reload (sidebar included)', async () => {
    renderLayout();
    const nav = () => within(screen.getByRole('navigation', { name: /Main|Hauptnavigation/ }));
    expect(nav().getByRole('link', { name: /Dashboard/ })).toBeInTheDocument();
    expect(nav().getByRole('link', { name: /My Cards/ })).toBeInTheDocument();
    await act(() => setLanguage('de'));
    expect(nav().getByRole('link', { name: /Übersicht/ })).toBeInTheDocument();
    expect(nav().getByRole('link', { name: /Meine Karten/ })).toBeInTheDocument();
    expect(nav().queryByRole('link', { name: /My Cards/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen zurück, Ada!' })).toBeInTheDocument();
  });

  it('shows the login page in German, validation messages included', async () => {
    useAuthStore.setState({ user: null, isAuthenticated: false });
    await setLanguage('de');
    render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByText('Willkommen zurück. Melde dich an, um weiterzulernen.')).toBeInTheDocument();
    expect(screen.getByLabelText('Passwort')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/signup');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByLabelText('E-Mail')).toHaveAccessibleDescription('Die E-Mail-Adresse ist erforderlich');
    expect(screen.getByText('Das Passwort ist erforderlich')).toBeInTheDocument();
    // A message already shown follows the language.
    await act(() => setLanguage('es'));
    expect(await screen.findByText('La contraseña es obligatoria')).toBeInTheDocument();
  });

  it('translates the helpers: relative times, session titles, bell label, validation', async () => {
    await setLanguage('it');
    expect(relativeTime('2025-03-10T11:30:00Z', { now: NOW })).toBe('Proprio ora');
    expect(relativeTime('2025-03-10T09:00:00Z', { now: NOW })).toBe('3 h fa');
    expect(relativeTime('2025-03-08T12:00:00Z', { now: NOW })).toBe('2 gg fa');
    const session = {
      id: 1,
      session_type: 'other',
      cards_studied: 1,
      accuracy: 0,
      started_at: '',
      ended_at: '',
      created_at: '',
    } as Parameters<typeof sessionTitle>[0];
    expect(sessionTitle(session)).toBe('1 scheda studiata');
    expect(bellLabel(2)).toBe('Notifiche, 2 non lette');
    render(
      <MemoryRouter>
        <SignupPage />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Crea account' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Inserisci un indirizzo email valido');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'La password deve contenere almeno 6 caratteri',
    );
    expect(screen.getByLabelText('Conferma password')).toHaveAccessibleDescription('Conferma la tua password');
    cleanup();
    await setLanguage('es');
    expect(relativeTime('2025-03-09T10:00:00Z', { now: NOW })).toBe('hace 1 d');
    expect(sessionTitle({ ...session, session_type: 'review' })).toBe('Sesión de repaso completada');
  });
});

// The dashboard's daily-bonus card asks too; these tests are not about it.
beforeEach(() => {
  jest.spyOn(dailyBonusApi, 'info').mockRejectedValue(new Error('not under test'));
});

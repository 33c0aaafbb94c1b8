import { render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import {
  dashboardApi,
  gamificationApi,
  optimizerApi,
  workloadApi,
  spacedRepetitionApi,
  type DashboardData,
} from '@flashcard/api-contract';
import { setLanguage } from '@flashcard/shared-auth';
import { catalogueProblems } from '@flashcard/shared-auth/testing';
import { relativeTime } from '@flashcard/shared-ui';
import ProgressApp from '../App';
import { cellTitle, formatRate, heatLegend, summarizeYear } from '../features/progress/chart-data';
import { analytics, analyticsDays, NO_HISTORY, profile, WEEK_ANALYTICS } from '../features/progress/testing/fixtures';
import en from './en';
import es from './es';
import fr from './fr';
import de from './de';
import itMessages from './it';

it('has every English text in es, fr, de and it, with the same placeholders and markup', () => {
  expect(catalogueProblems(en, { es, fr, de, it: itMessages })).toEqual([]);
});

const HOUR = 3_600_000;
const YEAR_ANALYTICS = analytics(analyticsDays('2025-01-31', 365, { '2024-06-11': 12 }), 80);
const FORECAST = {
  days: analyticsDays('2025-03-01', 30).map((day, index) => ({ date: day.date, due: index === 0 ? 4 : 1 })),
};

function dashboard(): DashboardData {
  const at = new Date(Date.now() - 3 * HOUR).toISOString();
  return {
    userStats: {
      totalCardsStudied: 42,
      averageAccuracy: 50,
      currentStreak: 5,
      successRate: 87,
      totalReviews: 100,
      totalCards: 20,
    },
    recentSessions: [
      { id: 1, session_type: 'review', cards_studied: 8, accuracy: 90, started_at: at, ended_at: at, created_at: at },
      {
        id: 2,
        session_type: 'other',
        cards_studied: 1,
        accuracy: 100,
        started_at: at,
        ended_at: at,
        created_at: new Date(Date.now() - 2 * 24 * HOUR).toISOString(),
      },
    ],
    dailyGoal: { cardsStudied: 3, dailyGoal: 15 },
  };
}

const stat = (label: string) => within(screen.getByRole('group', { name: label }));
/** Intl's spaces (narrow no-break before '%' in French and German) read as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

let toastError: jest.SpyInstance;

beforeEach(() => {
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  jest.spyOn(dashboardApi, 'getDashboard').mockResolvedValue(dashboard());
  jest.spyOn(gamificationApi, 'profile').mockResolvedValue(profile(12500));
  jest
    .spyOn(dashboardApi, 'getAnalytics')
    .mockImplementation(async (days?: number) => (days === 7 ? WEEK_ANALYTICS : YEAR_ANALYTICS));
  jest.spyOn(spacedRepetitionApi, 'forecast').mockResolvedValue(FORECAST);
  jest.spyOn(optimizerApi, 'status').mockResolvedValue(NO_HISTORY);
  // The workload panel has its own tests: here it stays loading, so the page's lists and charts are the others'.
  jest.spyOn(workloadApi, 'simulate').mockReturnValue(new Promise(() => undefined));
});

afterEach(async () => {
  jest.restoreAllMocks();
  await setLanguage('en');
});

describe('the progress screen in another language', () => {
  it('speaks French: headings, stats, sessions, charts, numbers and dates', async () => {
    await setLanguage('fr');
    render(<ProgressApp />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Progrès' })).toBeInTheDocument();
    expect(screen.getByText('Suivez votre parcours d’apprentissage.')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Cartes étudiées' })).toHaveTextContent('42');
    expect(plain(screen.getByRole('group', { name: 'Taux de réussite' }).textContent)).toContain('87 %');
    expect(stat('Série d’étude').getByText('5 jours')).toBeInTheDocument();
    expect(plain(screen.getByRole('group', { name: 'Points d’XP' }).textContent)).toContain('12 500');

    expect(screen.getByRole('heading', { level: 2, name: 'Activité récente' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Session de révision terminée');
    expect(items[0]).toHaveTextContent('8 cartes');
    expect(items[0]).toHaveTextContent('il y a 3 h');
    expect(items[1]).toHaveTextContent('1 carte étudiée');
    expect(items[1]).toHaveTextContent('il y a 2 j');

    expect(screen.getByRole('heading', { level: 2, name: 'Progrès de la semaine' })).toBeInTheDocument();
    const week = await screen.findByRole('img', {
      name: /^Révisions par jour au cours des 7 derniers jours : 45 révisions au total/,
    });
    expect(plain(week.getAttribute('aria-label'))).toContain('Jour le plus actif : ven. 31 janv., avec 20 révisions.');
    expect(
      screen.getByRole('table', { name: 'Révisions et taux de réussite par jour, 7 derniers jours' }),
    ).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'Révisions à venir' })).toBeInTheDocument();
    expect(await screen.findByText('4 à réviser aujourd’hui · 33 sur les 30 prochains jours')).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'Activité de révision' })).toBeInTheDocument();
    expect(await screen.findByText('12 révisions en 1 jour au cours des 365 derniers jours')).toBeInTheDocument();
    expect(screen.getByText('Moins')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /juin 2024/ })).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('speaks German, with its own plurals, cases and number grouping', async () => {
    jest.spyOn(dashboardApi, 'getDashboard').mockRejectedValue(new Error('down'));
    await setLanguage('de');
    render(<ProgressApp />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Fortschritt' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Gelernte Karten' })).toBeInTheDocument();
    expect(stat('Lernserie').getByText('0 Tage')).toBeInTheDocument();
    expect(stat('XP-Punkte').getByText('12.500')).toBeInTheDocument();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Fortschrittsdaten konnten nicht geladen werden'));
    expect(screen.getByText(/Noch keine Lernsitzungen/)).toBeInTheDocument();
    expect(
      await screen.findByRole('img', {
        name: /^Wiederholungsaktivität in den letzten 365 Tagen: 12 Wiederholungen an 1 Tag\./,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('12 Wiederholungen an 1 Tag in den letzten 365 Tagen')).toBeInTheDocument();
  });

  it('formats the pure helpers for the page language', async () => {
    await setLanguage('de');
    expect(cellTitle({ date: '2024-06-14', reviews: 1234 })).toBe('2024-06-14: 1.234 Wiederholungen');
    expect(heatLegend(12)).toEqual([
      'Keine Wiederholungen',
      '1-3 Wiederholungen',
      '4-6 Wiederholungen',
      '7-9 Wiederholungen',
      '10-12 Wiederholungen',
    ]);
    expect(summarizeYear(analyticsDays('2025-01-31', 3, { '2025-01-30': 2, '2025-01-31': 1 }))).toBe(
      'Wiederholungsaktivität in den letzten 3 Tagen: 3 Wiederholungen an 2 Tagen. Aktivster Tag: Do., 30. Jan. mit 2 Wiederholungen.',
    );
    await setLanguage('es');
    expect(plain(formatRate(85.7))).toBe('86 %');
    const now = Date.UTC(2025, 0, 31, 12);
    // Recent sessions' times: shared-ui's relativeTime, Intl's short form in the page's language.
    expect(relativeTime(now - 60_000, { now })).toBe('Justo ahora');
    expect(relativeTime(now - 5 * HOUR, { now })).toBe('hace 5 h');
    expect(relativeTime(now - 24 * HOUR, { now })).toBe('hace 1 d');
    await setLanguage('it');
    expect(relativeTime(now - 3 * 24 * HOUR, { now })).toBe('3 gg fa');
  });
});

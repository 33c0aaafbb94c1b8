import { cleanup, screen, within } from '@testing-library/react';
import { adminApi, platformApi, type AdminOverview } from '@flashcard/api-contract';
import { setLanguage } from '@flashcard/shared-auth';
import { catalogueProblems } from '@flashcard/shared-auth/testing';
import { makeUser } from '../features/admin/admin-fixtures';
import { renderAdminApp, signInAs, signOut } from '../test/render';
import {
  cardsRemote,
  makeEvent,
  makeOverview,
  makeService,
  makeServiceEvent,
  makeServiceHealth,
  makeServiceStatus,
  studyRemote,
} from '../test/platform';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import italian from './it';

jest.mock('@flashcard/api-contract', () => ({
  ...jest.requireActual('@flashcard/api-contract'),
  ADMIN_PAGE_SIZE: 20,
  adminApi: {
    overview: jest.fn(),
    users: jest.fn(),
    setRole: jest.fn(),
    disable: jest.fn(),
    enable: jest.fn(),
    audit: jest.fn(),
  },
  platformApi: {
    overview: jest.fn(),
    promote: jest.fn(),
    setCanary: jest.fn(),
    tokens: jest.fn(),
    createToken: jest.fn(),
    revokeToken: jest.fn(),
    createPreview: jest.fn(),
    services: jest.fn(),
    serviceStatus: jest.fn(),
    registerService: jest.fn(),
    removeService: jest.fn(),
  },
}));

it('has every English text in es, fr, de and it, with the same placeholders and markup', () => {
  expect(catalogueProblems(en, { es, fr, de, it: italian })).toEqual([]);
});

describe('the admin remote in another language', () => {
  afterEach(async () => {
    cleanup(); // unmount first: switching back to English then re-renders nothing
    await setLanguage('en');
    signOut();
  });

  it('shows the dashboard in French, numbers and role labels included', async () => {
    const overview: AdminOverview = {
      totals: { users: 1248, activeToday: 31, cards: 18530, reviews: 90210, sessions: 6904 },
      recentUsers: [makeUser(7, { role: 'super_admin' }), makeUser(8, { disabled: true })],
    };
    jest.mocked(adminApi.overview).mockResolvedValue(overview);
    signInAs('admin');
    await setLanguage('fr');

    renderAdminApp();

    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord d’administration' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Utilisateurs au total' })).toHaveTextContent(/1\s248/);
    expect(screen.getByRole('link', { name: 'Gérer les utilisateurs' })).toHaveAttribute('href', '/admin/users');
    const table = screen.getByRole('table', { name: 'Utilisateurs récents' });
    const [first, second] = within(within(table).getAllByRole('rowgroup')[1]).getAllByRole('row');
    expect(first).toHaveTextContent('Super administrateur');
    expect(second).toHaveTextContent('Désactivé');
    expect(screen.queryByText('Admin Dashboard')).not.toBeInTheDocument();
  });

  it('shows the platform console in German', async () => {
    jest.mocked(platformApi.overview).mockResolvedValue(makeOverview());
    jest.mocked(platformApi.tokens).mockResolvedValue([]);
    const legacy = makeService('legacy');
    jest.mocked(platformApi.services).mockResolvedValue({
      services: [legacy],
      events: [makeServiceEvent(1, { service: 'legacy', action: 'remove' })],
    });
    jest.mocked(platformApi.serviceStatus).mockResolvedValue(
      makeServiceStatus(
        legacy,
        makeServiceHealth({
          circuit: 'open',
          consecutiveFailures: 5,
          lastFailure: { at: '2025-01-11T08:00:00.000Z', reason: 'status 503' },
          probe: { reachable: false, ok: false, status: null, latencyMs: 2, error: 'connection refused' },
        }),
      ),
    );
    signInAs('super_admin');
    await setLanguage('de');

    renderAdminApp('/admin/platform');

    expect(await screen.findByRole('table', { name: 'Releases von mfe_cards' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Plattformkonsole' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Größenbudget' })).toHaveTextContent('250,0 KB');
    const cards = screen.getByRole('region', { name: 'mfe_cards' });
    const health = within(cards).getByRole('table', {
      name: 'Zustand von mfe_cards: aktive und Canary-Version nebeneinander',
    });
    expect(within(health).getByRole('rowheader', { name: 'Fehlerquote' }).closest('tr')).toHaveTextContent(
      /7,5\s%3 von 40 Benutzern/,
    );
    expect(within(health).getByRole('rowheader', { name: 'LCP (p75)' }).closest('tr')).toHaveTextContent(/2\.480 ms/);
    expect(within(cards).getByText(/für 25 % der Benutzer/)).toBeInTheDocument();
    expect(within(cards).getByRole('button', { name: 'mfe_cards auf 1.0.0+aaaaaaaa zurücksetzen' })).toHaveTextContent(
      'Zurücksetzen',
    );
    expect(within(cards).getByRole('form', { name: 'Canary von mfe_cards' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Audit-Log' })).getAllByRole('listitem')[0]).toHaveTextContent(
      'von root@example.com',
    );
    const tokens = screen.getByRole('region', { name: 'Deploy-Tokens' });
    expect(await within(tokens).findByText('Noch keine Deploy-Tokens.')).toBeInTheDocument();
    expect(within(tokens).getByRole('form', { name: 'Neuer Deploy-Token' })).toBeInTheDocument();
    const services = screen.getByRole('region', { name: 'Dienste' });
    const row = (await within(services).findByText('Nicht erreichbar')).closest('tr')!;
    expect(row.querySelectorAll('td')[2]).toHaveTextContent('Nicht erreichbarVerbindung abgelehnt nach 2 ms');
    expect(row.querySelectorAll('td')[3]).toHaveTextContent(/^Offen5 Fehler in FolgeZuletzt: antwortete 503, /);
    expect(within(services).getByRole('button', { name: 'Dienst legacy entfernen' })).toHaveTextContent('Entfernen');
    expect(within(services).getByRole('list', { name: 'Letzte Änderungen' })).toHaveTextContent('Entfernt');
    expect(within(services).getByRole('form', { name: 'Dienst registrieren' })).toBeInTheDocument();
  });

  it('words why the registry halted a canary in Spanish, in the health panel and the audit log', async () => {
    const figures = {
      failedUsers: 3,
      servedUsers: 3,
      failurePercent: 100,
      activeFailedUsers: 1,
      activeServedUsers: 2,
      activeFailurePercent: 50,
      marginPercent: 20,
    };
    const english =
      '3 of 3 users served 1.2.0+cccccccc failed (100%), against 1 of 2 on the active version (50%): over the margin of 20%';
    jest.mocked(platformApi.overview).mockResolvedValue(
      makeOverview({
        remotes: [
          cardsRemote({
            canary: null,
            halted: { version: '1.2.0+cccccccc', at: '2025-01-11T09:15:00.000Z', message: english, figures },
          }),
          studyRemote(),
        ],
        events: [
          makeEvent(5, {
            action: 'halt',
            fromVersion: '1.2.0+cccccccc',
            toVersion: null,
            percent: 0,
            detail: english,
            figures,
            actor: 'registry',
          }),
        ],
      }),
    );
    jest.mocked(platformApi.tokens).mockResolvedValue([]);
    signInAs('admin');
    await setLanguage('es');

    renderAdminApp('/admin/platform');

    const spanish =
      '3 de 3 usuarios a los que se sirvió 1.2.0+cccccccc tuvieron fallos (100 %), frente a 1 de 2 con la versión activa (50 %): por encima del margen del 20 %';
    const halt = (await screen.findByText('Canary detenido automáticamente')).closest('.platform-halt') as HTMLElement;
    expect(halt).toHaveTextContent(spanish);
    expect(
      within(screen.getByRole('list', { name: 'Registro de auditoría' })).getAllByRole('listitem')[0],
    ).toHaveTextContent(spanish);
    expect(screen.queryByText(english)).not.toBeInTheDocument();
  });
});

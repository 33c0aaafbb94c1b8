import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import { platformApi, type RemoteState } from '@flashcard/api-contract';
import { renderAdminApp, signInAs, signOut } from '../../../test/render';
import { cardsRemote, makeEvent, makeHealth, makeOverview, studyRemote } from '../../../test/platform';

jest.mock('@flashcard/api-contract', () => ({
  ...jest.requireActual('@flashcard/api-contract'),
  // The last test passes through the admin dashboard: answered here, not by the network.
  adminApi: {
    overview: jest.fn(async () => ({
      totals: { users: 0, activeToday: 0, cards: 0, reviews: 0, sessions: 0 },
      recentUsers: [],
    })),
  },
  platformApi: {
    overview: jest.fn(),
    promote: jest.fn(),
    setCanary: jest.fn(),
    createPreview: jest.fn(),
    tokens: jest.fn(),
    createToken: jest.fn(),
    revokeToken: jest.fn(),
    services: jest.fn(),
    serviceStatus: jest.fn(),
    registerService: jest.fn(),
    removeService: jest.fn(),
  },
}));

const api = jest.mocked(platformApi);

let toastSuccess: jest.SpyInstance;
let toastError: jest.SpyInstance;

beforeEach(() => {
  api.overview.mockReset().mockResolvedValue(makeOverview());
  api.promote.mockReset().mockImplementation(async (name) => ({ name }) as RemoteState);
  api.setCanary.mockReset().mockImplementation(async (name) => ({ name }) as RemoteState);
  api.tokens.mockReset().mockResolvedValue([]);
  api.services.mockReset().mockResolvedValue({ services: [], events: [] });
  api.createPreview.mockReset().mockImplementation(async (name, version) => ({
    url: '/api/platform/previews/pv_abc123',
    remote: name,
    version,
    expiresAt: '2025-01-12T09:00:00.000Z',
  }));
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

async function openConsole() {
  renderAdminApp('/admin/platform');
  await screen.findByRole('heading', { level: 1, name: 'Platform console' });
  return screen.findByRole('region', { name: 'mfe_cards' });
}

const releasesOf = (name: string) => screen.getByRole('table', { name: `Releases of ${name}` });

/** A cell's text, without what only a phone shows (the release's facts under its version). */
function cellText(cell: Element): string {
  const copy = cell.cloneNode(true) as Element;
  copy.querySelectorAll('.platform-row-meta').forEach((meta) => meta.remove());
  return copy.textContent ?? '';
}

/** The body rows of a table, as arrays of cell texts. */
function rowsOf(table: HTMLElement): string[][] {
  const body = within(table).getAllByRole('rowgroup')[1];
  return within(body)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map(cellText));
}

/** The value a remote's panel shows for `term` (Active version, Canary). */
const fact = (region: HTMLElement, term: string) =>
  within(region).getByText(term, { selector: 'dt' }).nextElementSibling;

const row = (table: HTMLElement, version: string) =>
  within(table).getByText(version, { selector: 'th[scope=row] > .platform-mono' }).closest('tr')!;

describe('Platform console', () => {
  it('shows the kernel, the budget and every remote with its releases, newest first', async () => {
    signInAs('super_admin');

    const cards = await openConsole();

    expect(screen.getByRole('group', { name: 'Kernel version' })).toHaveTextContent('1.4.2');
    expect(screen.getByRole('group', { name: 'Size budget' })).toHaveTextContent('250.0 KB');

    expect(fact(cards, 'Active version')).toHaveTextContent('1.1.0+bbbbbbbb');
    expect(fact(cards, 'Canary')).toHaveTextContent('1.2.0+cccccccc to 25% of users');
    expect(fact(cards, 'Canary cohort')).toHaveTextContent(/^Roles: AdminUser ids: 42$/);

    const table = releasesOf('mfe_cards');
    const head = within(table).getAllByRole('rowgroup')[0];
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Version', 'Published', 'By', 'First load (gzip)', 'Total', 'Status', 'Actions']);
    expect(rowsOf(table).map((cells) => cells.filter((_, i) => i !== 1))).toEqual([
      ['1.2.0+cccccccc', 'root@example.com', '30.0 KB', '2.0 MB', 'Canary 25%', 'Promote'],
      ['1.1.0+bbbbbbbb', 'ci-deploy', '25.0 KB', '100.0 KB', 'Active', ''],
      ['1.0.0+aaaaaaaa', 'ci-deploy', '20.0 KB', '100.0 KB', '—Not served', 'Roll backPreview link'],
    ]);
    // What a phone shows under the version instead of the Published, By and First load columns.
    expect(row(table, '1.2.0+cccccccc').querySelector('.platform-row-meta')).toHaveTextContent(
      'Jan 10, 2025 · root@example.com · 30.0 KB',
    );
    expect(
      within(row(table, '1.1.0+bbbbbbbb')).getAllByText('2025', { exact: false })[1].closest('time'),
    ).toHaveAttribute('datetime', '2025-01-10T12:00:00.000Z');

    const study = screen.getByRole('region', { name: 'mfe_study' });
    expect(fact(study, 'Canary')).toHaveTextContent('None');
    expect(within(study).queryByText('Canary cohort')).not.toBeInTheDocument();
    expect(rowsOf(releasesOf('mfe_study')).map((cells) => cells[0])).toEqual(['2.0.0+dddddddd', '1.9.0+eeeeeeee']);
    expect(api.overview).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    // Each remote's parts are landmarks named with the remote, so no two share a name.
    expect(within(cards).getByRole('region', { name: 'Health (last 24 h) mfe_cards' })).toBeInTheDocument();
    expect(within(study).getByRole('region', { name: 'Canary mfe_study' })).toBeInTheDocument();
  });

  it('links to each remote, the services, the deploy tokens and the audit log; a link moves the focus there', async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    await openConsole();

    const nav = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['mfe_cards', 'mfe_study', 'Services', 'Deploy tokens', 'Audit log']);

    await user.click(within(nav).getByRole('link', { name: 'Deploy tokens' }));
    expect(screen.getByRole('region', { name: 'Deploy tokens' })).toHaveFocus();
    await user.click(within(nav).getByRole('link', { name: 'Services' }));
    expect(screen.getByRole('region', { name: 'Services' })).toHaveFocus();
    await user.click(within(nav).getByRole('link', { name: 'mfe_study' }));
    expect(screen.getByRole('region', { name: 'mfe_study' })).toHaveFocus();
    // The router's location is left alone.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/platform$/);
  });

  it('shows the spinner while loading', async () => {
    signInAs('admin');
    let answer!: (value: ReturnType<typeof makeOverview>) => void;
    api.overview.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));

    renderAdminApp('/admin/platform');

    expect(screen.getByRole('status')).toHaveTextContent('Loading the platform registry...');
    answer(makeOverview());
    expect(await screen.findByRole('table', { name: 'Releases of mfe_cards' })).toBeInTheDocument();
    // The services section loads once the console is shown.
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('shows the active and the canary version side by side: users, failure rate, failures, Web Vitals', async () => {
    signInAs('admin');

    const cards = await openConsole();

    const health = within(cards).getByRole('table', {
      name: 'Health of mfe_cards: active and canary versions side by side',
    });
    const head = within(health).getAllByRole('rowgroup')[0];
    expect(
      within(head)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Measure', 'Active1.1.0+bbbbbbbb', 'Canary1.2.0+cccccccc']);
    expect(rowsOf(health)).toEqual([
      ['Served users', '120', '40'],
      ['Failure rate', '0.0%0 of 120 users', '7.5%3 of 40 users'],
      ['Load failures', '0', '3'],
      ['Render errors', '0', '1'],
      ['LCP (p75)', '1,910 ms', '2,480 ms'],
      ['INP (p75)', '96 ms', '184 ms'],
      ['CLS (p75)', '0.02', '0.12'],
      ['Last error', '—No data', expect.stringMatching(/^ChunkLoadError: Loading chunk 42 failedJan 11, 2025/)],
    ]);
    expect(within(health).getByText('Jan 11, 2025', { exact: false }).closest('time')).toHaveAttribute(
      'datetime',
      '2025-01-11T08:30:00.000Z',
    );
    expect(within(cards).queryByText('Canary halted automatically')).not.toBeInTheDocument();

    // No canary: one column; a version nobody was served yet reads 0 users and no data.
    const study = screen.getByRole('region', { name: 'mfe_study' });
    const studyHealth = within(study).getByRole('table', { name: /^Health of mfe_study/ });
    expect(within(within(studyHealth).getAllByRole('rowgroup')[0]).getAllByRole('columnheader')).toHaveLength(2);
    expect(rowsOf(studyHealth).slice(0, 2)).toEqual([
      ['Served users', '0'],
      ['Failure rate', '—No data'],
    ]);
  });

  it('says when the registry halted a canary by itself, with its version and figures', async () => {
    signInAs('admin');
    const message = 'failure rate 12.0% (6 of 50 users) against 0.5% (1 of 200 users) of the active version';
    api.overview.mockResolvedValue(
      makeOverview({
        remotes: [
          cardsRemote({
            canary: null,
            halted: { version: '1.2.0+cccccccc', at: '2025-01-11T09:15:00.000Z', message, figures: null },
          }),
          studyRemote(),
        ],
        events: [
          makeEvent(5, {
            action: 'halt',
            fromVersion: '1.2.0+cccccccc',
            toVersion: null,
            percent: 0,
            detail: message,
            actor: 'registry',
          }),
        ],
      }),
    );

    const cards = await openConsole();

    const halt = within(cards).getByText('Canary halted automatically').closest('.platform-halt') as HTMLElement;
    expect(halt).toHaveTextContent(/^Canary halted automatically 1\.2\.0\+cccccccc/);
    expect(halt).toHaveTextContent(message);
    expect(halt.querySelector('time')).toHaveAttribute('datetime', '2025-01-11T09:15:00.000Z');
    // The halted version is no column any more: only the active one.
    expect(
      within(cards)
        .getByRole('table', { name: /^Health of mfe_cards/ })
        .querySelectorAll('thead th'),
    ).toHaveLength(2);
    const [event] = within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem');
    expect(event).toHaveTextContent(/mfe_cards\s*Canary halted\s*1\.2\.0\+cccccccc → to none/);
    expect(event).toHaveTextContent(message);
  });

  it("words a halt's figures, the English as the API stores it", async () => {
    signInAs('admin');
    const figures = {
      failedUsers: 6,
      servedUsers: 50,
      failurePercent: 12,
      activeFailedUsers: 1,
      activeServedUsers: 200,
      activeFailurePercent: 1,
      marginPercent: 5,
    };
    api.overview.mockResolvedValue(
      makeOverview({
        remotes: [
          cardsRemote({
            canary: null,
            halted: { version: '1.2.0+cccccccc', at: '2025-01-11T09:15:00.000Z', message: 'stored words', figures },
          }),
          studyRemote(),
        ],
        events: [
          makeEvent(5, {
            action: 'halt',
            fromVersion: '1.2.0+cccccccc',
            toVersion: null,
            percent: 0,
            detail: 'stored words',
            figures,
            actor: 'registry',
          }),
        ],
      }),
    );

    const cards = await openConsole();

    const words =
      '6 of 50 users served 1.2.0+cccccccc failed (12%), against 1 of 200 on the active version (1%): over the margin of 5%';
    expect(within(cards).getByText('Canary halted automatically').closest('.platform-halt')).toHaveTextContent(words);
    expect(within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem')[0]).toHaveTextContent(
      words,
    );
    expect(screen.queryByText('stored words')).not.toBeInTheDocument();
  });

  it('lists versions that are neither active nor canary when their users still met failures', async () => {
    signInAs('admin');
    api.overview.mockResolvedValue(
      makeOverview({
        remotes: [
          cardsRemote({
            health: [
              ...cardsRemote().health,
              makeHealth('1.0.0+aaaaaaaa', {
                servedUsers: 8,
                failedUsers: 2,
                failureRate: 0.25,
                loadFailures: 2,
                lastMessage: 'Script error',
              }),
            ],
          }),
          studyRemote(),
        ],
      }),
    );

    const cards = await openConsole();

    const others = within(cards).getByRole('list', { name: 'Other versions with failures' });
    const [item] = within(others).getAllByRole('listitem');
    expect(item).toHaveTextContent('1.0.0+aaaaaaaa 2 of 8 users failed, 2 load failures, 0 render errors');
    expect(item).toHaveTextContent('Script error');
    expect(within(screen.getByRole('region', { name: 'mfe_study' })).queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists the audit events newest first: who, remote, action, versions, share', async () => {
    signInAs('admin');
    api.overview.mockResolvedValue(
      makeOverview({
        // Out of order on purpose: the screen orders them.
        events: [
          makeEvent(1),
          makeEvent(4, {
            action: 'canary',
            fromVersion: '1.2.0+cccccccc',
            toVersion: null,
            percent: 0,
            actor: 'root@example.com',
          }),
          makeEvent(3, {
            action: 'rollback',
            fromVersion: '1.1.0+bbbbbbbb',
            toVersion: '1.0.0+aaaaaaaa',
            actor: 'root@example.com',
          }),
          makeEvent(2, {
            action: 'canary',
            toVersion: '1.2.0+cccccccc',
            percent: 40,
            actor: 'ops@example.com',
            remote: 'mfe_study',
          }),
        ],
      }),
    );

    await openConsole();

    const audit = screen.getByRole('list', { name: 'Audit log' });
    const items = within(audit).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('time')!.getAttribute('datetime'))).toEqual([
      '2025-01-04T09:00:00.000Z',
      '2025-01-03T09:00:00.000Z',
      '2025-01-02T09:00:00.000Z',
      '2025-01-01T09:00:00.000Z',
    ]);
    expect(items[0]).toHaveTextContent(/mfe_cards\s*Canary ended\s*1\.2\.0\+cccccccc → to none/);
    expect(items[0]).toHaveTextContent('by root@example.com');
    expect(items[1]).toHaveTextContent(/Rolled back\s*1\.1\.0\+bbbbbbbb → to 1\.0\.0\+aaaaaaaa/);
    expect(items[2]).toHaveTextContent(/mfe_study\s*Canary\s*1\.2\.0\+cccccccc\s*40% of users/);
    expect(items[2]).toHaveTextContent('by ops@example.com');
    expect(items[3]).toHaveTextContent(/Published\s*1\.0\.0\+aaaaaaaa/);
  });

  it('promotes a release, says so, and shows the refreshed registry', async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    const cards = await openConsole();
    api.overview.mockResolvedValueOnce(
      makeOverview({ remotes: [cardsRemote({ activeVersion: '1.2.0+cccccccc', canary: null }), studyRemote()] }),
    );

    const promote = within(cards).getByRole('button', { name: 'Promote mfe_cards 1.2.0+cccccccc' });
    expect(promote).toHaveTextContent(/^Promote$/);
    await user.click(promote);

    expect(api.promote).toHaveBeenCalledTimes(1);
    expect(api.promote).toHaveBeenCalledWith('mfe_cards', '1.2.0+cccccccc');
    expect(toastSuccess).toHaveBeenCalledWith('mfe_cards 1.2.0+cccccccc is now active');
    await waitFor(() =>
      expect(within(row(releasesOf('mfe_cards'), '1.2.0+cccccccc')).getByText('Active')).toBeInTheDocument(),
    );
    expect(api.overview).toHaveBeenCalledTimes(2);
    expect(fact(screen.getByRole('region', { name: 'mfe_cards' }), 'Canary')).toHaveTextContent('None');
    // The new active release has no button; the previously active one is now a roll back.
    expect(within(row(releasesOf('mfe_cards'), '1.2.0+cccccccc')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(row(releasesOf('mfe_cards'), '1.1.0+bbbbbbbb')).getByRole('button', { name: /^Roll back/ }),
    ).toHaveTextContent('Roll back');
    expect(toastError).not.toHaveBeenCalled();
  });

  it("labels releases older than the active one 'Roll back' and rolls back to them", async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    await openConsole();

    const table = releasesOf('mfe_study');
    expect(within(row(table, '2.0.0+dddddddd')).queryByRole('button')).not.toBeInTheDocument();
    const rollBack = within(row(table, '1.9.0+eeeeeeee')).getByRole('button', {
      name: 'Roll back mfe_study to 1.9.0+eeeeeeee',
    });
    expect(rollBack).toHaveTextContent(/^Roll back$/);

    await user.click(rollBack);

    expect(api.promote).toHaveBeenCalledWith('mfe_study', '1.9.0+eeeeeeee');
    expect(toastSuccess).toHaveBeenCalledWith('mfe_study rolled back to 1.9.0+eeeeeeee');
    await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));
  });

  it('does not toast again, nor reload, when a change is refused (the shared client toasts it)', async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    const cards = await openConsole();
    const refused = new Error('Request failed with status code 403');
    api.promote.mockRejectedValueOnce(refused);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    await user.click(within(cards).getByRole('button', { name: 'Roll back mfe_cards to 1.0.0+aaaaaaaa' }));

    expect(api.promote).toHaveBeenCalledWith('mfe_cards', '1.0.0+aaaaaaaa');
    await waitFor(() =>
      expect(within(cards).getByRole('button', { name: 'Roll back mfe_cards to 1.0.0+aaaaaaaa' })).toBeEnabled(),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
    expect(api.overview).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('Registry change failed', refused);
  });

  it('starts a canary with the chosen version and share', async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    await openConsole();
    const form = screen.getByRole('form', { name: 'Canary of mfe_study' });

    const version = within(form).getByLabelText('Canary version');
    // Only the releases that are not active can be a canary.
    expect(
      within(version)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1.9.0+eeeeeeee']);
    expect(within(form).queryByRole('button', { name: /End canary/ })).not.toBeInTheDocument();
    const percent = within(form).getByLabelText('Share of users (%)');
    await user.clear(percent);
    await user.type(percent, '5');
    await user.click(within(form).getByRole('button', { name: 'Start canary of mfe_study' }));

    expect(api.setCanary).toHaveBeenCalledTimes(1);
    expect(api.setCanary).toHaveBeenCalledWith('mfe_study', {
      version: '1.9.0+eeeeeeee',
      percent: 5,
      roles: [],
      userIds: [],
    });
    expect(toastSuccess).toHaveBeenCalledWith('Canary started: 5% of users get mfe_study 1.9.0+eeeeeeee');
    await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));
  });

  it('starts a canary for a cohort alone: 0% plus roles and user ids', async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    await openConsole();
    const form = screen.getByRole('form', { name: 'Canary of mfe_study' });
    const cohort = within(form).getByRole('group', { name: 'Always include' });
    expect(
      within(cohort)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['User', 'Admin', 'Super Admin']);
    expect(
      within(cohort)
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true);

    await user.clear(within(form).getByLabelText('Share of users (%)'));
    await user.type(within(form).getByLabelText('Share of users (%)'), '0');
    // Ticked out of order: sent in the roles' own order.
    await user.click(within(cohort).getByRole('checkbox', { name: 'Super Admin' }));
    await user.click(within(cohort).getByRole('checkbox', { name: 'Admin' }));
    await user.type(within(form).getByLabelText('User ids (comma separated)'), '7, 8 7');
    await user.click(within(form).getByRole('button', { name: 'Start canary of mfe_study' }));

    expect(api.setCanary).toHaveBeenCalledWith('mfe_study', {
      version: '1.9.0+eeeeeeee',
      percent: 0,
      roles: ['admin', 'super_admin'],
      userIds: [7, 8],
    });
    expect(toastSuccess).toHaveBeenCalledWith('Canary of mfe_study 1.9.0+eeeeeeee: 0% of users and the cohort');
    await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));
  });

  it('refuses a 0% canary with nobody in its cohort, and user ids that are not ids', async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    await openConsole();
    const form = screen.getByRole('form', { name: 'Canary of mfe_study' });
    const percent = within(form).getByLabelText('Share of users (%)');
    const ids = within(form).getByLabelText('User ids (comma separated)');

    await user.clear(percent);
    await user.type(percent, '0');
    await user.click(within(form).getByRole('button', { name: 'Start canary of mfe_study' }));

    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Give a share above 0, a role or a user id (End canary stops it).',
    );
    expect(percent).toHaveAccessibleDescription('Give a share above 0, a role or a user id (End canary stops it).');

    await user.type(ids, '7, seven');
    await user.click(within(form).getByRole('button', { name: 'Start canary of mfe_study' }));

    expect(within(form).getByRole('alert')).toHaveTextContent('Enter user ids as whole numbers separated by commas.');
    expect(ids).toHaveAttribute('aria-invalid', 'true');
    expect(ids).toHaveAccessibleDescription('Enter user ids as whole numbers separated by commas.');
    expect(api.setCanary).not.toHaveBeenCalled();
  });

  it('updates a running canary from its current values, and ends it', async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    await openConsole();
    const form = screen.getByRole('form', { name: 'Canary of mfe_cards' });

    const version = within(form).getByLabelText<HTMLSelectElement>('Canary version');
    expect(version.value).toBe('1.2.0+cccccccc');
    expect(
      within(version)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1.2.0+cccccccc', '1.0.0+aaaaaaaa']);
    const percent = within(form).getByLabelText('Share of users (%)');
    expect(percent).toHaveValue(25);
    // The running cohort: admins and user 42.
    expect(within(form).getByRole('checkbox', { name: 'Admin' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'User' })).not.toBeChecked();
    expect(within(form).getByLabelText('User ids (comma separated)')).toHaveValue('42');

    await user.clear(percent);
    await user.type(percent, '50');
    await user.click(within(form).getByRole('checkbox', { name: 'Admin' }));
    await user.clear(within(form).getByLabelText('User ids (comma separated)'));
    await user.click(within(form).getByRole('button', { name: 'Update canary of mfe_cards' }));

    expect(api.setCanary).toHaveBeenLastCalledWith('mfe_cards', {
      version: '1.2.0+cccccccc',
      percent: 50,
      roles: [],
      userIds: [],
    });
    expect(toastSuccess).toHaveBeenLastCalledWith('Canary updated: 50% of users get mfe_cards 1.2.0+cccccccc');
    await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(2));

    await user.click(
      within(screen.getByRole('form', { name: 'Canary of mfe_cards' })).getByRole('button', {
        name: 'End canary of mfe_cards',
      }),
    );

    expect(api.setCanary).toHaveBeenLastCalledWith('mfe_cards', { percent: 0, roles: [], userIds: [] });
    expect(toastSuccess).toHaveBeenLastCalledWith('Canary of mfe_cards ended');
    await waitFor(() => expect(api.overview).toHaveBeenCalledTimes(3));
  });

  it('refuses a share outside 0-100 without calling the API', async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    await openConsole();
    const form = screen.getByRole('form', { name: 'Canary of mfe_study' });
    const percent = within(form).getByLabelText('Share of users (%)');

    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(within(form).getByRole('button', { name: 'Start canary of mfe_study' }));

    expect(within(form).getByRole('alert')).toHaveTextContent('Enter a whole number from 0 to 100.');
    expect(percent).toHaveAttribute('aria-invalid', 'true');
    expect(percent).toHaveAccessibleDescription('Enter a whole number from 0 to 100.');
    expect(api.setCanary).not.toHaveBeenCalled();
  });

  it('makes a preview link of a waiting release and shows its whole address, a Copy button and its expiry', async () => {
    signInAs('super_admin');
    const user = userEvent.setup();
    const cards = await openConsole();
    // Only waiting releases (neither active nor canary) get one.
    expect(
      within(row(releasesOf('mfe_cards'), '1.2.0+cccccccc')).queryByRole('button', { name: /preview link/ }),
    ).not.toBeInTheDocument();
    expect(within(row(releasesOf('mfe_cards'), '1.1.0+bbbbbbbb')).queryByRole('button')).not.toBeInTheDocument();

    const button = within(row(releasesOf('mfe_cards'), '1.0.0+aaaaaaaa')).getByRole('button', {
      name: 'Create a preview link of mfe_cards 1.0.0+aaaaaaaa',
    });
    expect(button).toHaveTextContent(/^Preview link$/);
    await user.click(button);

    expect(api.createPreview).toHaveBeenCalledWith('mfe_cards', '1.0.0+aaaaaaaa');
    const previews = await within(cards).findByRole('region', { name: 'Preview links mfe_cards' });
    const link = within(previews).getByLabelText('Preview link of 1.0.0+aaaaaaaa');
    expect(link).toHaveValue(`${window.location.origin}/api/platform/previews/pv_abc123`);
    expect(link).toHaveAttribute('readonly');
    expect(
      within(previews)
        .getByText(/^Expires/)
        .querySelector('time'),
    ).toHaveAttribute('datetime', '2025-01-12T09:00:00.000Z');
    expect(toastSuccess).toHaveBeenCalledWith('Preview link of mfe_cards 1.0.0+aaaaaaaa created');

    await user.click(within(previews).getByRole('button', { name: 'Copy Preview link of 1.0.0+aaaaaaaa' }));

    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/api/platform/previews/pv_abc123`);
    expect(within(previews).getByRole('button', { name: 'Copy Preview link of 1.0.0+aaaaaaaa' })).toHaveTextContent(
      'Copied',
    );
    expect(api.overview).toHaveBeenCalledTimes(1);
  });

  it('shows an admin everything read-only, without a single change control', async () => {
    signInAs('admin');

    const cards = await openConsole();

    expect(screen.getAllByRole('note').map((note) => note.textContent)).toEqual([
      'Read only: only super admins can change the registry.',
      'Read only: only super admins register or remove services.',
      'Only super admins can see and manage deploy tokens.',
    ]);
    expect(rowsOf(releasesOf('mfe_cards'))).toHaveLength(3);
    expect(within(releasesOf('mfe_cards')).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(within(row(releasesOf('mfe_cards'), '1.2.0+cccccccc')).getByText('Canary 25%')).toBeInTheDocument();
    expect(within(cards).getByRole('table', { name: /^Health of mfe_cards/ })).toHaveTextContent('7.5%');
    // The token list is super admin only: never asked for.
    expect(api.tokens).not.toHaveBeenCalled();
    expect(screen.getByRole('list', { name: 'Audit log' })).toBeInTheDocument();

    for (const region of [cards, screen.getByRole('region', { name: 'mfe_study' })]) {
      expect(within(region).queryByRole('button')).not.toBeInTheDocument();
      expect(within(region).queryByRole('form')).not.toBeInTheDocument();
      expect(within(region).queryByRole('spinbutton')).not.toBeInTheDocument();
    }
    // The only buttons on the screen load again: the overview, and the services' health.
    await screen.findByText('No service is registered yet.');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Refresh', 'Check again']);
  });

  it('tells a plain user Access Denied and never asks for the registry', () => {
    signInAs('user');

    renderAdminApp('/admin/platform');

    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.overview).not.toHaveBeenCalled();
  });

  it('shows an error with a Retry that loads again', async () => {
    signInAs('admin');
    const user = userEvent.setup();
    api.overview.mockRejectedValueOnce(new Error('Network Error'));

    renderAdminApp('/admin/platform');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the platform registry.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('table', { name: 'Releases of mfe_cards' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.overview).toHaveBeenCalledTimes(2);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('is reached from the admin dashboard and leads back to it', async () => {
    signInAs('admin');
    const user = userEvent.setup();
    renderAdminApp('/admin');

    await user.click(screen.getByRole('link', { name: 'Platform console' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/platform$/);
    expect(await screen.findByRole('table', { name: 'Releases of mfe_cards' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Admin dashboard' }));

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
  });
});

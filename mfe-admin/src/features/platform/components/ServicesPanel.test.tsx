// The console's Services section against the real contract calls and client (mockKernel answers
// the API from a table), so the paths, methods and bodies are the ones the API receives.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import type { RegisterServiceBody, Service, ServiceEvent, ServiceHealth } from '@flashcard/api-contract';
import { mockKernel, type MockKernel } from '@flashcard/shared-auth/testing';
import { renderAdminApp } from '../../../test/render';
import {
  makeOverview,
  makeService,
  makeServiceEvent,
  makeServiceHealth,
  makeServiceStatus,
} from '../../../test/platform';

const TAKEN = 'A service named quiz is already registered: remove it first to change its address';

let kernel: MockKernel;
let services: Service[];
let events: ServiceEvent[];
let health: Map<string, ServiceHealth>;

function start(role: 'admin' | 'super_admin') {
  services = [
    makeService('legacy', { url: 'https://legacy.internal/api', createdAt: '2025-01-09T09:00:00.000Z' }),
    makeService('quiz', { remotes: ['mfe_cards'], createdBy: 'user:ops@example.com' }),
  ];
  events = [
    makeServiceEvent(3, { service: 'old', action: 'remove', url: 'http://old-svc:80', remotes: ['mfe_study'] }),
    makeServiceEvent(2, { service: 'legacy', url: 'https://legacy.internal/api' }),
    makeServiceEvent(1, { remotes: ['mfe_cards'], actor: 'user:ops@example.com' }),
  ];
  health = new Map([
    ['quiz', makeServiceHealth()],
    [
      'legacy',
      makeServiceHealth({
        circuit: 'open',
        consecutiveFailures: 5,
        lastFailure: { at: '2025-01-11T08:00:00.000Z', reason: 'refused' },
        probe: { reachable: false, ok: false, status: null, latencyMs: 2, error: 'connection refused' },
      }),
    ],
  ]);
  const statusOf = (name: string) => () => {
    const service = services.find((one) => one.name === name);
    return service
      ? { status: 200, data: makeServiceStatus(service, health.get(name)) }
      : { status: 404, data: { error: `No service named ${name}` } };
  };
  kernel = mockKernel({
    user: { role },
    api: {
      'GET /platform/remotes': { status: 200, data: makeOverview() },
      'GET /platform/tokens': { status: 200, data: [] },
      'GET /platform/services': () => ({ status: 200, data: { services, events } }),
      'GET /platform/services/quiz': statusOf('quiz'),
      'GET /platform/services/legacy': statusOf('legacy'),
      'GET /platform/services/grades': statusOf('grades'),
      'POST /platform/services': (config) => {
        const body = JSON.parse(String(config.data)) as RegisterServiceBody;
        if (services.some((service) => service.name === body.name)) return { status: 409, data: { error: TAKEN } };
        const service = makeService(body.name, { url: body.url, remotes: body.remotes ?? [] });
        services = [...services, service];
        health.set(
          body.name,
          makeServiceHealth({ probe: { ...makeServiceHealth().probe, status: 200, latencyMs: 41 } }),
        );
        events = [makeServiceEvent(4, { service: body.name, url: body.url, remotes: body.remotes ?? [] }), ...events];
        return { status: 201, data: service };
      },
      'DELETE /platform/services/legacy': () => {
        services = services.filter((service) => service.name !== 'legacy');
        events = [
          makeServiceEvent(5, { service: 'legacy', action: 'remove', url: 'https://legacy.internal/api' }),
          ...events,
        ];
        return { status: 204 };
      },
    },
  });
}

beforeEach(() => {
  jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

afterEach(() => {
  kernel.restore();
  jest.restoreAllMocks();
});

const openPanel = () => {
  renderAdminApp('/admin/platform');
  return screen.findByRole('region', { name: 'Services' });
};

const table = (panel: HTMLElement) => within(panel).findByRole('table', { name: 'Registered services' });
const rowOf = (panel: HTMLElement, name: string) =>
  within(panel).getByText(name, { selector: '.platform-service-name' }).closest('tr')!;
/** A cell's text as a desktop shows it: without what only a phone shows (folded columns). */
function cellText(cell: Element): string {
  const copy = cell.cloneNode(true) as Element;
  copy.querySelectorAll('.platform-row-meta').forEach((meta) => meta.remove());
  return copy.textContent ?? '';
}
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td')).map(cellText);
/** Waits until the row shows its service's health (the probe's badge). */
const checked = (row: HTMLElement) => waitFor(() => expect(row.querySelector('td .badge')).not.toBeNull());
/** The requests sent as `request` ('POST /platform/services'), with their bodies. */
const sent = (request: string) => kernel.calls.filter((_, index) => kernel.requests()[index] === request);

describe('Services', () => {
  it('lists each service with its address, remotes, reachability and circuit, and the recent changes', async () => {
    start('super_admin');
    const panel = await openPanel();
    const services = await table(panel);

    expect(
      within(services)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Service', 'Address', 'Remotes', 'Reachable', 'Circuit', 'Actions']);

    const quiz = rowOf(panel, 'quiz');
    await checked(quiz);
    expect(cells(quiz)).toEqual([
      expect.stringMatching(/^quizRegistered .* by ops@example\.com$/),
      'http://quiz-svc:4100',
      'mfe_cards',
      // This API server's calls of the last 5 minutes follow the probe.
      'UpHTTP 204 in 3 msLast 5 min: 12 calls, 8.3% failed, p95 40 ms',
      'Closed0 failures in a row',
      'Remove',
    ]);
    expect(quiz.querySelector('th time')).toHaveAttribute('datetime', '2025-01-08T09:30:00.000Z');

    const legacy = rowOf(panel, 'legacy');
    await checked(legacy);
    expect(cells(legacy).slice(1, 5)).toEqual([
      'https://legacy.internal/api',
      'none',
      'Downconnection refused after 2 msLast 5 min: 12 calls, 8.3% failed, p95 40 ms',
      expect.stringMatching(/^Open5 failures in a rowLast: connection refused, .+$/),
    ]);
    expect(legacy.querySelectorAll('td')[3].querySelector('time')).toHaveAttribute(
      'datetime',
      '2025-01-11T08:00:00.000Z',
    );
    // A phone reads the address, remotes and circuit folded into the other cells.
    expect(legacy.querySelector('th .platform-row-meta')).toHaveTextContent('https://legacy.internal/apiRemotes: none');
    expect(legacy.querySelectorAll('td')[2].querySelector('.platform-row-meta')).toHaveTextContent(
      /^CircuitOpen5 failures in a row/,
    );
    // Each service asked once, by name.
    expect(
      kernel
        .requests()
        .filter((request) => request.startsWith('GET /platform/services/'))
        .sort(),
    ).toEqual(['GET /platform/services/legacy', 'GET /platform/services/quiz']);

    const changes = within(panel).getByRole('list', { name: 'Recent changes' });
    const items = within(changes).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.row')!.textContent)).toEqual([
      'oldRemoved',
      'legacyRegistered',
      'quizRegistered',
    ]);
    expect(items[0]).toHaveTextContent('http://old-svc:80 · remotes: mfe_study');
    expect(items[2]).toHaveTextContent(/by ops@example\.com$/);
    expect(items[0].querySelector('time')).toHaveAttribute('datetime', '2025-01-03T10:00:00.000Z');
  });

  it('registers a service with the remotes ticked, then lists it checked', async () => {
    start('super_admin');
    const user = userEvent.setup();
    const panel = await openPanel();
    await table(panel);
    const form = within(panel).getByRole('form', { name: 'Register a service' });

    // Refused in the page first: nothing is sent.
    await user.type(within(form).getByLabelText('Name'), 'Grades');
    await user.type(within(form).getByLabelText('Address'), 'ftp://grades-svc');
    await user.click(within(form).getByRole('button', { name: 'Register service' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
      /2 to 40 lower case letters, digits or hyphens/,
    );
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(within(form).getByLabelText('Address')).toHaveAccessibleDescription(
      /The address must start with http:\/\/ or https:\/\/\.$/,
    );
    expect(sent('POST /platform/services')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'grades');
    await user.clear(within(form).getByLabelText('Address'));
    await user.type(within(form).getByLabelText('Address'), ' http://grades-svc:4200/v1 ');
    await user.click(within(form).getByRole('checkbox', { name: 'mfe_study' }));
    await user.click(within(form).getByRole('checkbox', { name: 'mfe_cards' }));
    await user.click(within(form).getByRole('button', { name: 'Register service' }));

    await waitFor(() => expect(sent('POST /platform/services')).toHaveLength(1));
    expect(JSON.parse(String(sent('POST /platform/services')[0].data))).toEqual({
      name: 'grades',
      url: 'http://grades-svc:4200/v1',
      remotes: ['mfe_cards', 'mfe_study'],
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Service "grades" registered'));
    const grades = await waitFor(() => rowOf(panel, 'grades'));
    await checked(grades);
    expect(cells(grades)[3]).toMatch(/^UpHTTP 200 in 41 ms/);
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(within(form).getByRole('checkbox', { name: 'mfe_study' })).not.toBeChecked();
  });

  it("shows the API's reason when it refuses a registration, and keeps what was typed", async () => {
    start('super_admin');
    const user = userEvent.setup();
    const panel = await openPanel();
    await table(panel);
    const form = within(panel).getByRole('form', { name: 'Register a service' });

    await user.type(within(form).getByLabelText('Name'), 'quiz');
    await user.type(within(form).getByLabelText('Address'), 'http://quiz-v2:4100');
    await user.click(within(form).getByRole('button', { name: 'Register service' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith(`Could not register "quiz": ${TAKEN}`, expect.anything()),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(within(form).getByLabelText('Address')).toHaveValue('http://quiz-v2:4100');
    expect(within(form).getByRole('button', { name: 'Register service' })).toBeEnabled();
  });

  it('removes a service only after confirming, then lists it as removed', async () => {
    start('super_admin');
    const user = userEvent.setup();
    const panel = await openPanel();
    await table(panel);
    await checked(rowOf(panel, 'legacy'));

    await user.click(within(panel).getByRole('button', { name: 'Remove the service legacy' }));
    let dialog = within(panel).getByRole('alertdialog', { name: 'Confirm removing' });
    expect(dialog).toHaveAccessibleDescription(
      'Remove the service "legacy"? Calls to it answer 404 at once, on every server.',
    );
    // The safe choice has the focus; cancelling gives it back to Remove and sends nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(panel).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Remove the service legacy' })).toHaveFocus();
    expect(kernel.requests()).not.toContain('DELETE /platform/services/legacy');

    await user.click(within(panel).getByRole('button', { name: 'Remove the service legacy' }));
    dialog = within(panel).getByRole('alertdialog', { name: 'Confirm removing' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Service "legacy" removed'));
    expect(kernel.requests().filter((request) => request === 'DELETE /platform/services/legacy')).toHaveLength(1);
    await waitFor(() =>
      expect(within(panel).queryByText('legacy', { selector: '.platform-service-name' })).not.toBeInTheDocument(),
    );
    const changes = within(panel).getByRole('list', { name: 'Recent changes' });
    expect(within(changes).getAllByRole('listitem')[0].querySelector('.row')).toHaveTextContent('legacyRemoved');
  });

  it('shows admins everything read-only: no form, no Remove, and says why', async () => {
    start('admin');
    const panel = await openPanel();
    const services = await table(panel);
    await checked(rowOf(panel, 'quiz'));

    expect(within(panel).getByRole('note')).toHaveTextContent(
      'Read only: only super admins register or remove services.',
    );
    expect(within(services).getAllByRole('columnheader')).toHaveLength(5);
    expect(cells(rowOf(panel, 'quiz'))[1]).toBe('http://quiz-svc:4100');
    expect(within(panel).queryByRole('form')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'Recent changes' })).toBeInTheDocument();
    expect(kernel.requests().some((request) => !request.startsWith('GET '))).toBe(false);
  });

  it('says so in the row when a health read fails, without a toast, and checks again on Retry', async () => {
    start('super_admin');
    kernel.on('GET /platform/services/quiz', { status: 502, data: { error: 'Bad gateway' } });
    const user = userEvent.setup();
    const panel = await openPanel();
    await table(panel);

    const quiz = rowOf(panel, 'quiz');
    await within(quiz).findByText('Could not check');
    expect(toast.error).not.toHaveBeenCalled();
    await checked(rowOf(panel, 'legacy'));

    kernel.on('GET /platform/services/quiz', { status: 200, data: makeServiceStatus(services[1]) });
    await user.click(within(quiz).getByRole('button', { name: 'Retry quiz' }));
    await checked(quiz);
    expect(cells(quiz)[3]).toMatch(/^UpHTTP 204 in 3 ms/);
  });

  it('checks every service again on Check again, keeping the last answer shown meanwhile', async () => {
    start('super_admin');
    const user = userEvent.setup();
    const panel = await openPanel();
    await table(panel);
    const legacy = rowOf(panel, 'legacy');
    await checked(legacy);

    let answer: (reply: { status: number; data: unknown }) => void = () => undefined;
    kernel.on('GET /platform/services/legacy', () => new Promise((resolve) => (answer = resolve)));
    await user.click(within(panel).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(rowOf(panel, 'legacy')).toHaveAttribute('aria-busy', 'true'));
    expect(cells(rowOf(panel, 'legacy'))[3]).toMatch(/^Downconnection refused after 2 ms/);

    answer({
      status: 200,
      data: makeServiceStatus(services[0], makeServiceHealth({ circuit: 'half-open', consecutiveFailures: 5 })),
    });
    await waitFor(() => expect(cells(rowOf(panel, 'legacy'))[3]).toMatch(/^UpHTTP 204 in 3 ms/));
    expect(cells(rowOf(panel, 'legacy'))[4]).toBe('Half-open5 failures in a row');
    expect(rowOf(panel, 'legacy')).not.toHaveAttribute('aria-busy');
    expect(kernel.requests().filter((request) => request === 'GET /platform/services/legacy')).toHaveLength(2);
  });

  it("checks the services again on the console's own Refresh too", async () => {
    start('admin');
    const user = userEvent.setup();
    const panel = await openPanel();
    await table(panel);
    await checked(rowOf(panel, 'quiz'));

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() =>
      expect(kernel.requests().filter((request) => request === 'GET /platform/services/quiz')).toHaveLength(2),
    );
    expect(kernel.requests().filter((request) => request === 'GET /platform/services')).toHaveLength(2);
    expect(kernel.requests().filter((request) => request === 'GET /platform/remotes')).toHaveLength(2);
  });
});

const { main, parseArgs, previousVersion } = require('./platform-cli');

const STATUS = {
  name: 'mfe_quiz',
  activeVersion: '0.2.0+bbbbbbbb',
  canary: { version: '0.3.0+cccccccc', percent: 10, roles: ['admin'], userIds: [7] },
  releases: [
    { version: '0.3.0+cccccccc', publishedAt: '2030-01-03T00:00:00.000Z', publishedBy: 'token:quiz ci' },
    { version: '0.2.5+dddddddd', publishedAt: '2030-01-02T12:00:00.000Z', publishedBy: 'token:quiz ci' },
    { version: '0.2.0+bbbbbbbb', publishedAt: '2030-01-02T00:00:00.000Z', publishedBy: 'token:quiz ci' },
  ],
  health: [
    {
      version: '0.3.0+cccccccc',
      servedUsers: 4,
      failedUsers: 1,
      failureRate: 0.25,
      loadFailures: 1,
      renderErrors: 0,
      lcpP75: 1830.4,
      inpP75: 96,
      clsP75: 0.0123,
      lastMessage: 'x',
      lastAt: 'y',
    },
  ],
  halted: { version: '0.1.9+eeeeeeee', at: '2030-01-01T00:00:00.000Z', message: '10 of 10 failed' },
  events: [
    {
      at: '2030-01-03T01:00:00.000Z',
      action: 'canary',
      fromVersion: null,
      toVersion: '0.3.0+cccccccc',
      percent: 10,
      actor: 'token:quiz ci',
      detail: 'roles admin; users 7',
    },
    {
      at: '2030-01-02T01:00:00.000Z',
      action: 'promote',
      fromVersion: '0.1.0+aaaaaaaa',
      toVersion: '0.2.0+bbbbbbbb',
      percent: null,
      actor: 'token:quiz ci',
      detail: null,
    },
  ],
};

/** A fetch that answers from a table of 'METHOD url' -> [status, payload], recording calls. */
function fakeFetch(table) {
  const calls = [];
  const fetchImpl = async (url, init) => {
    calls.push({
      url,
      method: init.method,
      body: init.body ? JSON.parse(init.body) : undefined,
      authorization: init.headers.Authorization,
    });
    const [status, payload] = table[`${init.method} ${url}`] || [404, { error: 'Not found' }];
    return { status, text: async () => JSON.stringify(payload) };
  };
  return { fetchImpl, calls };
}

async function run(argv, table) {
  const out = [];
  const err = [];
  const { fetchImpl, calls } = fakeFetch(table);
  const code = await main(argv, {
    env: { PLATFORM_URL: 'https://site.example/', PLATFORM_TOKEN: 'fcd_team' },
    stdout: (line) => out.push(line),
    stderr: (line) => err.push(line),
    fetchImpl,
  });
  return { code, out: out.join('\n'), err: err.join('\n'), calls };
}

const BASE = 'https://site.example/api/platform/remotes/mfe_quiz';

test('parses each command and refuses what it cannot do', () => {
  expect(
    parseArgs(['canary', 'mfe_quiz', '0.3.0+c', '0', '--roles', 'admin,super_admin', '--users', '3, 40']),
  ).toMatchObject({
    command: 'canary',
    remote: 'mfe_quiz',
    version: '0.3.0+c',
    percent: 0,
    roles: ['admin', 'super_admin'],
    userIds: [3, 40],
  });
  expect(parseArgs(['canary', 'mfe_quiz', 'off'])).toMatchObject({ off: true, percent: 0 });
  expect(parseArgs(['rollback', 'mfe_quiz'])).toMatchObject({ command: 'rollback', version: undefined });
  expect(() => parseArgs(['canary', 'mfe_quiz', 'v', '101'])).toThrow(/percent 0-100/);
  expect(() => parseArgs(['canary', 'mfe_quiz', 'v', '5', '--roles', 'owner'])).toThrow('Unknown role owner');
  expect(() => parseArgs(['canary', 'mfe_quiz', 'v', '5', '--users', 'ada'])).toThrow('ada is not a user id');
  expect(() => parseArgs(['status'])).toThrow('status needs a remote');
  expect(() => parseArgs(['deploy', 'mfe_quiz'])).toThrow('Unknown command deploy');
  expect(() => parseArgs(['promote', 'mfe_quiz'])).toThrow('promote needs the remote and one version');
});

test('status prints active, canary with its cohort, the halt, waiting releases, health and the audit', async () => {
  const { code, out, calls } = await run(['status', 'mfe_quiz'], { [`GET ${BASE}`]: [200, STATUS] });
  expect(code).toBe(0);
  expect(calls).toEqual([{ url: BASE, method: 'GET', body: undefined, authorization: 'Bearer fcd_team' }]);
  expect(out).toContain('  active   0.2.0+bbbbbbbb  (published 2030-01-02T00:00:00.000Z by token:quiz ci)');
  expect(out).toContain('  canary   0.3.0+cccccccc  (10% + roles admin + users 7)');
  expect(out).toContain('  HALTED   0.1.9+eeeeeeee at 2030-01-01T00:00:00.000Z: 10 of 10 failed');
  expect(out).toContain('  waiting  0.2.5+dddddddd');
  expect(out).not.toContain('waiting  0.3.0+cccccccc');
  expect(out).toContain('    0.3.0+cccccccc  4  1  25%  1  0  1830.4 ms  96 ms  0.012');
  expect(out).toContain('canary  0.3.0+cccccccc  10%  by token:quiz ci  (roles admin; users 7)');
  const json = await run(['status', 'mfe_quiz', '--json'], { [`GET ${BASE}`]: [200, STATUS] });
  expect(JSON.parse(json.out)).toEqual(STATUS);
});

test('rollback without a version goes back to the version active before, as the audit says', async () => {
  expect(previousVersion(STATUS)).toBe('0.1.0+aaaaaaaa');
  const { code, out, calls } = await run(['rollback', 'mfe_quiz'], {
    [`GET ${BASE}`]: [200, STATUS],
    [`POST ${BASE}/promote`]: [200, { ...STATUS, activeVersion: '0.1.0+aaaaaaaa' }],
  });
  expect(code).toBe(0);
  expect(calls[1]).toMatchObject({ method: 'POST', url: `${BASE}/promote`, body: { version: '0.1.0+aaaaaaaa' } });
  expect(out).toBe('mfe_quiz: rolled back to 0.1.0+aaaaaaaa');
  const nothing = await run(['rollback', 'mfe_quiz'], { [`GET ${BASE}`]: [200, { ...STATUS, events: [] }] });
  expect(nothing.code).toBe(1);
  expect(nothing.err).toMatch(/no earlier active version/);
});

test("canary, preview and the server's refusals", async () => {
  const canary = await run(['canary', 'mfe_quiz', '0.3.0+cccccccc', '0', '--roles', 'admin'], {
    [`POST ${BASE}/canary`]: [200, STATUS],
  });
  expect(canary.calls[0].body).toEqual({ version: '0.3.0+cccccccc', percent: 0, roles: ['admin'] });
  expect(canary.out).toBe('canary   0.3.0+cccccccc  (10% + roles admin + users 7)');
  const off = await run(['canary', 'mfe_quiz', 'off'], { [`POST ${BASE}/canary`]: [200, { ...STATUS, canary: null }] });
  expect(off.calls[0].body).toEqual({ percent: 0 });
  expect(off.out).toBe('mfe_quiz: no canary');
  const preview = await run(['preview', 'mfe_quiz', '0.2.5+dddddddd'], {
    [`POST ${BASE}/previews`]: [
      201,
      {
        url: '/api/platform/previews/fcp_x',
        remote: 'mfe_quiz',
        version: '0.2.5+dddddddd',
        expiresAt: '2030-01-04T00:00:00.000Z',
      },
    ],
  });
  expect(preview.out).toBe(
    'https://site.example/api/platform/previews/fcp_x  (mfe_quiz 0.2.5+dddddddd, open it signed in; expires 2030-01-04T00:00:00.000Z)',
  );
  const refused = await run(['promote', 'mfe_cards', '1.0.0+a'], {
    'POST https://site.example/api/platform/remotes/mfe_cards/promote': [
      403,
      { error: 'The deploy token "quiz ci" may change mfe_quiz, not mfe_cards' },
    ],
  });
  expect(refused.code).toBe(1);
  expect(refused.err).toBe(
    'promote mfe_cards refused (403): The deploy token "quiz ci" may change mfe_quiz, not mfe_cards',
  );
  const noToken = await main(['status', 'mfe_quiz'], { env: {}, stdout: () => {}, stderr: () => {} });
  expect(noToken).toBe(1);
});

const SERVICES = 'https://site.example/api/platform/services';
const SERVICE_STATUS = {
  name: 'quiz',
  url: 'http://quiz-svc:4100',
  remotes: ['mfe_quiz'],
  createdBy: 'user:ops@example.com',
  createdAt: '2030-01-01T00:00:00.000Z',
  health: {
    circuit: 'open',
    consecutiveFailures: 5,
    lastFailure: { at: '2030-01-02T00:00:00.000Z', reason: 'timeout' },
    probe: { reachable: false, ok: false, status: null, latencyMs: 2001, error: 'no answer within 2000 ms' },
  },
  events: [
    {
      id: 1,
      service: 'quiz',
      action: 'register',
      url: 'http://quiz-svc:4100',
      remotes: ['mfe_quiz'],
      actor: 'user:ops@example.com',
      at: '2030-01-01T00:00:00.000Z',
    },
  ],
};

test('parses the service commands and refuses what they cannot do', () => {
  expect(parseArgs(['service', 'add', 'quiz', 'http://quiz-svc:4100', '--remote', 'mfe_quiz,mfe_x'])).toMatchObject({
    command: 'service',
    action: 'add',
    service: 'quiz',
    url: 'http://quiz-svc:4100',
    remotes: ['mfe_quiz', 'mfe_x'],
  });
  expect(parseArgs(['service', 'list', '--json'])).toMatchObject({ command: 'service', action: 'list', json: true });
  expect(parseArgs(['service', 'remove', 'quiz'])).toMatchObject({ action: 'remove', service: 'quiz' });
  expect(() => parseArgs(['service'])).toThrow('service needs add, list, status or remove');
  expect(() => parseArgs(['service', 'add', 'quiz'])).toThrow('service add needs a name and a url');
  expect(() => parseArgs(['service', 'rename', 'quiz'])).toThrow('Unknown service command rename');
  expect(() => parseArgs(['service', 'remove', 'quiz', '--remote', 'mfe_quiz'])).toThrow(
    '--remote is an option of service add',
  );
  expect(() => parseArgs(['status', 'mfe_quiz', '--remote', 'mfe_quiz'])).toThrow('--remote is an option');
});

test('service add, list, status and remove call /api/platform/services and print what holds', async () => {
  const added = await run(['service', 'add', 'quiz', 'http://quiz-svc:4100', '--remote', 'mfe_quiz'], {
    [`POST ${SERVICES}`]: [201, { ...SERVICE_STATUS, health: undefined, events: undefined }],
  });
  expect(added.calls[0].body).toEqual({ name: 'quiz', url: 'http://quiz-svc:4100', remotes: ['mfe_quiz'] });
  expect(added.out).toBe('quiz: /api/services/quiz/* goes to http://quiz-svc:4100');

  const listed = await run(['service', 'list'], {
    [`GET ${SERVICES}`]: [200, { services: [SERVICE_STATUS], events: [] }],
  });
  expect(listed.out).toBe(
    'quiz  http://quiz-svc:4100  remotes: mfe_quiz  (by user:ops@example.com at 2030-01-01T00:00:00.000Z)',
  );
  const empty = await run(['service', 'list'], { [`GET ${SERVICES}`]: [200, { services: [], events: [] }] });
  expect(empty.out).toBe('No services registered');

  const shown = await run(['service', 'status', 'quiz'], { [`GET ${SERVICES}/quiz`]: [200, SERVICE_STATUS] });
  expect(shown.out.split('\n')).toEqual([
    'quiz  http://quiz-svc:4100',
    '  remotes  mfe_quiz',
    '  probe    unreachable: no answer within 2000 ms',
    '  circuit  open (5 failures in a row, last timeout at 2030-01-02T00:00:00.000Z)',
    '  recent changes:',
    '    2030-01-01T00:00:00.000Z  register  http://quiz-svc:4100  by user:ops@example.com',
  ]);

  const removed = await run(['service', 'remove', 'quiz'], { [`DELETE ${SERVICES}/quiz`]: [204, ''] });
  expect(removed).toMatchObject({ code: 0, out: 'quiz: removed' });
  const refused = await run(['service', 'add', 'quiz', 'http://x:1'], {
    [`POST ${SERVICES}`]: [409, { error: 'A service named quiz is already registered' }],
  });
  expect(refused).toMatchObject({
    code: 1,
    err: 'service add quiz refused (409): A service named quiz is already registered',
  });
});

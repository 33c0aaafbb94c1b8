// The browser tests' one set-up. A test file calls `testSite()` once: before its tests the built
// product (the same server `npm start` runs) starts on a free port with its own temporary data
// folder (and so its own registry of remotes, seeded from the built remotes) and Debian's
// Chromium is launched (playwright-core); after them both stop. The site opens browser sessions
// (signed up or signed in), makes accounts and calls the API. Below it: what several test files
// need beside it (a command's output, a scratch workspace for scaffolds, a static server).
import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { Configuration } from 'webpack';

export const ROOT = join(__dirname, '..', '..');
const SERVER = join(ROOT, 'api', 'dist', 'server.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Product {
  url: string;
  /** `npm run set-role` against this product's database. */
  setRole(email: string, role: 'user' | 'admin' | 'super_admin'): Promise<void>;
  /** `npm run deploy-token` against this product's database: a new token for `remotes` only. */
  deployToken(label: string, remotes: string[]): Promise<string>;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run "node scripts/build.mjs" first`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'flashcards-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${url}/api/health`)).ok, 30_000, 'the server to answer /api/health');
  return {
    url,
    dataDir,
    setRole: async (email, role) => {
      await runNpm(['run', '--silent', 'set-role', '--', email, role], dataDir);
    },
    deployToken: async (label, remotes) =>
      (
        await runNpm(
          ['run', '--silent', 'deploy-token', '--', label, ...remotes.flatMap((name) => ['--remote', name])],
          dataDir,
        )
      ).trim(),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An npm script of the repository against this product's database; resolves with its stdout. */
function runNpm(args: string[], dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const cli = spawn('npm', args, {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    cli.stdout!.on('data', (chunk) => (out += chunk));
    cli.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`npm ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Polls `check` (a throw counts as "not yet") until it holds; fails after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
}

/**
 * A browser with a profile of its own on disk, as a learner's is (the contexts of `launchBrowser`
 * are off the record, where Chromium installs no app). Removed with `close()`.
 */
export async function launchProfile(baseURL: string): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'flashcards-profile-'));
  const context = await chromium.launchPersistentContext(folder, {
    executablePath: CHROMIUM,
    args: BROWSER_ARGS,
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors: a test fails if the app throws. */
  errors: Error[];
}

/** A new browser context on `baseURL` (a desktop's 1280x800 unless `options` say otherwise). */
export async function newSession(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (err) => errors.push(err));
  return { context, page, errors };
}

/** A session of a learner who signed up in it, and their e-mail. */
export type Learner = Session & { email: string };

let counter = 0;
export function uniqueEmail(prefix = 'learner'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

export const PASSWORD = 'correct-horse-7';

/** Waits until the site's service worker is active and controls `page` (a reload after its first install). */
export async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * The release folders (`/remotes/<name>/<version>/`) the site's service worker keeps whole, as it
 * answers `REMOTES_STATUS` once the caching the page asked for has ended.
 */
export function releasesKept(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise<string[]>((resolve) => {
      channel.port1.onmessage = (event: MessageEvent<{ releases: string[] }>) => resolve(event.data.releases);
    });
    registration.active!.postMessage({ type: 'REMOTES_STATUS' }, [channel.port2]);
    return answer;
  });
}

/** Signs up through the UI and waits for the dashboard. */
export async function signUp(page: Page, email = uniqueEmail(), password = PASSWORD): Promise<string> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: /create account/i }).click();
  await page.waitForURL('**/dashboard');
  return email;
}

/** Fills in and sends the sign-in form the page shows. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * An access token of the page's session, for a test's own API calls. No page script can read
 * one (the kernel keeps it in memory, the refresh token is an HttpOnly cookie), so it is asked for
 * as the kernel does: a refresh through the cookie (page.request shares the browser context's
 * cookies, and takes the rotated one back).
 */
export async function accessToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/auth/refresh', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: {},
  });
  if (!response.ok())
    throw new Error(`refresh through the session cookie: ${response.status()} ${await response.text()}`);
  return (await response.json()).tokens.accessToken;
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}

function notStarted(): never {
  throw new Error('the site starts before the first test: use it inside tests and hooks');
}

/** An account made through the API, with the access token its registration answered. */
export interface Account {
  id: number;
  email: string;
  token: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer's shape is what the test reads of it
type Json = any;

/** What the API answered: the status and the body as JSON (null when empty, else its text if no JSON). */
export interface Answer<T = Json> {
  status: number;
  body: T;
}

/** A body as JSON; null when empty, the text itself when it is no JSON. */
function parsed(text: string): Json {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The product and a browser for one test file; see `testSite`. */
export class Site {
  private readonly running: { product?: Product; browser?: Browser } = {};

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    this.running.product = await startProduct(this.env);
    this.running.browser = await launchBrowser();
  }

  async stop(): Promise<void> {
    await this.running.browser?.close();
    await this.running.product?.stop();
  }

  get product(): Product {
    return this.running.product ?? notStarted();
  }

  get browser(): Browser {
    return this.running.browser ?? notStarted();
  }

  get url(): string {
    return this.product.url;
  }

  /** A new browser (context and page) on the site, signed out. */
  session(options?: BrowserContextOptions): Promise<Session> {
    return newSession(this.browser, this.url, options);
  }

  /** A learner who just signed up through the UI, in a browser of their own, on the dashboard. */
  async learner(email = uniqueEmail()): Promise<Learner> {
    const session = await this.session();
    await signUp(session.page, email);
    return { ...session, email };
  }

  /** A new browser signed in as `email` through the login page, on the dashboard. */
  async signedIn(email: string): Promise<Session> {
    const session = await this.session();
    await session.page.goto('/login');
    await signIn(session.page, email);
    await session.page.waitForURL('**/dashboard');
    return session;
  }

  /** An account made through the API (no browser): POST /auth/register. */
  async register({
    email = uniqueEmail(),
    displayName,
  }: { email?: string; displayName?: string } = {}): Promise<Account> {
    const { status, body } = await this.request(null, 'POST', '/auth/register', {
      email,
      password: PASSWORD,
      ...(displayName === undefined ? {} : { display_name: displayName }),
    });
    if (status !== 201) throw new Error(`register ${email}: ${status} ${JSON.stringify(body)}`);
    return { id: body.user.id, email, token: body.tokens.accessToken };
  }

  /** A new access token of `email`'s account (after a role change, one that carries the role). */
  async logIn(email: string, password = PASSWORD): Promise<string> {
    const { tokens } = await this.call(null, 'POST', '/auth/login', { email, password });
    return tokens.accessToken;
  }

  /** A call of the API (`path` under /api) as `token`'s account, or as nobody; any status. */
  async request<T = Json>(token: string | null, method: string, path: string, data?: unknown): Promise<Answer<T>> {
    const response = await fetch(`${this.url}/api${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(data === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    return { status: response.status, body: parsed(await response.text()) };
  }

  /** The same call, which must succeed (2xx): its answer's body. */
  async call<T = Json>(token: string | null, method: string, path: string, data?: unknown): Promise<T> {
    const { status, body } = await this.request<T>(token, method, path, data);
    if (status < 200 || status > 299) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(body)}`);
    return body;
  }

  /** `request` as the account the page is signed in to (a fresh token through its cookie). */
  async requestAs<T = Json>(page: Page, method: string, path: string, data?: unknown): Promise<Answer<T>> {
    return this.request<T>(await accessToken(page), method, path, data);
  }

  /** `call` as the account the page is signed in to. */
  async callAs<T = Json>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
    return this.call<T>(await accessToken(page), method, path, data);
  }

  /** Cards made through the API as the page's learner (POST /cards, each answered 201). */
  async createCards(page: Page, cards: Array<{ question: string; answer: string }>): Promise<void> {
    const token = await accessToken(page);
    for (const card of cards) {
      const { status, body } = await this.request(token, 'POST', '/cards', card);
      if (status !== 201) throw new Error(`POST /cards: ${status} ${JSON.stringify(body)}`);
    }
  }

  /** `npm run release` of a remote's folder to this site with a deploy token: the command's output. */
  release(folder: string, token: string, ...flags: string[]): Promise<string> {
    return run(process.execPath, [join(ROOT, 'platform-tools', 'bin', 'release.mjs'), folder, ...flags], {
      env: { PLATFORM_URL: this.url, PLATFORM_TOKEN: token },
    });
  }
}

/**
 * This test file's site: the product (started with `env` over the defaults) and a browser. Call
 * it first: they start before the file's own beforeAll hooks and stop before its own afterAll
 * hooks (jest runs a file's hooks in the order they were declared).
 */
export function testSite(env: Record<string, string> = {}): Site {
  const site = new Site(env);
  beforeAll(() => site.start());
  afterAll(() => site.stop());
  return site;
}

/** The version a release printed: "Released mfe_quiz 0.1.0+1a2b3c4d (active)". */
export function releasedVersion(output: string): string {
  const match = /Released \S+ (\S+)/.exec(output);
  if (!match) throw new Error(`unexpected release output: ${output}`);
  return match[1];
}

/**
 * Runs a command (in the repository unless `cwd`); resolves with what it printed, stdout and
 * stderr as they came, without colours (a bundler colours its output when CI asks for colour).
 */
export function run(
  command: string,
  args: string[],
  { cwd = ROOT, env = {} }: { cwd?: string; env?: Record<string, string> } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0
        ? resolve(stripVTControlCharacters(out))
        : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited with ${code}:\n${out}`)),
    );
  });
}

/**
 * A scratch workspace inside the repository (so a remote scaffolded into it with `--root`
 * resolves the workspace's packages like any remote); the caller removes it.
 */
export function scratchWorkspace(): string {
  const work = mkdtempSync(join(ROOT, 'e2e', '.work-'));
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'scratch', private: true, workspaces: [] }));
  copyFileSync(join(ROOT, 'tsconfig.base.json'), join(work, 'tsconfig.base.json'));
  return work;
}

/** `npm run new-remote -- <folder> --route <route> --label <label> ...more`: a scaffolded remote. */
export function newRemote(folder: string, route: string, label: string, ...more: string[]): Promise<string> {
  return run(process.execPath, [
    join(ROOT, 'scripts', 'new-remote.mjs'),
    folder,
    '--route',
    route,
    '--label',
    label,
    ...more,
  ]);
}

const MIME: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.html': 'text/html',
  '.map': 'application/json',
};

/** A plain static server on another port (another origin), as a CDN would serve a remote. */
export async function serveFolder(
  folder: string,
): Promise<{ origin: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    requests.push(path);
    const file = join(folder, path);
    if (!file.startsWith(folder) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      'Access-Control-Allow-Origin': '*',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * A remote's real webpack dev server (its webpack.config.js in development mode, as
 * `npm run dev --workspace <folder>` runs it) on a free port, for developer overrides.
 */
export async function startRemoteDevServer(folder: string): Promise<{ origin: string; close(): Promise<void> }> {
  // Loaded here only: most test files never start one.
  const { default: webpack } = await import('webpack');
  const { default: WebpackDevServer } = await import('webpack-dev-server');
  const port = await freePort();
  const factory = (await import(join(ROOT, folder, 'webpack.config.js'))) as {
    default: (env: object, argv: object) => Configuration;
  };
  const { devServer, ...config } = factory.default({}, { mode: 'development' }) as Configuration & {
    devServer: object;
  };
  const compiler = webpack({ ...config, infrastructureLogging: { level: 'warn' } });
  const server = new WebpackDevServer({ ...devServer, port, host: '127.0.0.1', open: false }, compiler);
  await server.start();
  // Ready once the first compilation is served.
  await new Promise<void>((resolve) => server.middleware!.waitUntilValid(() => resolve()));
  return { origin: `http://127.0.0.1:${port}`, close: () => server.stop() };
}

/** A request as a team's service read it: method, path and query, headers. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface TeamService {
  url: string;
  /** Every request its HTTP server has received so far, in order. */
  received(): ReceivedRequest[];
  stop(): Promise<void>;
}

/**
 * A team's service as its own process: `node --import tsx <entry>` in `dir` (the team's installed
 * tsx) on a free port, with `env` over PORT and HOST. A preload wraps Node's http.Server, so every
 * request the service receives is written down exactly as it arrived (headers included) without
 * changing the team's code. Resolves once it answers on its port.
 */
export async function startTeamService(dir: string, entry: string, env: Record<string, string>): Promise<TeamService> {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'flashcards-service-'));
  const log = join(folder, 'received.ndjson');
  const preload = join(folder, 'record.cjs');
  writeFileSync(log, '');
  writeFileSync(
    preload,
    `const { appendFileSync } = require('node:fs');
const { Server } = require('node:http');
const emit = Server.prototype.emit;
Server.prototype.emit = function (event, request, ...rest) {
  if (event === 'request') {
    const { method, url, headers } = request;
    appendFileSync(${JSON.stringify(log)}, JSON.stringify({ method, url, headers }) + '\\n');
  }
  return emit.call(this, event, request, ...rest);
};
`,
  );
  const child = spawn(process.execPath, ['--require', preload, '--import', 'tsx', entry], {
    cwd: dir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`the service in ${dir} exited with ${child.exitCode}`);
      await fetch(url);
      return true;
    },
    30_000,
    `the service in ${dir} to answer`,
  );
  return {
    url,
    received: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ReceivedRequest),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The platform's packages as a team gets them: `npm pack` of the kernel, shared-ui, the contract
 * and platform-tools into `folder` (the kernel's built by its prepack).
 */
export async function packPlatform(folder: string): Promise<void> {
  const packages = [
    '@flashcard/shared-auth',
    '@flashcard/shared-ui',
    '@flashcard/api-contract',
    '@flashcard/platform-tools',
  ];
  await run('npm', [
    'pack',
    '--silent',
    '--pack-destination',
    folder,
    ...packages.flatMap((name) => ['--workspace', name]),
  ]);
}

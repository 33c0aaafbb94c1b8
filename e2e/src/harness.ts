// Starts the built product (the same server `npm start` runs) on a free port with its own
// temporary data folder (and so its own registry of remotes, seeded from the built remotes),
// and drives Debian's Chromium with playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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
  await waitFor(async () => (await fetch(`${url}/api/health`)).ok, 30_000, 'the server to answer /api/health');
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

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors: a test fails if the app throws. */
  errors: Error[];
}

export async function newSession(browser: Browser, baseURL: string): Promise<Session> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (err) => errors.push(err));
  return { context, page, errors };
}

let counter = 0;
export function uniqueEmail(prefix = 'learner'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

export const PASSWORD = 'correct-horse-7';

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

// The platform's first loads, in real Chromium against the built product (`npm run build`
// first): the JS a browser fetches before /login and /cards show (gzip bytes, requests), and
// whether the registry call delays /login's first paint. It must not: the manifest request
// starts with the page but nothing before the login form waits for it. Measured as the
// baseline-vs-delayed pair: the same page with the manifest answering at once and 1 s late.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Benchmark } from './lib/load';

const ROOT = path.resolve(__dirname, '../..');
const RUNS = 3;
const MANIFEST_DELAY_MS = 1000;
/** How much a late registry may move /login's first paint before it counts as a serial wait. */
const SERIAL_WAIT_MS = 150;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Load {
  paintMs: number;
  jsGzipBytes: number;
  jsRequests: number;
}

/** Opens `url` in `context` and waits for `ready`; JS bytes are gzipped here (what a compressing server would send). */
async function load(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>): Promise<Load> {
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => gzipSync(body).length, () => 0));
  });
  await page.goto(url);
  await ready(page);
  const paintMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  const sizes = await Promise.all(scripts);
  await page.close();
  return { paintMs, jsGzipBytes: sizes.reduce((a, b) => a + b, 0), jsRequests: sizes.length };
}

const benchmark: Benchmark = {
  name: 'federation',
  async run(log) {
    const server = path.join(ROOT, 'api', 'dist', 'server.js');
    if (!fs.existsSync(server) || !fs.existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) {
      throw new Error('the product is not built: run `npm run build` first');
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-bench-federation-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [server], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) },
      stdio: 'ignore',
    });
    let browser: Browser | undefined;
    try {
      for (let tries = 0; ; tries += 1) {
        if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
        if (tries > 150) throw new Error('the server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
      const loginForm = (page: Page) => page.getByLabel('Email').waitFor();

      const login: Load[] = [];
      const loginLateRegistry: Load[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        let context = await browser.newContext();
        login.push(await load(context, `${url}/login`, loginForm));
        await context.close();
        context = await browser.newContext();
        await context.route('**/api/platform/manifest', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, MANIFEST_DELAY_MS));
          await route.continue();
        });
        loginLateRegistry.push(await load(context, `${url}/login`, loginForm));
        await context.close();
      }
      log(`/login first paint: ${login.map((l) => l.paintMs.toFixed(0)).join(', ')} ms; registry 1 s late: ${loginLateRegistry.map((l) => l.paintMs.toFixed(0)).join(', ')} ms`);

      // A signed-in learner opening /cards: signed up once, then each run starts from that session.
      const signUp = await browser.newContext();
      const page = await signUp.newPage();
      await page.goto(`${url}/signup`);
      await page.getByLabel('Email').fill(`bench.${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('correct-horse-7');
      await page.getByLabel('Confirm Password').fill('correct-horse-7');
      await page.getByRole('button', { name: /create account/i }).click();
      await page.waitForURL('**/dashboard');
      const session = await signUp.storageState();
      await signUp.close();
      const cards: Load[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ storageState: session });
        cards.push(await load(context, `${url}/cards`, (opened) => opened.getByRole('heading', { name: 'My Flashcards' }).waitFor()));
        await context.close();
      }

      const paint = median(login.map((l) => l.paintMs));
      const latePaint = median(loginLateRegistry.map((l) => l.paintMs));
      const waited = latePaint - paint;
      const row = (label: string, loads: Load[], target: string, result: string) => [
        label,
        median(loads.map((l) => l.jsGzipBytes)).toLocaleString('en'),
        String(median(loads.map((l) => l.jsRequests))),
        median(loads.map((l) => l.paintMs)).toFixed(0),
        target,
        result,
      ];
      const serial = waited < SERIAL_WAIT_MS;
      return {
        title: `First loads (median of ${RUNS} fresh contexts; JS gzipped as a compressing server would send it)`,
        rows: [],
        table: {
          header: ['page', 'JS gzip B', 'JS reqs', 'FCP ms', 'target', 'result'],
          rows: [
            row('/login (baseline)', login, '-', '-'),
            row(`/login, registry ${MANIFEST_DELAY_MS} ms late`, loginLateRegistry, `FCP +< ${SERIAL_WAIT_MS} ms`, serial ? `PASS (+${waited.toFixed(0)} ms)` : `FAIL (+${waited.toFixed(0)} ms)`),
            row('/cards, signed in', cards, '-', '-'),
          ],
        },
        missed: serial ? [] : [`/login first paint waits for the registry (+${waited.toFixed(0)} ms)`],
        notes: [
          'Each release also records its own first load (remoteEntry + the mounted modules, gzip) in the registry: GET /api/platform/remotes.',
        ],
      };
    } finally {
      await browser?.close();
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;

// The platform's first loads against a single bundle of the same code, in real Chromium, both
// served by the built product's server (`npm run build` first). In the same run it builds the
// baseline (bench/single-bundle: the shell and the cards area in one bundle, same loaders,
// minifier and compression, no federation) and serves it from a second server. For /login and
// /cards (a signed-in learner with one card) it measures, median of RUNS fresh contexts:
//   - the JS of the first load: bytes sent (compressed, as the server sends them) and gzip size;
//   - requests made before the form or the first card shows;
//   - the largest contentful paint at 10 Mbit/s with 40 ms of latency (Chromium's throttling);
// and, on the federated site: the area switch (from the dashboard, a sidebar click until the
// area's content shows, its code in the HTTP cache; by a pointer that hovers first and by a tap
// that does not), how many copies of the federation runtime, react, react-dom and
// react-router the page ran, whether a request waits for another it does not need (/login's
// paint and the registry; the first card and /auth/me; the remote's entry and the registry),
// and each built remote's first load against the release budget. A missed budget fails the run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import webpack from 'webpack';
import { DEFAULT_RELEASE_BUDGET_GZIP_BYTES } from '../src/config';
import { readBuildFolder } from '../src/modules/platform/builtin';
import { analyseBuild } from '../src/modules/platform/release';
import { freePort } from '../src/test/net';
import type { Benchmark } from './lib/load';

const ROOT = path.resolve(__dirname, '../..');
const RUNS = Number(process.env.FEDERATION_RUNS ?? 3);
const THROTTLE = { offline: false, latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 10_000_000 / 8 };
const LATE_MS = 1000;
/** How much a late answer may move a paint before the paint counts as waiting for it. */
const SERIAL_WAIT_MS = 150;
/** Pairs of unthrottled loads (on time, one answer late) per wait check: cheap, so more than RUNS. */
const WAIT_PAIRS = Math.max(RUNS, 5);
const PASSWORD = 'correct-horse-7';
const CARD_QUESTION = 'What does the benchmark measure?';
const TARGETS = { gzipRatio: 1.25, lcpRatio: 1.15, sentRatio: 1.1, areaSwitchMs: 150 };
/** Text found in exactly one package's built code: counting the scripts that hold it counts copies. */
const MARKERS: Record<string, string> = {
  'federation runtime': 'Federation Runtime',
  react: 'Children.only',
  'react-dom': '__reactContainer',
  'react-router': 'useNavigate() may be used only in the context',
};

interface Load {
  jsSent: number;
  jsGzip: number;
  requests: number;
  readyMs: number;
  lcpMs: number;
  /** Bodies of the scripts the page ran (for the copy count). */
  scripts: string[];
  /** Each script's path and bytes as sent. */
  files: Array<{ path: string; sent: number }>;
  /** Start and end (ms since navigation) of requests by path. */
  timings: Map<string, { start: number; end: number }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startServer(webRoot: string): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-bench-federation-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(48),
    },
    stdio: 'ignore',
  });
  for (let tries = 0; ; tries += 1) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, dataDir };
}

/** The single-bundle baseline, built into `<webRoot>/shell/dist` (where the server looks for the shell). */
async function buildBaseline(webRoot: string): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the config is CommonJS, next to the product's
  const makeConfig = require('./single-bundle/webpack.config.js') as (outputPath: string) => webpack.Configuration;
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    webpack(makeConfig(path.join(webRoot, 'shell', 'dist')), (error, result) =>
      error || !result ? reject(error) : resolve(result),
    ),
  );
  if (stats.hasErrors()) throw new Error(`the single bundle did not build:\n${stats.toString('errors-only')}`);
}

/** A learner signed in through the page (so the browser holds the session as a learner's would), with one card. */
async function signedInSession(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/signup`);
  await page.getByLabel('Email').fill(`bench.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: /create account/i }).click();
  await page.waitForURL('**/dashboard');
  const created = await page.evaluate(
    async ([question]) => {
      // No script can read the session's tokens (kernel 2): one access token through the cookie, as the kernel gets it.
      const refreshed = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: '{}',
      });
      const token = ((await refreshed.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
      const response = await fetch('/api/cards', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ question, answer: 'First loads' }),
      });
      return response.status;
    },
    [CARD_QUESTION],
  );
  if (created !== 201) throw new Error(`could not create the learner's card (${created})`);
  const file = path.join(os.tmpdir(), `flashcards-bench-session-${process.pid}-${Date.now()}.json`);
  await context.storageState({ path: file });
  await context.close();
  return file;
}

interface LoadOptions {
  session?: string;
  throttled?: boolean;
  /** Request paths (glob) answered LATE_MS late. */
  late?: string;
}

/**
 * One load of `url` in a fresh context, ready when the page's text first holds `readyText`.
 * That moment is taken in the page by a mutation observer: Playwright's own wait polls at
 * growing intervals (up to 500 ms apart), so read from it a card shown 10 ms later could count
 * 500 ms later (it made one run report the first card waiting +414 ms for /auth/me).
 */
async function load(browser: Browser, url: string, readyText: string, options: LoadOptions): Promise<Load> {
  const context: BrowserContext = await browser.newContext(options.session ? { storageState: options.session } : {});
  if (options.late) {
    await context.route(options.late, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, LATE_MS));
      await route.continue();
    });
  }
  await context.addInitScript((text) => {
    const ready = new MutationObserver(() => {
      if (!document.body?.textContent?.includes(text)) return;
      (window as unknown as { __readyAt: number }).__readyAt = performance.now();
      ready.disconnect();
    });
    ready.observe(document, { childList: true, subtree: true, characterData: true });
    const entries: number[] = [];
    (window as unknown as { __lcp: number[] }).__lcp = entries;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) entries.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }, readyText);
  const page = await context.newPage();
  if (options.throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  }
  const scripts: Promise<{ path: string; sent: number; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    scripts.push(
      Promise.all([response.body(), response.request().sizes()]).then(
        ([body, sizes]) => ({ path, sent: sizes.responseBodySize, body: body.toString('utf8') }),
        () => ({ path, sent: 0, body: '' }),
      ),
    );
  });
  await page.goto(url);
  await page.getByText(readyText).first().waitFor();
  const readyMs = await page.evaluate(() => (window as unknown as { __readyAt: number }).__readyAt);
  await page.waitForTimeout(300);
  const measured = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      lcp: (window as unknown as { __lcp: number[] }).__lcp,
      resources: resources.map((entry) => ({
        name: new URL(entry.name).pathname,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    };
  });
  // The first load: scripts asked for before the page was ready (not what loads after it, such
  // as web-vitals once the area has rendered, which the wait below would otherwise catch).
  const started = new Map(measured.resources.map((entry) => [entry.name, entry.start]));
  // A script missing from the timings was asked for after they were read, long after ready.
  const bodies = (await Promise.all(scripts)).filter(
    (script) => (started.get(script.path) ?? Number.POSITIVE_INFINITY) < readyMs,
  );
  // The page rotated the session's refresh cookie: the next load starts from the new one (a
  // rotated token replayed later would be taken for a stolen one and end the session).
  if (options.session) await context.storageState({ path: options.session });
  await context.close();
  const timings = new Map(measured.resources.map((entry) => [entry.name, { start: entry.start, end: entry.end }]));
  return {
    jsSent: bodies.reduce((sum, script) => sum + script.sent, 0),
    jsGzip: bodies.reduce((sum, script) => sum + gzipSync(script.body).length, 0),
    // The document itself, plus every resource asked for before the page was ready.
    requests: 1 + measured.resources.filter((entry) => entry.start < readyMs).length,
    readyMs,
    lcpMs: measured.lcp.length ? measured.lcp[measured.lcp.length - 1]! : Number.NaN,
    scripts: bodies.map((script) => script.body),
    files: bodies.map(({ path, sent }) => ({ path, sent })),
    timings,
  };
}

async function loads(browser: Browser, url: string, readyText: string, options: LoadOptions): Promise<Load[]> {
  const result: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) result.push(await load(browser, url, readyText, options));
  return result;
}

/**
 * How far one late answer moves the page's readiness: WAIT_PAIRS pairs of loads, on time then
 * with `late` answered LATE_MS late, and the median of the pairs' differences. Pairs rather
 * than two series one after the other, so a slow moment of the machine slows both loads of a
 * pair instead of one series.
 */
async function lateEffect(
  browser: Browser,
  url: string,
  readyText: string,
  options: LoadOptions,
  late: string,
): Promise<{ movedMs: number; onTime: Load[] }> {
  const onTime: Load[] = [];
  const differences: number[] = [];
  for (let run = 0; run < WAIT_PAIRS; run += 1) {
    const now = await load(browser, url, readyText, options);
    const delayed = await load(browser, url, readyText, { ...options, late });
    onTime.push(now);
    differences.push(delayed.readyMs - now.readyMs);
  }
  return { movedMs: median(differences), onTime };
}

/** Each remote built in this repository: its first load (as its release would record it) against the budget. */
function remoteFirstLoads(): Array<{ name: string; firstLoad: number }> {
  const remotes: Array<{ name: string; firstLoad: number }> = [];
  for (const folder of fs
    .readdirSync(ROOT)
    .filter((entry) => entry.startsWith('mfe-'))
    .sort()) {
    const dist = path.join(ROOT, folder, 'dist');
    const manifest = path.join(dist, 'mf-manifest.json');
    if (!fs.existsSync(manifest)) continue;
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as {
      flashcardRemote: { routes: Array<{ module: string }> };
    };
    // What the server would release of this build (no maps, no standalone page, no build stamp).
    const files = readBuildFolder(dist);
    const name = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name: string }).name;
    const analysis = analyseBuild(name, files, [...new Set(pkg.flashcardRemote.routes.map((route) => route.module))]);
    remotes.push({ name, firstLoad: analysis.firstLoadGzip });
  }
  return remotes;
}

/** The areas the sidebar switch is measured on: link, and a text its content shows once its first data is in. */
const SWITCH_AREAS = [
  { link: 'Progress', ready: 'Personal scheduling' },
  { link: 'My Cards', ready: CARD_QUESTION },
  { link: 'Study', ready: 'Learn New Cards' },
] as const;

/**
 * Moving between areas: from the dashboard, a click on an area's sidebar entry until its
 * content shows (its text in <main>, no "Loading" left there), the area's code already in the
 * HTTP cache (opened once in an earlier page of the same context) but never opened in this
 * page. Measured in the page (performance.now at the click, a mutation observer).
 */
async function areaSwitch(browser: Browser, url: string, session: string): Promise<Map<string, number[]>> {
  const context = await browser.newContext({ storageState: session });
  const times = new Map<string, number[]>();
  try {
    const warmCache = await context.newPage();
    for (const area of SWITCH_AREAS) {
      await warmCache.goto(`${url}/dashboard`);
      await warmCache.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: area.link }).click();
      await warmCache.getByText(area.ready).first().waitFor();
    }
    await warmCache.close();
    for (let run = 0; run < RUNS; run += 1) {
      for (const area of SWITCH_AREAS) {
        // A pointer rests on the entry before it clicks; a tap (or a screen reader's activation)
        // clicks with no hover before it.
        for (const how of ['pointer', 'tap'] as const) {
          const page = await context.newPage();
          await page.goto(`${url}/dashboard`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForTimeout(1000); // the page settles
          const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: area.link });
          if (how === 'pointer') await link.hover();
          // A string, not a function: the bench's TypeScript loader would name inner functions
          // with a helper the page does not have.
          const elapsed = page.evaluate(`new Promise((resolve) => {
            // From the click itself (not from here: Playwright's checks before clicking take time).
            let start = performance.now();
            document.addEventListener('click', () => (start = performance.now()), { capture: true, once: true });
            new MutationObserver((_, observer) => {
              const text = document.querySelector('main')?.textContent ?? '';
              if (!text.includes(${JSON.stringify(area.ready)}) || /Loading/.test(text)) return;
              observer.disconnect();
              resolve(performance.now() - start);
            }).observe(document, { childList: true, subtree: true, characterData: true });
          })`) as Promise<number>;
          if (how === 'pointer') await link.click();
          else await link.dispatchEvent('click');
          const key = `${area.link} by ${how === 'pointer' ? 'pointer (hover, then click)' : 'tap (no hover)'}`;
          times.set(key, [...(times.get(key) ?? []), await elapsed]);
          await page.close();
        }
      }
    }
  } finally {
    await context.close();
  }
  return times;
}

const benchmark: Benchmark = {
  name: 'federation',
  async run(log) {
    if (
      !fs.existsSync(path.join(ROOT, 'api', 'dist', 'server.js')) ||
      !fs.existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))
    ) {
      throw new Error('the product is not built: run `npm run build` first');
    }
    const baselineRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'flashcards-single-bundle-'));
    const started = Date.now();
    await buildBaseline(baselineRoot);
    log(`single-bundle baseline built in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const servers = await Promise.all([startServer(ROOT), startServer(baselineRoot)]);
    const [federated, single] = servers;
    let browser: Browser | undefined;
    try {
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
      });
      // The login form's first label; the learner's card.
      const loginForm = 'Email';
      const firstCard = CARD_QUESTION;
      const results: Record<string, { login: Load[]; cards: Load[] }> = {};
      for (const [name, server] of [
        ['federated', federated],
        ['single bundle', single],
      ] as const) {
        const session = await signedInSession(browser, server.url);
        results[name] = {
          login: await loads(browser, `${server.url}/login`, loginForm, { throttled: true }),
          cards: await loads(browser, `${server.url}/cards`, firstCard, { session, throttled: true }),
        };
        log(
          `${name}: /login LCP ${results[name].login.map((l) => l.lcpMs.toFixed(0)).join(', ')} ms; /cards LCP ${results[name].cards.map((l) => l.lcpMs.toFixed(0)).join(', ')} ms`,
        );
      }
      const fed = results.federated!;
      const one = results['single bundle']!;

      // Waits, on the federated site without throttling (the effect of one late answer).
      const session = await signedInSession(browser, federated.url);
      const loginWait = await lateEffect(browser, `${federated.url}/login`, loginForm, {}, '**/api/platform/manifest');
      const cardsWait = await lateEffect(browser, `${federated.url}/cards`, firstCard, { session }, '**/api/auth/me');
      const cardsNow = cardsWait.onTime;
      const timing = (list: Load[], match: (name: string) => boolean, field: 'start' | 'end') =>
        median(list.map((l) => [...l.timings].find(([name]) => match(name))?.[1][field] ?? Number.NaN));
      const registryEnd = timing(cardsNow, (name) => name === '/api/platform/manifest', 'end');
      const entryStart = timing(cardsNow, (name) => name.endsWith('/remoteEntry.js'), 'start');
      const moved = (ms: number) => `${ms >= 0 ? '+' : ''}${ms.toFixed(0)} ms`;
      const waits: Array<[string, boolean, string]> = [
        ['/login form, registry answering 1 s late', loginWait.movedMs < SERIAL_WAIT_MS, moved(loginWait.movedMs)],
        // The session's refresh answer carries the user: no /auth/me is on the first load at all.
        [
          '/cards first card, /auth/me answering 1 s late',
          cardsWait.movedMs < SERIAL_WAIT_MS,
          moved(cardsWait.movedMs),
        ],
        [
          "/cards remote entry asked before the registry's answer",
          entryStart < registryEnd,
          `entry at ${entryStart.toFixed(0)} ms, registry answered at ${registryEnd.toFixed(0)} ms`,
        ],
      ];

      const switches = await areaSwitch(browser, federated.url, await signedInSession(browser, federated.url));
      const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
      for (const [link, values] of switches) log(`area switch to ${link} (ms): ${ms(values)}`);

      const ratio = (a: number, b: number) => a / b;
      const rows: string[][] = [];
      const missed: string[] = [];
      const compare = (label: string, pick: (l: Load) => number, unit: string, target?: number) => {
        for (const [page, f, s] of [
          ['/login', fed.login, one.login],
          ['/cards', fed.cards, one.cards],
        ] as const) {
          const a = median(f.map(pick));
          const b = median(s.map(pick));
          const r = ratio(a, b);
          const ok = target === undefined || r <= target;
          if (!ok) missed.push(`${page} ${label}: ratio ${r.toFixed(2)} > ${target}`);
          rows.push([
            `${page} ${label}`,
            `${a.toLocaleString('en', { maximumFractionDigits: 0 })}${unit}`,
            `${b.toLocaleString('en', { maximumFractionDigits: 0 })}${unit}`,
            r.toFixed(2),
            target ? `<= ${target}` : '-',
            target ? (ok ? 'PASS' : 'FAIL') : '-',
          ]);
        }
      };
      compare('first-load JS, bytes sent', (l) => l.jsSent, ' B', TARGETS.sentRatio);
      compare('first-load JS, gzip', (l) => l.jsGzip, ' B', TARGETS.gzipRatio);
      compare('requests before ready', (l) => l.requests, '');
      compare('LCP at 10 Mbit/s, 40 ms', (l) => l.lcpMs, ' ms', TARGETS.lcpRatio);
      for (const [label, marker] of Object.entries(MARKERS)) {
        const copies = median(fed.cards.map((l) => l.scripts.filter((body) => body.includes(marker)).length));
        if (copies > 1) missed.push(`/cards runs ${copies} copies of ${label}`);
        rows.push([`/cards copies of ${label}`, String(copies), '-', '-', '<= 1', copies <= 1 ? 'PASS' : 'FAIL']);
      }
      for (const [link, values] of switches) {
        const taken = median(values);
        const ok = taken <= TARGETS.areaSwitchMs;
        if (!ok) missed.push(`area switch to ${link}: ${taken.toFixed(0)} ms > ${TARGETS.areaSwitchMs} ms`);
        rows.push([
          `area switch to ${link}, code cached`,
          `${taken.toFixed(0)} ms`,
          '-',
          '-',
          `<= ${TARGETS.areaSwitchMs} ms`,
          ok ? 'PASS' : 'FAIL',
        ]);
      }
      for (const [label, ok, detail] of waits) {
        if (!ok) missed.push(`${label}: ${detail}`);
        rows.push([label, detail, '-', '-', 'no wait', ok ? 'PASS' : 'FAIL']);
      }
      const budget = Number(process.env.RELEASE_BUDGET_GZIP_BYTES ?? DEFAULT_RELEASE_BUDGET_GZIP_BYTES);
      const failed: string[] = [];
      for (const remote of remoteFirstLoads()) {
        const ok = remote.firstLoad <= budget;
        if (!ok)
          failed.push(`${remote.name}'s first load is ${remote.firstLoad} B gzip, over its budget of ${budget} B`);
        rows.push([
          `${remote.name} first load (release size)`,
          `${remote.firstLoad.toLocaleString('en')} B`,
          '-',
          '-',
          `<= ${budget.toLocaleString('en')} B`,
          ok ? 'PASS' : 'FAIL',
        ]);
      }
      return {
        title: `First loads, federated vs a single bundle of the same code (median of ${RUNS} fresh Chromium contexts)`,
        rows: [],
        table: { header: ['measure', 'federated', 'single bundle', 'ratio', 'target', 'result'], rows },
        missed,
        failed,
        notes: [
          `federated /cards, each script as sent: ${fed.cards[0]!.files.map((file) => `${file.path} ${file.sent.toLocaleString('en')} B`).join(', ')}`,
          '"bytes sent": script bodies as sent (brotli); "gzip": the same scripts gzipped here, comparable with any server',
          '"ready": the login form, or the first card of a signed-in learner with one card',
          `area switch: median of ${RUNS} clicks per area and way, each in a new page that has settled 1 s of a context that opened the area once before (its code in the HTTP cache, not in the page), from the click until its text shows and no "Loading" is left in <main>`,
          'a release is refused over the budget (RELEASE_BUDGET_GZIP_BYTES); here a built remote over it fails the run',
        ],
      };
    } finally {
      await browser?.close();
      for (const server of servers) {
        server.child.kill('SIGTERM');
        fs.rmSync(server.dataDir, { recursive: true, force: true });
      }
      fs.rmSync(baselineRoot, { recursive: true, force: true });
    }
  },
};

export default benchmark;

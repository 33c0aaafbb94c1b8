import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { buildApp } from '../app';
import staticPlugin, { overriddenRemotes } from './static';
import { icoFromPng } from './favicon';
import { createDb, type Db } from '../db';
import { makeTempDir, testConfig } from '../test/harness';

const ICON = path.join(__dirname, '../../../shell/public/icons/icon-192.png');

// Static serving does not touch the database: one SQLite-backed app is enough here.
describe('serving the front-ends', () => {
  let dir: string;
  let webRoot: string;
  let db: Db;
  let app: FastifyInstance;

  const write = (relative: string, content: string) => {
    const file = path.join(webRoot, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  const get = (url: string, accept = '*/*') => app.inject({ method: 'GET', url, headers: { accept } });

  beforeAll(async () => {
    dir = makeTempDir('flashcards-static-');
    webRoot = path.join(dir, 'web');
    write(
      'shell/dist/index.html',
      '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>',
    );
    write('shell/dist/main.js', 'console.log("shell entry")');
    write('shell/dist/512.0a1b2c3d.js', 'console.log("shell chunk")');
    // What the build writes beside a text file (marked here, to tell which one was sent).
    write('shell/dist/512.0a1b2c3d.js.br', 'brotli bytes');
    write('shell/dist/512.0a1b2c3d.js.gz', 'gzip bytes');
    // The built shell's copy of the app's icon.
    fs.mkdirSync(path.join(webRoot, 'shell/dist/icons'), { recursive: true });
    fs.copyFileSync(ICON, path.join(webRoot, 'shell/dist/icons/icon-192.png'));

    const config = testConfig(dir, { client: 'sqlite', file: path.join(dir, 'flashcards.db') }, { webRoot });
    db = createDb(config.database);
    app = buildApp(config, { db });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the shell at / with no-cache', async () => {
    const response = await get('/', 'text/html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>shell</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches content-hashed files forever and revalidates entry files', async () => {
    const entry = await get('/main.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');

    const chunk = await get('/512.0a1b2c3d.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe('console.log("shell chunk")');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's .br or .gz by Accept-Encoding, and the file itself to a client without", async () => {
    const send = (encoding: string) =>
      app.inject({ method: 'GET', url: '/512.0a1b2c3d.js', headers: { 'accept-encoding': encoding } });
    const br = await send('gzip, deflate, br');
    expect([br.headers['content-encoding'], br.body]).toEqual(['br', 'brotli bytes']);
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gzip = await send('gzip');
    expect([gzip.headers['content-encoding'], gzip.body]).toEqual(['gzip', 'gzip bytes']);
    const none = await send('identity');
    expect([none.headers['content-encoding'], none.body]).toEqual([undefined, 'console.log("shell chunk")']);
  });

  it("gives a client-side route's page the preload hints of its path, and the page alone when they fail", async () => {
    const hinted = Fastify();
    await hinted.register(staticPlugin, {
      webRoot,
      pageHints: async (pathname, overridden) => {
        if (pathname === '/broken') throw new Error('registry down');
        if (overridden.has('mfe_cards')) return [];
        return pathname === '/cards' ? [{ href: '/remotes/mfe_cards/1/remoteEntry.js', as: 'script' }] : [];
      },
    });
    const page = (url: string) => hinted.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const cards = await page('/cards?set=2');
    expect(cards.statusCode).toBe(200);
    expect(cards.headers['cache-control']).toBe('no-cache');
    expect(cards.body).toBe(
      '<!doctype html><html><head><title>shell</title><link rel="preload" as="script" href="/remotes/mfe_cards/1/remoteEntry.js"></head><body><div id="root"></div></body></html>',
    );
    expect((await page('/progress')).body).not.toContain('preload');
    // The shell's overrides cookie names the remotes this browser loads from a dev server.
    const overridden = await hinted.inject({
      method: 'GET',
      url: '/cards',
      headers: { accept: 'text/html', cookie: 'a=1; flashcard-remote-overrides=mfe_cards%2Cmfe_study' },
    });
    expect(overridden.body).not.toContain('preload');
    const broken = await page('/broken');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<title>shell</title>');
    await hinted.close();
  });

  it("serves /favicon.ico: an ICO file whose one image is the app's icon", async () => {
    const response = await get('/favicon.ico', 'image/avif,image/webp,image/*,*/*;q=0.8');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    const body = response.rawPayload;
    const png = fs.readFileSync(ICON);
    // ICONDIR: reserved 0, type 1 (icon), 1 image; its entry: 192 x 192, the PNG's size and offset.
    expect([body.readUInt16LE(0), body.readUInt16LE(2), body.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([body[6], body[7], body.readUInt32LE(14), body.readUInt32LE(18)]).toEqual([192, 192, png.length, 22]);
    expect(body.subarray(22).equals(png)).toBe(true);
    expect((await app.inject({ method: 'HEAD', url: '/favicon.ico' })).statusCode).toBe(200);
  });

  it('makes no ICO of a file that is no PNG', () => {
    expect(icoFromPng(Buffer.from('<svg></svg>'))).toBeNull();
  });

  it('reads the remote names of the overrides cookie, nothing else', () => {
    expect([...overriddenRemotes('theme=dark; flashcard-remote-overrides=mfe_cards%2Cmfe_quiz_2')]).toEqual([
      'mfe_cards',
      'mfe_quiz_2',
    ]);
    expect([...overriddenRemotes('flashcard-remote-overrides=mfe_cards,<script>,,Mfe')]).toEqual(['mfe_cards']);
    expect([...overriddenRemotes('flashcard-remote-overrides=%E0%A4%A')]).toEqual([]);
    expect([...overriddenRemotes(undefined)]).toEqual([]);
    expect([...overriddenRemotes('other-flashcard-remote-overrides=mfe_cards')]).toEqual([]);
  });

  it('answers browser navigations to client-side routes with the shell (SPA fallback)', async () => {
    for (const url of ['/dashboard', '/cards/42/edit', '/study/review?from=hub']) {
      const response = await get(url, 'text/html,application/xhtml+xml,*/*;q=0.8');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>shell</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps JSON 404s for the API, non-GET requests and non-HTML requests', async () => {
    const api = await get('/api/no-such-thing', 'text/html');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });

    const post = await app.inject({ method: 'POST', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'Not found' });

    const script = await get('/missing-chunk.js', '*/*');
    expect(script.statusCode).toBe(404);
    expect(script.json()).toEqual({ error: 'Not found' });
  });
});

describe('without built front-ends', () => {
  it('serves only the API (and JSON 404s) without failing', async () => {
    const dir = makeTempDir('flashcards-nostatic-');
    const config = testConfig(dir, { client: 'sqlite', file: path.join(dir, 'flashcards.db') });
    const db = createDb(config.database);
    const app = buildApp(config, { db });
    try {
      for (const url of ['/', '/dashboard', '/remotes/mfe-cards/remoteEntry.js']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Not found' });
      }
    } finally {
      await app.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

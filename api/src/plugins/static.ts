// Serves the built shell, so `npm start` is one server for the whole product:
//   /                      shell/dist (the host app), with an SPA fallback for deep links
//   /favicon.ico           the app's icon (favicon.ts)
// Remotes are served from their releases in the database (modules/platform/files.ts).
// When nothing is built (API tests, API-only deployments) the file serving is simply absent.
// This plugin also owns the not-found handler, because the SPA fallback is a not-found case.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { replyNotFound } from './errors';
import { registerFavicon } from './favicon';

export interface PreloadHint {
  href: string;
  as: 'script' | 'fetch';
}

export interface StaticOptions {
  webRoot: string;
  /**
   * Files the page at this path will load (the registry's remote for it): preloaded from its HTML.
   * `overridden`: the remotes this browser loads from a developer's dev server instead.
   */
  pageHints?: (pathname: string, overridden: ReadonlySet<string>) => Promise<PreloadHint[]>;
}

/**
 * The cookie in which the shell lists the remotes a developer overrides in this browser
 * (shell/src/federation/overrides.ts): their release files are not what the page will load.
 * Not a secret and not trusted for anything but leaving preload hints out.
 */
export const OVERRIDES_COOKIE = 'flashcard-remote-overrides';

/** The federation names listed in the overrides cookie of a Cookie header. */
export function overriddenRemotes(cookieHeader: string | undefined): Set<string> {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== OVERRIDES_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return new Set();
    }
    return new Set(value.split(',').filter((name) => /^[a-z][a-z0-9_]*$/.test(name)));
  }
  return new Set();
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `html` with a <link rel="preload"> per hint at the end of its head. */
export function withPreloads(html: string, hints: PreloadHint[]): string {
  if (hints.length === 0) return html;
  const links = hints
    .map(
      (hint) =>
        `<link rel="preload" as="${hint.as}" href="${escapeAttribute(hint.href)}"${hint.as === 'fetch' ? ' crossorigin' : ''}>`,
    )
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

// Content-hashed chunk names (webpack `[id].[contenthash:8].js`) never change content.
const HASHED_FILE = /\.[0-9a-f]{8}\./;

function setCacheHeaders(res: SetHeadersResponse, filePath: string): void {
  // Everything unhashed (index.html, remoteEntry.js, mf-manifest.json...) is revalidated on
  // each load, so a redeploy is picked up at once.
  const immutable = HASHED_FILE.test(path.basename(filePath));
  res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export default fp(
  async (app, options: StaticOptions) => {
    const shellDir = path.join(options.webRoot, 'shell', 'dist');
    const hasShell = fs.existsSync(path.join(shellDir, 'index.html'));
    // Even without a shell build: browsers ask for it on the API's own answers too.
    registerFavicon(app, options.webRoot);

    await app.register(fastifyStatic, {
      // Without a shell build only reply.sendFile is wanted (for the SPA fallback).
      ...(hasShell ? { root: shellDir, serve: true as const } : { serve: false as const }),
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      redirect: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      // The build writes a .br and a .gz beside each text file: sent by Accept-Encoding.
      preCompressed: true,
    });

    app.setNotFoundHandler(async (request, reply) => {
      if (hasShell && wantsAppPage(request)) {
        // Read per page (2 KB, from the OS cache): a rebuilt shell is served at once.
        const page = await fs.promises.readFile(path.join(shellDir, 'index.html'), 'utf8');
        const pathname = request.url.split('?')[0] ?? '/';
        const overridden = overriddenRemotes(request.headers.cookie);
        const hints = await (options.pageHints?.(pathname, overridden) ?? Promise.resolve([])).catch(
          (error: unknown) => {
            request.log.warn({ err: error }, 'page hints unavailable');
            return [];
          },
        );
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(withPreloads(page, hints));
      }
      return replyNotFound(reply);
    });
  },
  { name: 'static' },
);

/** A browser navigation to a client-side route: GET, not the API, asking for HTML. */
function wantsAppPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    pathname !== '/api' &&
    !pathname.startsWith('/api/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

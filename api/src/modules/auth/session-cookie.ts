// The browser's refresh token: an HttpOnly cookie no page script can read (the shell's and every
// remote's code run in one page), sent only to /api/auth and only by same-site requests. Its
// settings are defined here once; the routes set, read and clear it through these functions.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { BROWSER_SESSION_HEADER } from '@flashcard/api-contract/schemas';
import { forbidden } from '../../lib/http-error';
import { REFRESH_TOKEN_TTL_MS } from './service';

export const REFRESH_COOKIE = 'flashcard_refresh';
/** Only the auth calls carry it: no other request (a remote's included) ever sends it. */
export const REFRESH_COOKIE_PATH = '/api/auth';
export const CROSS_SITE_MESSAGE = 'Cross-site requests cannot use the session cookie';

export function refreshCookieOptions(secure: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure };
}

export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...refreshCookieOptions(secure), maxAge: REFRESH_TOKEN_TTL_MS / 1000 });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(REFRESH_COOKIE, refreshCookieOptions(secure));
}

/** A call of the browser app (the kernel marks each): its refresh token must never be in a body. */
export function isBrowserCall(request: FastifyRequest): boolean {
  return request.headers[BROWSER_SESSION_HEADER.name.toLowerCase()] === BROWSER_SESSION_HEADER.value;
}

/**
 * onRequest of the calls that read the cookie, before any body is parsed (a form post is refused
 * here, not with a 415): a browser says where a request comes from, and only the page's own
 * origin may use the session. SameSite=Strict already keeps the cookie off other sites' requests.
 */
export async function refuseCrossSite(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw forbidden(CROSS_SITE_MESSAGE);
}

/**
 * The cookie's token, for a call the page itself made: one with BROWSER_SESSION_HEADER, which a
 * cross-site form cannot send (and a cross-origin script only after a CORS preflight). A call
 * without it that would need the cookie is refused (403).
 */
export function sessionCookie(request: FastifyRequest): string | undefined {
  if (!isBrowserCall(request)) throw forbidden(CROSS_SITE_MESSAGE);
  return request.cookies[REFRESH_COOKIE] || undefined;
}

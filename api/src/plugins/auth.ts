// Who is calling. Access tokens are short-lived JWTs (sub = user id, role) checked without a
// database round trip; long-lived sign-in state is the refresh token in the database
// (modules/auth). `app.authenticate` and `app.requireRole(...)` are the route preHandlers.
import fastifyJwt from '@fastify/jwt';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_DISABLED_ERROR } from '@flashcard/api-contract/schemas';
import type { Role } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';
import { canonicalTimeZone } from '../lib/time';

export interface AccessTokenPayload {
  sub: string;
  role: Role;
  /** The account's token_version when signed; absent in tokens older than versions (0). */
  ver?: number;
}

export interface AuthUser {
  id: number;
  role: Role;
  tokenVersion: number;
  /**
   * The account's time zone (set by `authenticate`): every "today" and streak is counted in it.
   * Not the request's X-Time-Zone: a day boundary that moved per request let a day be claimed twice.
   */
  timeZone: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload;
    user: AuthUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
    /** Use after `authenticate`: 403 unless the caller has one of the roles. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
    signAccessToken(user: Omit<AuthUser, 'timeZone'>): string;
    /** Forget the cached disabled flag of a user (after an admin disabled or enabled them). */
    forgetAccountStatus(userId: number): void;
  }
}

/** How long `authenticate` trusts a looked-up disabled flag: a disabled account's tokens stop within this. */
export const ACCOUNT_STATUS_TTL_MS = 1000;
const ACCOUNT_STATUS_CACHE_MAX = 10_000;
export const ACCOUNT_DISABLED_MESSAGE = ACCOUNT_DISABLED_ERROR;
/** A valid signature for an account deleted since: refused like any bad token, never a 500 later. */
export const ACCOUNT_MISSING_MESSAGE = 'This account no longer exists';
/** Signed before a sign-out, password change or role change: the client refreshes or signs in. */
export const SESSION_ENDED_MESSAGE = 'This session has ended. Please sign in again.';

export type AccountStatus =
  { status: 'active' | 'disabled'; tokenVersion: number; timeZone: string | null } | { status: 'missing' };

export interface AuthPluginOptions {
  secret: string;
  /** Lifetime of an access token (config.accessTokenTtlSeconds). */
  accessTokenTtlSeconds: number;
  /** Whether the account exists and may act, and its token version; absent: every token is current. */
  accountStatus?: (userId: number) => Promise<AccountStatus>;
  /**
   * Keeps `zone` as the account's time zone unless it has one already; answers the account's zone.
   * Called once per account: on its first signed-in request that names a zone (X-Time-Zone).
   */
  adoptTimeZone?: (userId: number, zone: string) => Promise<string | null>;
  /** The clock the account-status cache lives by (ms); tests move it instead of waiting. */
  now?: () => number;
}

export default fp(
  async (app, options: AuthPluginOptions) => {
    // A tiny per-process cache: one lookup per user per second at most.
    const statusCache = new Map<number, { status: AccountStatus; until: number }>();
    const clock = options.now ?? (() => Date.now());
    async function accountStatus(userId: number, tokenVersion: number): Promise<AccountStatus> {
      if (!options.accountStatus) return { status: 'active', tokenVersion, timeZone: null };
      const now = clock();
      const cached = statusCache.get(userId);
      // A token newer than the cached version was signed after a bump this instance has not
      // seen yet (another instance, the CLI): the cache is stale, not the token.
      const stale = cached?.status.status !== 'missing' && (cached?.status.tokenVersion ?? 0) < tokenVersion;
      if (cached && cached.until > now && !stale) return cached.status;
      const status = await options.accountStatus(userId);
      if (statusCache.size >= ACCOUNT_STATUS_CACHE_MAX) statusCache.clear();
      statusCache.set(userId, { status, until: now + ACCOUNT_STATUS_TTL_MS });
      return status;
    }
    app.decorate('forgetAccountStatus', (userId: number) => {
      statusCache.delete(userId);
    });

    await app.register(fastifyJwt, {
      secret: options.secret,
      sign: { expiresIn: options.accessTokenTtlSeconds, algorithm: 'HS256' },
      verify: { algorithms: ['HS256'] },
      formatUser: (payload) => ({
        id: Number(payload.sub),
        role: payload.role,
        tokenVersion: payload.ver ?? 0,
        timeZone: 'UTC',
      }),
    });

    app.decorate('signAccessToken', (user: Omit<AuthUser, 'timeZone'>) =>
      app.jwt.sign({ sub: String(user.id), role: user.role, ver: user.tokenVersion }),
    );

    app.decorate('authenticate', async (request: FastifyRequest) => {
      try {
        await request.jwtVerify();
      } catch (error) {
        throw unauthorized(describeJwtError(error));
      }
      if (!Number.isSafeInteger(request.user.id) || request.user.id <= 0) {
        throw unauthorized('Invalid access token');
      }
      const account = await accountStatus(request.user.id, request.user.tokenVersion);
      if (account.status === 'missing') throw unauthorized(ACCOUNT_MISSING_MESSAGE);
      if (account.status === 'disabled') throw unauthorized(ACCOUNT_DISABLED_MESSAGE);
      if (account.tokenVersion !== request.user.tokenVersion) throw unauthorized(SESSION_ENDED_MESSAGE);
      request.user.timeZone = account.timeZone ?? (await adoptTimeZone(request, account)) ?? 'UTC';
    });

    /** An account without a zone takes the one its device names, once; later changes go through settings. */
    async function adoptTimeZone(request: FastifyRequest, account: Extract<AccountStatus, { tokenVersion: number }>) {
      const header = request.headers['x-time-zone'];
      const zone = canonicalTimeZone(typeof header === 'string' ? header : undefined);
      if (!zone || !options.adoptTimeZone) return null;
      account.timeZone = await options.adoptTimeZone(request.user.id, zone);
      return account.timeZone;
    }

    app.decorate('requireRole', (...roles: Role[]): preHandlerAsyncHookHandler => async (request) => {
      if (!roles.includes(request.user.role)) throw forbidden();
    });
  },
  { name: 'auth' },
);

function describeJwtError(error: unknown): string {
  switch ((error as { code?: string }).code) {
    case 'FST_JWT_NO_AUTHORIZATION_IN_HEADER':
      return 'Authentication required';
    case 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED':
      return 'Access token expired';
    default:
      return 'Invalid access token';
  }
}

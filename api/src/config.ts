// Everything the server reads from the environment, read once into one typed object.
// Tests build a Config by hand (or via loadConfig with a fake env) and pass it to buildApp.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The monorepo root: api/src/.. /.. and api/dist/.. /.. are the same folder. */
export const REPO_ROOT = path.resolve(__dirname, '../..');

export type DatabaseConfig =
  | { client: 'sqlite'; file: string }
  /** `schema` sets the PostgreSQL search_path (tests isolate each suite in its own schema). */
  | { client: 'postgres'; url: string; schema?: string };

export interface RateLimitRule {
  max: number;
  timeWindowMs: number;
  /** Each attempt past `max` doubles the wait (one window, then two, four...) instead of counting on. */
  backoff?: boolean;
}

/**
 * Wrong passwords of one account, from any address: the first `freeFailures` are free, then each
 * one makes the account wait before its next attempt (`firstWaitMs`, doubling up to `maxWaitMs`).
 * The count is forgotten `forgetAfterMs` after the last failure.
 */
export interface AccountBackoffRule {
  freeFailures: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetAfterMs: number;
}

export interface RateLimits {
  /** Stops one address from trying many accounts. */
  loginPerAddress: RateLimitRule;
  /** Stops one address from guessing one account's password (backing off). */
  loginPerAccountAddress: RateLimitRule;
  /** Stops password guessing against one account spread over many addresses. */
  loginFailuresPerAccount: AccountBackoffRule;
  registerPerAddress: RateLimitRule;
  /** Guessing the current password with a stolen access token. */
  changePasswordPerUser: RateLimitRule;
  /** Friend requests a learner sends (each may notify someone; by e-mail, each probes an address). */
  friendRequestsPerUser: RateLimitRule;
  /** "Forgot password?" requests from one address (each may send an e-mail). */
  forgotPasswordPerAddress: RateLimitRule;
  /** "Forgot password?" requests for one e-mail address, from anywhere: nobody's inbox is flooded. */
  forgotPasswordPerEmail: RateLimitRule;
  /** Reset attempts from one address (a token is 256 random bits: this only bounds the work). */
  resetPasswordPerAddress: RateLimitRule;
}

/** Account recovery's e-mail (modules/auth, lib/mail.ts). */
export interface MailConfig {
  /** smtp:// or smtps:// URL of the server that sends (SMTP_URL); unset: links go to the log. */
  smtpUrl?: string;
  /** The sender (MAIL_FROM). */
  from: string;
  /**
   * The site's public origin for links in e-mails (PUBLIC_URL, e.g. https://cards.example.org).
   * Unset: the request's own origin (its Host, or X-Forwarded-Host under TRUST_PROXY), which a
   * client chooses: refused in production with SMTP_URL, so no e-mail carries a forged host.
   */
  publicUrl?: string;
}

export const DEFAULT_MAIL_FROM = 'Flashcards <no-reply@localhost>';

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  logLevel: string;
  dataDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  /** Lifetime of an access token (ACCESS_TOKEN_TTL_SECONDS, default 900). */
  accessTokenTtlSeconds: number;
  /** Folder holding shell/dist and the built-in remotes' folders (released at start-up). */
  webRoot: string;
  /**
   * Fastify's trustProxy: true, or the proxies' addresses/subnets ("loopback", "10.0.0.0/8").
   * Set it behind a load balancer, so rate limits see client addresses, not the balancer's.
   */
  trustProxy: boolean | string;
  /** Origins allowed to call /api from another origin; `true` reflects any origin. */
  corsOrigins: boolean | string[];
  rateLimits: RateLimits;
  /**
   * Redis (REDIS_URL) for state several instances must share: the attempt limits. Absent: kept
   * in this process's memory, which is right for one instance only. While a configured Redis
   * does not answer, each process counts in its own memory (readiness and /metrics say so).
   */
  redisUrl?: string;
  /** Bearer token a Prometheus scraper presents to GET /metrics; unset: only this machine may read it. */
  metricsToken?: string;
  /** The platform registry (modules/platform). */
  platform: PlatformConfig;
  /** What one Anki package import may unpack, and how many run at once (modules/packages). */
  apkg: ApkgLimits;
  /** The service gateway: /api/services/<name>/* proxied to a team's own server (modules/gateway). */
  gateway: GatewayConfig;
  /** Account recovery's e-mail; absent: links go to the log, built from the request's origin. */
  mail?: MailConfig;
}

export interface GatewayConfig {
  /** How long a service may take to answer (its headers, then each pause in its body): 504 (GATEWAY_TIMEOUT_MS). */
  timeoutMs: number;
  /** Largest request body a call may carry: 413 (GATEWAY_BODY_LIMIT, bytes). */
  bodyLimitBytes: number;
  /** Calls one learner may make to one service per window: 429 (GATEWAY_RATE_LIMIT per minute). */
  rateLimit: RateLimitRule;
  /**
   * After `failures` failures in a row (a 5xx answer, a refused connection, a timeout) a service
   * is answered 503 at once for `cooldownMs`, then one call may try it (GATEWAY_BREAKER_FAILURES,
   * GATEWAY_BREAKER_COOLDOWN_MS).
   */
  breaker: { failures: number; cooldownMs: number };
  /** `iss` of the tokens the gateway signs (GATEWAY_ISSUER): the platform's public origin, or 'flashcard-platform'. */
  issuer: string;
  /** Lifetime of a signed token, at most 60 s (GATEWAY_TOKEN_TTL_SECONDS). */
  tokenTtlSeconds: number;
  /** A signing key signs this long, then the next one takes over (GATEWAY_KEY_MAX_AGE_DAYS). */
  keyMaxAgeMs: number;
  /**
   * The next key is published this long before it signs, so a service's cached key set (jose
   * refetches at most every 30 s, a cache may keep the JSON 5 minutes) already holds it.
   */
  keyPublishAheadMs: number;
}

/**
 * An .apkg is a zip: 50 MB of upload could unpack to ~50 GB. These caps bound what one import
 * holds in memory, and the number of imports bounds what an instance holds.
 */
export interface ApkgLimits {
  /** Bytes all of a package's members may unpack to together (APKG_MAX_UNPACKED_BYTES). */
  maxUnpackedBytes: number;
  /** Bytes one member may unpack to: the collection is the largest (APKG_MAX_MEMBER_BYTES). */
  maxMemberBytes: number;
  /** Members (files) a package may hold (APKG_MAX_FILES). */
  maxFiles: number;
  /** Imports this instance runs at once; one more is a 429 (APKG_CONCURRENT_IMPORTS). */
  concurrentImports: number;
}

const MIB = 1024 * 1024;

// A 50 MB package of 100,000 notes and 1,000,000 answers unpacks to ~50 MB (its collection);
// Anki's zstd shrinks a collection ~4x, so 128 MB is a collection of ~2.5 million answers.
// Media (images, sounds) hardly compress. The apkg bench measures the memory a 50 MB package takes.
export const DEFAULT_APKG_LIMITS: ApkgLimits = {
  maxUnpackedBytes: 192 * MIB,
  maxMemberBytes: 128 * MIB,
  maxFiles: 20_000,
  concurrentImports: 2,
};

export interface PlatformConfig {
  /** Largest gzip size of a remote's first load a release may have. */
  budgetGzipBytes: number;
  /** Bytes all releases of one remote may store together. */
  quotaBytes: number;
  /** A canary stops itself after `minUsers` served users when its failure rate is over the active's by `margin`. */
  haltPolicy: { minUsers: number; margin: number };
  /** The kernel version releases are checked against; read from the built shell when unset. */
  kernelVersion?: string;
  /** Browsers may point a remote at a localhost dev server (the shell's override badge). */
  devOverrides: boolean;
}

/** 500 MB: a built-in remote's release stores about 6 MB (fonts, precompressed copies). */
export const DEFAULT_RELEASE_QUOTA_BYTES = 500_000_000;

/** 150 KB gzipped: the built-in remotes load 29-40 KB each. */
export const DEFAULT_RELEASE_BUDGET_GZIP_BYTES = 150_000;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The longest a token signed for a service may live: a stolen one is worth a minute at most. */
export const MAX_SERVICE_TOKEN_TTL_SECONDS = 60;

export const DEFAULT_GATEWAY: GatewayConfig = {
  timeoutMs: 10_000,
  bodyLimitBytes: 1024 * 1024,
  rateLimit: { max: 300, timeWindowMs: MINUTE },
  breaker: { failures: 5, cooldownMs: 30_000 },
  issuer: 'flashcard-platform',
  tokenTtlSeconds: MAX_SERVICE_TOKEN_TTL_SECONDS,
  keyMaxAgeMs: 30 * DAY,
  keyPublishAheadMs: 10 * MINUTE,
};

/** 15 minutes: the refresh token (HttpOnly cookie) gets the next one. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

// Loose enough for a class of 30 behind one address to sign up and sign in within minutes,
// strict enough that guessing a password takes days.
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAddress: { max: 100, timeWindowMs: 10 * MINUTE },
  // A guesser who keeps trying past the limit waits longer each time (ASVS: back off).
  loginPerAccountAddress: { max: 10, timeWindowMs: 15 * MINUTE, backoff: true },
  // ASVS 2.2.1 allows at most 100 failures an hour per account: 10 free, then waits of 30 s,
  // 1, 2, 4, 8 and 15 minutes let fewer than 20 through in any hour, from any number of addresses,
  // while the owner is never kept out longer than 15 minutes.
  loginFailuresPerAccount: {
    freeFailures: 10,
    firstWaitMs: 30_000,
    maxWaitMs: 15 * MINUTE,
    forgetAfterMs: 60 * MINUTE,
  },
  registerPerAddress: { max: 60, timeWindowMs: 60 * MINUTE },
  changePasswordPerUser: { max: 10, timeWindowMs: 15 * MINUTE },
  friendRequestsPerUser: { max: 20, timeWindowMs: 60 * MINUTE },
  forgotPasswordPerAddress: { max: 20, timeWindowMs: 60 * MINUTE },
  forgotPasswordPerEmail: { max: 5, timeWindowMs: 60 * MINUTE },
  resetPasswordPerAddress: { max: 30, timeWindowMs: 60 * MINUTE },
};

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const isProduction = nodeEnv === 'production';
  // `npm run` switches cwd to the workspace; INIT_CWD is where the user typed the command.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const resolvePath = (value: string | undefined, fallback: string) =>
    value ? path.resolve(baseDir, value) : fallback;

  const dataDir = resolvePath(env.DATA_DIR, path.join(REPO_ROOT, 'data'));
  const databaseUrl = env.DATABASE_URL ?? '';
  const database: DatabaseConfig = /^postgres(ql)?:\/\//.test(databaseUrl)
    ? { client: 'postgres', url: databaseUrl }
    : { client: 'sqlite', file: path.join(dataDir, 'flashcards.db') };

  return {
    nodeEnv,
    isProduction,
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    dataDir,
    database,
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, dataDir, isProduction),
    accessTokenTtlSeconds: parsePositiveInteger(
      'ACCESS_TOKEN_TTL_SECONDS',
      env.ACCESS_TOKEN_TTL_SECONDS,
      ACCESS_TOKEN_TTL_SECONDS,
    ),
    webRoot: resolvePath(env.WEB_ROOT, REPO_ROOT),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    rateLimits: DEFAULT_RATE_LIMITS,
    redisUrl: parseRedisUrl(env.REDIS_URL),
    metricsToken: env.METRICS_TOKEN || undefined,
    apkg: {
      maxUnpackedBytes: parsePositiveInteger(
        'APKG_MAX_UNPACKED_BYTES',
        env.APKG_MAX_UNPACKED_BYTES,
        DEFAULT_APKG_LIMITS.maxUnpackedBytes,
      ),
      maxMemberBytes: parsePositiveInteger(
        'APKG_MAX_MEMBER_BYTES',
        env.APKG_MAX_MEMBER_BYTES,
        DEFAULT_APKG_LIMITS.maxMemberBytes,
      ),
      maxFiles: parsePositiveInteger('APKG_MAX_FILES', env.APKG_MAX_FILES, DEFAULT_APKG_LIMITS.maxFiles),
      concurrentImports: parsePositiveInteger(
        'APKG_CONCURRENT_IMPORTS',
        env.APKG_CONCURRENT_IMPORTS,
        DEFAULT_APKG_LIMITS.concurrentImports,
      ),
    },
    platform: {
      budgetGzipBytes: parsePositiveInteger(
        'RELEASE_BUDGET_GZIP_BYTES',
        env.RELEASE_BUDGET_GZIP_BYTES,
        DEFAULT_RELEASE_BUDGET_GZIP_BYTES,
      ),
      quotaBytes: parsePositiveInteger('RELEASE_QUOTA_BYTES', env.RELEASE_QUOTA_BYTES, DEFAULT_RELEASE_QUOTA_BYTES),
      haltPolicy: {
        minUsers: parsePositiveInteger('CANARY_HALT_MIN_USERS', env.CANARY_HALT_MIN_USERS, 10),
        margin: parseFraction('CANARY_HALT_MARGIN', env.CANARY_HALT_MARGIN, 0.2),
      },
      kernelVersion: env.KERNEL_VERSION || undefined,
      // Off in production unless asked for: it lets a browser run code from its own localhost.
      devOverrides: env.REMOTE_OVERRIDES ? env.REMOTE_OVERRIDES === 'on' : !isProduction,
    },
    gateway: parseGateway(env),
    mail: parseMail(env, isProduction),
  };
}

function parseMail(env: Env, isProduction: boolean): MailConfig {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}"`);
  let publicUrl: string | undefined;
  if (env.PUBLIC_URL) {
    let url: URL;
    try {
      url = new URL(env.PUBLIC_URL);
    } catch {
      throw new ConfigError(
        `PUBLIC_URL must be the site's origin, e.g. https://cards.example.org, got "${env.PUBLIC_URL}"`,
      );
    }
    if (!/^https?:$/.test(url.protocol))
      throw new ConfigError(`PUBLIC_URL must start with http:// or https://, got "${env.PUBLIC_URL}"`);
    publicUrl = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  // A link built from the request's Host would let anyone have the site e-mail a victim a link
  // to their own host (and receive the token): in production an e-mailed link needs PUBLIC_URL.
  if (isProduction && smtpUrl && !publicUrl)
    throw new ConfigError(
      "SMTP_URL is set without PUBLIC_URL. In production reset links need the site's public origin: set PUBLIC_URL, e.g. https://cards.example.org.",
    );
  return { smtpUrl, from: env.MAIL_FROM || DEFAULT_MAIL_FROM, publicUrl };
}

function parseGateway(env: Env): GatewayConfig {
  const tokenTtlSeconds = parsePositiveInteger(
    'GATEWAY_TOKEN_TTL_SECONDS',
    env.GATEWAY_TOKEN_TTL_SECONDS,
    DEFAULT_GATEWAY.tokenTtlSeconds,
  );
  if (tokenTtlSeconds > MAX_SERVICE_TOKEN_TTL_SECONDS)
    throw new ConfigError(
      `GATEWAY_TOKEN_TTL_SECONDS must be at most ${MAX_SERVICE_TOKEN_TTL_SECONDS}, got "${env.GATEWAY_TOKEN_TTL_SECONDS}"`,
    );
  return {
    timeoutMs: parsePositiveInteger('GATEWAY_TIMEOUT_MS', env.GATEWAY_TIMEOUT_MS, DEFAULT_GATEWAY.timeoutMs),
    bodyLimitBytes: parsePositiveInteger('GATEWAY_BODY_LIMIT', env.GATEWAY_BODY_LIMIT, DEFAULT_GATEWAY.bodyLimitBytes),
    rateLimit: {
      max: parsePositiveInteger('GATEWAY_RATE_LIMIT', env.GATEWAY_RATE_LIMIT, DEFAULT_GATEWAY.rateLimit.max),
      timeWindowMs: MINUTE,
    },
    breaker: {
      failures: parsePositiveInteger(
        'GATEWAY_BREAKER_FAILURES',
        env.GATEWAY_BREAKER_FAILURES,
        DEFAULT_GATEWAY.breaker.failures,
      ),
      cooldownMs: parsePositiveInteger(
        'GATEWAY_BREAKER_COOLDOWN_MS',
        env.GATEWAY_BREAKER_COOLDOWN_MS,
        DEFAULT_GATEWAY.breaker.cooldownMs,
      ),
    },
    issuer: env.GATEWAY_ISSUER || DEFAULT_GATEWAY.issuer,
    tokenTtlSeconds,
    keyMaxAgeMs:
      parsePositiveInteger(
        'GATEWAY_KEY_MAX_AGE_DAYS',
        env.GATEWAY_KEY_MAX_AGE_DAYS,
        DEFAULT_GATEWAY.keyMaxAgeMs / DAY,
      ) * DAY,
    keyPublishAheadMs: DEFAULT_GATEWAY.keyPublishAheadMs,
  };
}

function parseRedisUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^rediss?:\/\//.test(value))
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${value}"`);
  return value;
}

function parsePositiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0)
    throw new ConfigError(`${name} must be a positive whole number, got "${value}"`);
  return number;
}

function parseFraction(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 1)
    throw new ConfigError(`${name} must be a number from 0 to 1, got "${value}"`);
  return number;
}

function parsePort(value: string | undefined): number {
  if (!value) return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a number between 0 and 65535, got "${value}"`);
  }
  return port;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/**
 * Same-origin unless configured: the shell and every remote call `/api` on the page's own origin
 * (in development through each dev server's /api proxy), so no origin needs CORS by default,
 * whatever NODE_ENV says. `*` or a comma list opens it on purpose.
 */
function parseCorsOrigins(value: string | undefined): boolean | string[] {
  if (!value) return false;
  if (value.trim() === '*') return true;
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** HS256 keys shorter than its 256-bit hash can be brute-forced offline from any one token (RFC 7518 3.2). */
export const MIN_JWT_SECRET_BYTES = 32;

/**
 * Production must be given a secret (several instances must share it) of at least 32 bytes.
 * Elsewhere one is generated on first start and kept in DATA_DIR, so sign-ins survive restarts.
 */
function resolveJwtSecret(value: string | undefined, dataDir: string, isProduction: boolean): string {
  if (isProduction && value && Buffer.byteLength(value) < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError(
      `JWT_SECRET is too short (${Buffer.byteLength(value)} bytes). In production it must be at least ${MIN_JWT_SECRET_BYTES} bytes of random text, e.g. openssl rand -base64 48.`,
    );
  }
  if (value) return value;
  if (isProduction) {
    throw new ConfigError(
      'JWT_SECRET is not set. In production every instance must share one secret: set JWT_SECRET to a long random string.',
    );
  }
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Write a temp file, then link it into place: link fails if the file exists, so two
    // instances starting together both end up with the first one's complete secret.
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, randomBytes(48).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(temp);
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError(`${file} holds no usable secret; delete it and a new one is generated.`);
  }
  return secret;
}

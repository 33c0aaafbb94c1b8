import fs from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  DEFAULT_APKG_LIMITS,
  DEFAULT_GATEWAY,
  DEFAULT_RATE_LIMITS,
  loadConfig,
  REPO_ROOT,
} from './config';
import { makeTempDir } from './test/harness';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir('flashcards-config-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('has working defaults rooted at the repository', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(REPO_ROOT).toBe(path.resolve(__dirname, '../..'));
    expect(fs.existsSync(path.join(REPO_ROOT, 'api', 'package.json'))).toBe(true);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      database: { client: 'sqlite', file: path.join(REPO_ROOT, 'data', 'flashcards.db') },
      webRoot: REPO_ROOT,
      trustProxy: false,
      rateLimits: DEFAULT_RATE_LIMITS,
    });
  });

  it('resolves relative paths against the directory npm was started from (INIT_CWD)', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), INIT_CWD: dir, DATA_DIR: 'my-data', WEB_ROOT: 'web' });
    expect(config.dataDir).toBe(path.join(dir, 'my-data'));
    expect(config.database).toEqual({ client: 'sqlite', file: path.join(dir, 'my-data', 'flashcards.db') });
    expect(config.webRoot).toBe(path.join(dir, 'web'));
  });

  it('selects PostgreSQL for a postgres:// DATABASE_URL only', () => {
    const url = 'postgres://user@db.example:5432/flashcards';
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), DATABASE_URL: url }).database).toEqual({ client: 'postgres', url });
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'mysql://x', DATA_DIR: dir }).database.client).toBe(
      'sqlite',
    );
  });

  it('generates a JWT secret once, keeps it private in DATA_DIR and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(64);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    expect(fs.readdirSync(dir)).toEqual(['jwt-secret']);
  });

  it('refuses a production JWT_SECRET shorter than 32 bytes, counted in UTF-8', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x' })).toThrow(
      /JWT_SECRET is too short \(1 bytes\)\. In production it must be at least 32 bytes/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(31) })).toThrow(/too short/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    // 16 characters of two bytes each are 32 bytes.
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'é'.repeat(16) }).jwtSecret).toBe('é'.repeat(16));
    // Outside production a short secret is the developer's business.
    expect(loadConfig({ JWT_SECRET: 'x', DATA_DIR: dir }).jwtSecret).toBe('x');
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/JWT_SECRET is not set/);
    expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe('s'.repeat(40));
  });

  it('rejects a PORT that is not a port number', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), PORT: 'eighty' })).toThrow(/PORT must be a number/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), PORT: '4000' }).port).toBe(4000);
  });

  it('keeps the API same-origin by default, in development too; only CORS_ORIGINS opens it', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).corsOrigins).toBe(false);
    expect(loadConfig({ ...secret, NODE_ENV: 'production' }).corsOrigins).toBe(false);
    expect(loadConfig({ ...secret, CORS_ORIGINS: '*' }).corsOrigins).toBe(true);
    expect(
      loadConfig({ ...secret, NODE_ENV: 'production', CORS_ORIGINS: 'https://a.example, https://b.example' })
        .corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('reads TRUST_PROXY as a boolean or a list of proxy addresses', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...secret, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...secret, TRUST_PROXY: 'loopback,10.0.0.0/8' }).trustProxy).toBe('loopback,10.0.0.0/8');
  });

  it('reads the Anki import caps, whole positive numbers only', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).apkg).toEqual(DEFAULT_APKG_LIMITS);
    const env = {
      APKG_MAX_UNPACKED_BYTES: '1000',
      APKG_MAX_MEMBER_BYTES: '500',
      APKG_MAX_FILES: '10',
      APKG_CONCURRENT_IMPORTS: '1',
    };
    expect(loadConfig({ ...secret, ...env }).apkg).toEqual({
      maxUnpackedBytes: 1000,
      maxMemberBytes: 500,
      maxFiles: 10,
      concurrentImports: 1,
    });
    expect(() => loadConfig({ ...secret, APKG_MAX_UNPACKED_BYTES: '1e12x' })).toThrow(
      /APKG_MAX_UNPACKED_BYTES must be a positive whole number/,
    );
    expect(() => loadConfig({ ...secret, APKG_CONCURRENT_IMPORTS: '0' })).toThrow(ConfigError);
  });

  it("reads the service gateway's limits once; a service token lives 60 s at most", () => {
    const secret = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).gateway).toEqual(DEFAULT_GATEWAY);
    expect(DEFAULT_GATEWAY).toMatchObject({ timeoutMs: 10_000, bodyLimitBytes: 1024 * 1024, tokenTtlSeconds: 60 });
    const gateway = loadConfig({
      ...secret,
      GATEWAY_TIMEOUT_MS: '2500',
      GATEWAY_BODY_LIMIT: '4096',
      GATEWAY_RATE_LIMIT: '20',
      GATEWAY_BREAKER_FAILURES: '3',
      GATEWAY_BREAKER_COOLDOWN_MS: '1000',
      GATEWAY_ISSUER: 'https://flashcards.example',
      GATEWAY_TOKEN_TTL_SECONDS: '30',
      GATEWAY_KEY_MAX_AGE_DAYS: '7',
    }).gateway;
    expect(gateway).toEqual({
      ...DEFAULT_GATEWAY,
      timeoutMs: 2500,
      bodyLimitBytes: 4096,
      rateLimit: { max: 20, timeWindowMs: 60_000 },
      breaker: { failures: 3, cooldownMs: 1000 },
      issuer: 'https://flashcards.example',
      tokenTtlSeconds: 30,
      keyMaxAgeMs: 7 * 86_400_000,
    });
    expect(() => loadConfig({ ...secret, GATEWAY_TOKEN_TTL_SECONDS: '61' })).toThrow(
      /GATEWAY_TOKEN_TTL_SECONDS must be at most 60/,
    );
    expect(() => loadConfig({ ...secret, GATEWAY_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
  });
});

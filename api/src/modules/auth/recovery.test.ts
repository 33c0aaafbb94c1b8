import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../app';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig, type Config, type MailConfig } from '../../config';
import { bearer, describeEachDb, registerUser, uniqueEmail, type TestContext } from '../../test/harness';
import { hashResetToken, RECOVERY_MESSAGES, RESET_LINK_TTL_MS } from './recovery-service';
import { RESET_EMAIL_TEXT } from './reset-email';

const FROM = 'Flashcards <recovery@test.example>';
const PUBLIC_URL = 'https://cards.test.example';
const NEW_PASSWORD = 'violet kettle harbour';
const ROOMY: Config['rateLimits'] = {
  ...DEFAULT_RATE_LIMITS,
  registerPerAddress: { max: 10_000, timeWindowMs: 60_000 },
  forgotPasswordPerAddress: { max: 10_000, timeWindowMs: 60_000 },
  forgotPasswordPerEmail: { max: 10_000, timeWindowMs: 60_000 },
};

/** A real SMTP server on a free port: every message it accepts, parsed. */
class Mailbox {
  readonly received: ParsedMail[] = [];
  /** How long the server takes to accept a message's data (a slow mail server). */
  delayMs = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (mail) => setTimeout(() => (this.received.push(mail), callback()), this.delayMs),
        (error: Error) => callback(error),
      );
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  to(email: string): ParsedMail[] {
    return this.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
  }

  async next(email: string, seen = 0, timeoutMs = 10_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mails = this.to(email);
      if (mails.length > seen) return mails[seen]!;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no e-mail to ${email}`);
  }
}

function tokenOf(mail: ParsedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in ${mail.text}`);
  return match[1]!;
}

describeEachDb('account recovery API', (ctx: TestContext) => {
  const mailbox = new Mailbox();
  let smtpUrl = '';
  let nowMs = Date.now();
  let app: FastifyInstance;
  const own: FastifyInstance[] = [];

  /** An app of the suite's database the test closes itself (closing waits for the e-mails under way). */
  async function appWith(mail: MailConfig | undefined, config: Partial<Config> = {}): Promise<FastifyInstance> {
    const built = buildApp(
      { ...ctx.config, rateLimits: ROOMY, mail, ...config },
      { db: ctx.db, now: () => new Date(nowMs) },
    );
    own.push(built);
    await built.ready();
    return built;
  }

  beforeAll(async () => {
    smtpUrl = await mailbox.start();
    app = await appWith({ smtpUrl, from: FROM, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    for (const built of own) await built.close();
    await mailbox.stop();
  });
  beforeEach(() => {
    nowMs = Date.now();
  });

  const post = (target: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
    target.inject({ method: 'POST', url, payload, headers });
  const forgot = (email: string, target = app, headers: Record<string, string> = {}) =>
    post(target, '/api/auth/forgot-password', { email }, headers);
  const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    post(app, '/api/auth/reset-password', { token, password, confirmPassword });
  const login = (email: string, password: string) => post(app, '/api/auth/login', { email, password });

  async function linkFor(email: string): Promise<string> {
    const seen = mailbox.to(email).length;
    expect((await forgot(email)).statusCode).toBe(202);
    return tokenOf(await mailbox.next(email, seen));
  }

  it('answers 202 with the same body for a known, an unknown and a disabled address; only the known one gets mail', async () => {
    const target = await appWith({ smtpUrl, from: FROM, publicUrl: PUBLIC_URL });
    const known = await registerUser(target, { email: uniqueEmail('known') });
    const disabled = await registerUser(target, { email: uniqueEmail('disabled') });
    await ctx.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', disabled.id)
      .execute();
    const unknown = uniqueEmail('nobody');

    // A slow mail server: the known address's answer must not wait for it.
    mailbox.delayMs = 800;
    try {
      const answers = [];
      for (const email of [known.email, unknown, disabled.email]) {
        const started = performance.now();
        const response = await forgot(email, target);
        answers.push({ status: response.statusCode, body: response.body, ms: performance.now() - started });
      }
      expect(answers.map(({ status }) => status)).toEqual([202, 202, 202]);
      expect(new Set(answers.map(({ body }) => body)).size).toBe(1);
      expect(JSON.parse(answers[0]!.body)).toEqual({ message: RECOVERY_MESSAGES.requested, delivery: 'email' });
      for (const { ms } of answers) expect(ms).toBeLessThan(500);
      // Closing waits for the e-mails under way: after it, everything that was sent has arrived.
      await target.close();
    } finally {
      mailbox.delayMs = 0;
    }
    expect(mailbox.to(known.email)).toHaveLength(1);
    expect(mailbox.to(unknown)).toHaveLength(0);
    expect(mailbox.to(disabled.email)).toHaveLength(0);
  });

  it('e-mails a link to PUBLIC_URL whose token is stored only as its sha256, valid 30 minutes', async () => {
    const user = await registerUser(app, { email: uniqueEmail('mailed') });
    const requestedAt = nowMs;
    expect((await forgot(`  ${user.email.toUpperCase()} `)).statusCode).toBe(202);
    const mail = await mailbox.next(user.email);

    expect(mail.from?.value).toEqual([{ name: 'Flashcards', address: 'recovery@test.example' }]);
    expect(mail.subject).toBe('Reset your Flashcards password');
    const token = tokenOf(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/reset-password?token=${token}"`);

    const rows = await ctx.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashResetToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.used_at).toBeNull();
    expect(Date.parse(rows[0]!.expires_at) - requestedAt).toBe(RESET_LINK_TTL_MS);
    expect(RESET_LINK_TTL_MS).toBe(30 * 60_000);
  });

  it('writes the e-mail in the account’s language, English for one the app does not speak', async () => {
    const spanish = await registerUser(app, { email: uniqueEmail('es') });
    const settings = await app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: bearer(spanish.accessToken),
      payload: { language: 'es' },
    });
    expect(settings.statusCode).toBe(200);
    expect((await forgot(spanish.email)).statusCode).toBe(202);
    const mail = await mailbox.next(spanish.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Flashcards');
    expect(mail.text).toContain(RESET_EMAIL_TEXT.es.asked);
    expect(mail.text).toContain('Abre este enlace en los próximos 30 minutos');
    expect(mail.html).toContain(`>${RESET_EMAIL_TEXT.es.choose}</a>`);
    expect(mail.text).not.toContain(RESET_EMAIL_TEXT.en.asked);
    // The link works as in English.
    expect((await reset(tokenOf(mail))).statusCode).toBe(200);

    const other = await registerUser(app, { email: uniqueEmail('xx') });
    await ctx.db
      .insertInto('user_settings')
      .values({ user_id: other.id, language: 'pt', updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ language: 'pt' }))
      .execute();
    expect((await forgot(other.email)).statusCode).toBe(202);
    const english = await mailbox.next(other.email);
    expect(english.subject).toBe('Reset your Flashcards password');
    expect(english.text).toContain(RESET_EMAIL_TEXT.en.asked);
  });

  it('without PUBLIC_URL the link takes the request’s own origin', async () => {
    const target = await appWith({ smtpUrl, from: FROM });
    const user = await registerUser(target, { email: uniqueEmail('origin') });
    expect((await forgot(user.email, target, { host: 'cards.local:8080' })).statusCode).toBe(202);
    expect((await mailbox.next(user.email)).text).toContain('http://cards.local:8080/reset-password?token=');
  });

  it('sets the new password, ends every session (old refresh token and access token) and works once', async () => {
    const user = await registerUser(app, { email: uniqueEmail('reset') });
    const other = await login(user.email, user.password);
    const token = await linkFor(user.email);

    const response = await reset(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RECOVERY_MESSAGES.reset });

    for (const refreshToken of [user.refreshToken, other.json().tokens.refreshToken]) {
      const refreshed = await post(app, '/api/auth/refresh', { refreshToken });
      expect(refreshed.statusCode).toBe(401);
    }
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.accessToken) });
    expect(me.statusCode).toBe(401);

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'another fine passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: RECOVERY_MESSAGES.usedLink });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('password_reset_tokens')
      .select('used_at')
      .where('token_hash', '=', hashResetToken(token))
      .executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
  });

  // With the counts in memory, and in Redis when the run has one (CI sets TEST_REDIS_URL).
  const stores: [string, string | undefined][] = [['memory', undefined]];
  if (process.env.TEST_REDIS_URL) stores.push(['Redis', process.env.TEST_REDIS_URL]);
  it.each(stores)(
    'lets the owner sign in at once after a reset that followed many failed logins (counts in %s)',
    async (_store, redisUrl) => {
      const target = await appWith(
        { smtpUrl, from: FROM, publicUrl: PUBLIC_URL },
        { redisUrl, rateLimits: { ...ROOMY, loginPerAddress: DEFAULT_RATE_LIMITS.loginPerAddress } },
      );
      const user = await registerUser(target, { email: uniqueEmail('locked') });
      // An address no other run used: counts in Redis outlive a run (for their window).
      const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const attempt = (password: string) =>
        target.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password },
          remoteAddress,
        });
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await attempt('wrong guess')).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);

      const seen = mailbox.to(user.email).length;
      expect((await forgot(user.email, target)).statusCode).toBe(202);
      const token = tokenOf(await mailbox.next(user.email, seen));
      const done = await target.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        remoteAddress,
      });
      expect(done.statusCode).toBe(200);
      expect((await attempt(NEW_PASSWORD)).statusCode).toBe(200);
      // The counts start over from nothing: wrong passwords are plain 401s again for a while.
      for (let i = 0; i < 8; i++) expect((await attempt('wrong again')).statusCode).toBe(401);
      expect((await attempt(NEW_PASSWORD)).statusCode).toBe(200);
    },
  );

  it('refuses a link 30 minutes after it was sent (the injected clock), not before', async () => {
    const user = await registerUser(app, { email: uniqueEmail('late') });
    const token = await linkFor(user.email);

    nowMs += RESET_LINK_TTL_MS - 1_000;
    // Still valid: the password is what is wrong.
    expect((await reset(token, '12345')).json()).toEqual({ error: 'Password must be at least 6 characters long' });
    nowMs += 1_000;
    const late = await reset(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: RECOVERY_MESSAGES.expiredLink });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a malformed token', 'not a token'],
    ['an empty token', ''],
  ])('refuses %s with 400 {error}', async (_what, token) => {
    const response = await reset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: RECOVERY_MESSAGES.invalidLink });
  });

  it('refuses a body without the token or the confirmation with 400 {error}', async () => {
    for (const payload of [
      { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: 'x', password: 'y' },
    ]) {
      const response = await post(app, '/api/auth/reset-password', payload);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
  });

  it('keeps sign-up’s password rules, and the link stays usable after a refused password', async () => {
    const user = await registerUser(app, { email: uniqueEmail('rules') });
    const token = await linkFor(user.email);
    const refusals: Array<[string, string, string]> = [
      ['', '', 'Password is required'],
      ['12345', '12345', 'Password must be at least 6 characters long'],
      [
        'password1',
        'password1',
        'This password is too common: it appears in lists of breached passwords. Please choose another.',
      ],
      [user.email, user.email, 'Your password must not be your email address'],
      [NEW_PASSWORD, `${NEW_PASSWORD}!`, 'Passwords do not match'],
    ];
    for (const [password, confirmation, error] of refusals) {
      const response = await reset(token, password, confirmation);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('a new link replaces the older unused one', async () => {
    const user = await registerUser(app, { email: uniqueEmail('twice') });
    const first = await linkFor(user.email);
    const second = await linkFor(user.email);
    expect(second).not.toBe(first);
    expect((await reset(first)).json()).toEqual({ error: RECOVERY_MESSAGES.invalidLink });
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('refuses a link of an account disabled since it was sent (403), leaving it unspent', async () => {
    const user = await registerUser(app, { email: uniqueEmail('disabled-later') });
    const token = await linkFor(user.email);
    await ctx.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    const response = await reset(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'This account is disabled' });
  });

  it('limits requests per e-mail address (429), known or not', async () => {
    const target = await appWith(undefined, {
      rateLimits: { ...ROOMY, forgotPasswordPerEmail: { max: 2, timeWindowMs: 60_000 } },
    });
    const email = uniqueEmail('flood');
    expect((await forgot(email, target)).statusCode).toBe(202);
    expect((await forgot(email.toUpperCase(), target)).statusCode).toBe(202);
    const refused = await forgot(email, target);
    expect(refused.statusCode).toBe(429);
    expect(typeof refused.json().error).toBe('string');
    expect((await forgot(uniqueEmail('other'), target)).statusCode).toBe(202);
  });

  it('refuses a malformed address with 400 {error}', async () => {
    const response = await forgot('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Please enter a valid email address' });
  });

  it('without SMTP_URL writes the link to the log at info level, and says so (delivery: log)', async () => {
    const target = await appWith(undefined);
    const info = jest.spyOn(target.log, 'info');
    const user = await registerUser(target, { email: uniqueEmail('logged') });
    const response = await forgot(user.email, target, { host: 'dev.local:3000' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: RECOVERY_MESSAGES.requested, delivery: 'log' });
    await target.close();

    const lines = info.mock.calls.map((args) => args.map(String).join(' '));
    const line = lines.find((text) => text.includes('/reset-password?token='));
    expect(line).toContain('http://dev.local:3000/reset-password?token=');
    const token = /token=([A-Za-z0-9_-]{43})/.exec(line!)![1]!;
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('tells a disabled account’s refresh why it is refused, though disabling revoked its tokens', async () => {
    const user = await registerUser(app, { email: uniqueEmail('refresh-disabled') });
    const admin = await registerUser(app, { email: uniqueEmail('admin') });
    await ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const adminToken = (await login(admin.email, admin.password)).json().tokens.accessToken;
    const disabled = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/disable`,
      headers: bearer(adminToken),
    });
    expect(disabled.statusCode).toBe(200);

    const refreshed = await post(app, '/api/auth/refresh', { refreshToken: user.refreshToken });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toEqual({ error: 'This account is disabled' });
    const signIn = await login(user.email, user.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toEqual({ error: 'This account is disabled' });
  });
});

describe('mail configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(48), DATA_DIR: '/tmp/flashcards-config-test' };

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_URL (its origin and path, no trailing slash)', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Cards <cards@example.org>',
      PUBLIC_URL: 'https://cards.example.org/',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://mail:25',
      from: 'Cards <cards@example.org>',
      publicUrl: 'https://cards.example.org',
    });
  });

  it('refuses SMTP_URL without PUBLIC_URL in production (links would take a client-chosen Host)', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'cards.example.org' })).toThrow(ConfigError);
  });
});

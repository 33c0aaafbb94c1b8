// /api/auth/*: HTTP in, service call, presenter out. No rules here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authEndpoints as ep } from '@flashcard/api-contract/schemas';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../../config';
import { presentResetRequested, presentSignedIn, presentUser, type Answered } from './presenter';
import { RECOVERY_MESSAGES, type RecoveryService } from './recovery-service';
import { normalizeEmail, type AuthService, type SignedIn } from './service';
import { clearRefreshCookie, isBrowserCall, refuseCrossSite, sessionCookie, setRefreshCookie } from './session-cookie';

export interface AuthRoutesOptions {
  service: AuthService;
  recovery: RecoveryService;
  rateLimits: RateLimits;
  /** The session cookie is Secure (production: served over HTTPS). */
  secureCookies: boolean;
}

const clientAddress = (request: FastifyRequest) => request.ip;

const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (
  app,
  { service, recovery, rateLimits, secureCookies },
) => {
  await app.register(cookie);
  // Reset e-mails still being sent when the server closes go out first.
  app.addHook('onClose', () => recovery.close());

  // A new refresh token goes into the HttpOnly cookie, and into the body only for a client that
  // keeps it itself: no page script (a remote's included) ever reads it from an answer.
  const session = (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): Answered => {
    setRefreshCookie(reply, signedIn.tokens.refreshToken, secureCookies);
    if (!isBrowserCall(request)) return signedIn;
    return { ...signedIn, tokens: { accessToken: signedIn.tokens.accessToken } };
  };
  const noBody = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  // Per address before the body is even parsed; per account and address once the e-mail is
  // known (a guesser elsewhere spends their own attempts, never the owner's); and per account
  // from any address: past its free failures an account waits longer after each wrong password,
  // so guesses spread over many addresses stay few, while the owner's right password still
  // works as soon as a wait is over (a wait never outlasts `maxWaitMs`). Account recovery, once
  // there is one, must not be held by these waits: it is how an owner gets in during an attack.
  const accountOf = (request: FastifyRequest) => normalizeEmail((request.body as { email: string }).email);
  const loginPerAddress = app.attemptLimit('login-address', rateLimits.loginPerAddress, clientAddress);
  const loginPerAccountAddress = app.attemptLimit(
    'login-account',
    rateLimits.loginPerAccountAddress,
    (request) => `${accountOf(request)}|${clientAddress(request)}`,
  );
  // Only a 401 (wrong password or no such account) is a failure; any other answer takes it back.
  const loginFailuresPerAccount = app.accountBackoff(
    'login-failures',
    rateLimits.loginFailuresPerAccount,
    accountOf,
    (reply) => reply.statusCode === 401,
  );
  const registerPerAddress = app.attemptLimit('register-address', rateLimits.registerPerAddress, clientAddress);
  // Recovery: per address, and per e-mail address asked for from anywhere (a 429 says nothing of
  // whether an account uses it). Never the login waits: recovery is how an owner gets in then.
  const forgotPerAddress = app.attemptLimit('forgot-address', rateLimits.forgotPasswordPerAddress, clientAddress);
  const forgotPerEmail = app.attemptLimit('forgot-email', rateLimits.forgotPasswordPerEmail, accountOf);
  const resetPerAddress = app.attemptLimit('reset-address', rateLimits.resetPasswordPerAddress, clientAddress);
  const changePasswordPerUser = app.attemptLimit('change-password', rateLimits.changePasswordPerUser, (request) =>
    String(request.user.id),
  );

  app.post(ep.register.path, { schema: ep.register.schema, onRequest: registerPerAddress }, async (request, reply) => {
    const signedIn = await service.register(request.body);
    return reply.code(201).send(presentSignedIn(session(request, reply, signedIn), 'Registration successful'));
  });

  app.post(
    ep.login.path,
    {
      schema: ep.login.schema,
      onRequest: loginPerAddress,
      preHandler: [loginPerAccountAddress, loginFailuresPerAccount.reserve],
      onSend: loginFailuresPerAccount.settle,
    },
    async (request, reply) => {
      const signedIn = await service.login(request.body.email, request.body.password);
      return presentSignedIn(session(request, reply, signedIn), 'Login successful');
    },
  );

  // The body's token (a client that keeps its own), else the browser's cookie. The answer
  // carries the user, so a page restoring its session needs no /auth/me after it.
  app.post(
    ep.refresh.path,
    { schema: ep.refresh.schema, onRequest: refuseCrossSite, preValidation: noBody },
    async (request, reply) => {
      const fromBody = request.body.refreshToken;
      const signedIn = await service.refresh(fromBody ?? sessionCookie(request), {
        fromCookie: fromBody === undefined,
      });
      const { tokens, user } = session(request, reply, signedIn);
      return { tokens, user: presentUser(user) };
    },
  );

  // No authentication and no body required: signing out must work with an expired access
  // token, and a client that lost its refresh token may still call it. The browser's cookie
  // goes too (only on the page's own call: another site cannot sign anyone out).
  app.post(
    ep.logout.path,
    { schema: ep.logout.schema, onRequest: refuseCrossSite, preValidation: noBody },
    async (request, reply) => {
      const browser = isBrowserCall(request);
      await service.logout(request.body.refreshToken ?? (browser ? sessionCookie(request) : undefined));
      if (browser) clearRefreshCookie(reply, secureCookies);
      return { message: 'Logged out' };
    },
  );

  app.get(ep.me.path, { schema: ep.me.schema, preHandler: app.authenticate }, async (request) => {
    const user = await service.currentUser(request.user.id);
    return { success: true as const, user: presentUser(user) };
  });

  app.post(
    ep.changePassword.path,
    { schema: ep.changePassword.schema, preHandler: [app.authenticate, changePasswordPerUser] },
    async (request, reply) => {
      const signedIn = await service.changePassword(
        request.user.id,
        request.body.oldPassword,
        request.body.newPassword,
      );
      const { tokens } = session(request, reply, signedIn);
      return { success: true as const, message: 'Password changed successfully', tokens };
    },
  );

  // The links' origin when PUBLIC_URL is unset: this request's (Host, or X-Forwarded-* under TRUST_PROXY).
  app.post(
    ep.forgotPassword.path,
    { schema: ep.forgotPassword.schema, onRequest: forgotPerAddress, preHandler: forgotPerEmail },
    async (request, reply) => {
      const delivery = recovery.requestReset(request.body.email, `${request.protocol}://${request.host}`);
      return reply.code(202).send(presentResetRequested(delivery, RECOVERY_MESSAGES.requested));
    },
  );

  // A new password proves the owner: the account's sign-in waits go, and its count from this
  // address (a guesser elsewhere keeps theirs), so the learner signs in at once.
  app.post(ep.resetPassword.path, { schema: ep.resetPassword.schema, onRequest: resetPerAddress }, async (request) => {
    const { email } = await recovery.resetPassword(request.body);
    await loginFailuresPerAccount.forget(email);
    await loginPerAccountAddress.forget(`${email}|${clientAddress(request)}`);
    return { message: RECOVERY_MESSAGES.reset };
  });
};

export default authRoutes;

// /api/auth/*: HTTP in, service call, presenter out. No rules here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { RateLimits } from '../../config';
import { presentSignedIn, presentUser } from './presenter';
import { normalizeEmail, type AuthService } from './service';

export interface AuthRoutesOptions {
  service: AuthService;
  rateLimits: RateLimits;
}

const clientAddress = (request: FastifyRequest) => request.ip;

const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { service, rateLimits }) => {
  // Per address before the body is even parsed; per account and address once the e-mail is
  // known: a guesser elsewhere spends their own attempts, never the owner's (no lock-out by a
  // stranger), and argon2's cost slows guessing spread over many addresses.
  const loginPerAddress = app.attemptLimit('login-address', rateLimits.loginPerAddress, clientAddress);
  const loginPerAccount = app.attemptLimit(
    'login-account',
    rateLimits.loginPerAccount,
    (request) => `${normalizeEmail((request.body as { email: string }).email)}|${clientAddress(request)}`,
  );
  const registerPerAddress = app.attemptLimit('register-address', rateLimits.registerPerAddress, clientAddress);
  const changePasswordPerUser = app.attemptLimit('change-password', rateLimits.changePasswordPerUser, (request) =>
    String(request.user.id),
  );

  app.post(ep.register.path, { schema: ep.register.schema, onRequest: registerPerAddress }, async (request, reply) => {
    const session = await service.register(request.body);
    return reply.code(201).send(presentSignedIn(session, 'Registration successful'));
  });

  app.post(
    ep.login.path,
    { schema: ep.login.schema, onRequest: loginPerAddress, preHandler: loginPerAccount },
    async (request) => {
      const session = await service.login(request.body.email, request.body.password);
      return presentSignedIn(session, 'Login successful');
    },
  );

  app.post(ep.refresh.path, { schema: ep.refresh.schema }, async (request) => {
    const session = await service.refresh(request.body.refreshToken);
    return { tokens: session.tokens, user: presentUser(session.user) };
  });

  // No authentication and no body required: signing out must work with an expired access
  // token, and a client that lost its refresh token may still call it.
  app.post(
    ep.logout.path,
    {
      schema: ep.logout.schema,
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      await service.logout(request.body.refreshToken);
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
    async (request) => {
      const session = await service.changePassword(request.user.id, request.body.oldPassword, request.body.newPassword);
      return { success: true as const, message: 'Password changed successfully', tokens: session.tokens };
    },
  );
};

export default authRoutes;

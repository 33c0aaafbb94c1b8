// Security headers on every response (helmet). Every release is served by this server (from
// the registry in the database), so scripts come from 'self' only; with developer overrides on,
// a localhost dev server may also serve a remote to the developer's own browser.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Where a developer's own dev server runs (the shell's override badge; docs/PLATFORM.md). */
export const DEV_OVERRIDE_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

export default fp(
  async (app, options: { devOverrides: boolean }) => {
    const extra = options.devOverrides ? DEV_OVERRIDE_SOURCES : [];
    // The dev server's hot reload talks over a WebSocket on the same port.
    const connectExtra = options.devOverrides ? [...extra, 'ws://localhost:*', 'ws://127.0.0.1:*'] : [];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          scriptSrc: ["'self'", ...extra],
          connectSrc: ["'self'", ...connectExtra],
          // style-loader injects <style> elements at runtime.
          styleSrc: ["'self'", "'unsafe-inline'", ...extra],
          // blob: the learner's own images, fetched with their token and shown as object URLs;
          // https: images a card links to.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          // blob: the learner's own sounds, fetched the same way.
          mediaSrc: ["'self'", 'blob:'],
          // Classrooms reach the server over plain http on a LAN address; upgrading would break it.
          upgradeInsecureRequests: null,
        },
      },
    });
    // API answers are one learner's data (and tokens): no cache, shared or private, keeps them,
    // unless a route chose its own policy.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security' },
);

// Security headers on every response (helmet). The Content-Security-Policy allows this server
// plus the origins of remotes listed in the runtime registry, re-read per request, so adding a
// remote hosted elsewhere needs no restart.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { createRemoteOriginsReader } from '../lib/remotes';

export default fp(
  async (app, options: { remotesFile: string }) => {
    const remoteOrigins = createRemoteOriginsReader(options.remotesFile);
    // helmet calls directive functions per response; one function = one space-separated list.
    const selfAndRemotes = (...extra: string[]) => () => ["'self'", ...extra, ...remoteOrigins()].join(' ');

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          scriptSrc: [selfAndRemotes()],
          connectSrc: [selfAndRemotes()],
          // style-loader injects <style> elements at runtime.
          styleSrc: [selfAndRemotes("'unsafe-inline'")],
          imgSrc: ["'self'", 'data:'],
          // Classrooms reach the server over plain http on a LAN address; upgrading would break it.
          upgradeInsecureRequests: null,
        },
      },
    });
  },
  { name: 'security' },
);

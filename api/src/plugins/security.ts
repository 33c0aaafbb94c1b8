// Security headers on every response (helmet). The Content-Security-Policy allows this server
// plus the origins of remotes listed in the runtime registry, re-read per request, so adding a
// remote hosted elsewhere needs no restart.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { createRemoteOriginsReader } from '../lib/remotes';

export default fp(
  async (app, options: { remotesFile: string }) => {
    const readRemoteOrigins = createRemoteOriginsReader(options.remotesFile);
    // Three directives ask per response: read the registry once for all of them.
    const originsByResponse = new WeakMap<object, string[]>();
    const remoteOrigins = (response: object) => {
      let origins = originsByResponse.get(response);
      if (!origins) originsByResponse.set(response, (origins = readRemoteOrigins()));
      return origins;
    };
    // helmet calls directive functions per response; one function = one space-separated list.
    const selfAndRemotes =
      (...extra: string[]) =>
      (_request: unknown, response: object) =>
        ["'self'", ...extra, ...remoteOrigins(response)].join(' ');

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

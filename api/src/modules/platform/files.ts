// Serves released files: /remotes/<name>/<version>/<path>, from the database, so every API
// instance serves every release. A version's files never change, so they are cached by
// browsers for good and here in a bounded in-memory cache (most recently used kept).
import type { FastifyPluginAsync } from 'fastify';
import { replyNotFound } from '../../plugins/errors';
import type { PlatformService } from './service';

const CACHE_BYTES = 64 * 1024 * 1024;
const NAME = /^[a-z][a-z0-9_]{1,39}$/;

interface CachedFile {
  content: Buffer;
  contentType: string;
}

const releaseFileRoutes: FastifyPluginAsync<{ service: PlatformService }> = async (app, { service }) => {
  const cache = new Map<string, CachedFile>();
  let cachedBytes = 0;

  function remember(key: string, file: CachedFile) {
    cache.set(key, file);
    cachedBytes += file.content.length;
    for (const [oldKey, old] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      cache.delete(oldKey);
      cachedBytes -= old.content.length;
    }
  }

  app.get<{ Params: { name: string; version: string; '*': string } }>('/remotes/:name/:version/*', async (request, reply) => {
    const { name, version, '*': path } = request.params;
    if (!NAME.test(name) || !path) return replyNotFound(reply);
    const key = `${name}/${version}/${path}`;
    let file = cache.get(key);
    if (file) {
      // Refresh its place as most recently used.
      cache.delete(key);
      cache.set(key, file);
    } else {
      const row = await service.file(name, version, path);
      if (!row) return replyNotFound(reply);
      file = { content: Buffer.from(row.content), contentType: row.content_type };
      remember(key, file);
    }
    return (
      reply
        .header('Content-Type', file.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        // A shell on another origin may load these: allow it past CORS and helmet's same-origin CORP.
        .header('Access-Control-Allow-Origin', '*')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(file.content)
    );
  });
};

export default releaseFileRoutes;

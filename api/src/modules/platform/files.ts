// Serves released files: /remotes/<name>/<version>/<path>, from the database, so every API
// instance serves every release. A version's files never change, so they are cached by
// browsers for good and here in a bounded in-memory cache (most recently used kept).
// Text files go out compressed, by Accept-Encoding: the .br / .gz the build wrote beside each
// file (stored with the release), or, for a release built without them, brotli made here once
// (off the event loop, zlib's thread pool) and kept in the same cache.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyPluginAsync } from 'fastify';
import { replyNotFound } from '../../plugins/errors';
import { isScriptType } from './release';
import type { PlatformService } from './service';

const CACHE_BYTES = 64 * 1024 * 1024;
const NAME = /^[a-z][a-z0-9_]{1,39}$/;
/** Smaller files gain less from compression than its header costs (a 720-byte chunk saves 300). */
const MIN_COMPRESSED_BYTES = 256;
const TEXT_TYPE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof ENCODINGS;

const brotli = promisify(zlib.brotliCompress);
// Quality 5: near gzip -9's speed, smaller output; a release's own .br (quality 10) is better still.
const BROTLI_ON_THE_FLY = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

interface CachedFile {
  content: Buffer;
  contentType: string;
  /** Compressed forms of a text file (none for images, fonts, small files). */
  encoded: Partial<Record<Encoding, Buffer>>;
}

const bytesOf = (file: CachedFile) =>
  file.content.length + (file.encoded.br?.length ?? 0) + (file.encoded.gzip?.length ?? 0);

const releaseFileRoutes: FastifyPluginAsync<{ service: PlatformService }> = async (app, { service }) => {
  const cache = new Map<string, CachedFile>();
  let cachedBytes = 0;
  const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'], cache: new Map() });

  function remember(key: string, file: CachedFile) {
    cache.set(key, file);
    cachedBytes += bytesOf(file);
    for (const [oldKey, old] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      cache.delete(oldKey);
      cachedBytes -= bytesOf(old);
    }
  }

  async function load(name: string, version: string, path: string): Promise<CachedFile | undefined> {
    const row = await service.file(name, version, path);
    if (!row) return undefined;
    const file: CachedFile = { content: Buffer.from(row.content), contentType: row.content_type, encoded: {} };
    if (!TEXT_TYPE.test(file.contentType) || file.content.length < MIN_COMPRESSED_BYTES) return file;
    const [br, gzip] = await Promise.all([
      service.file(name, version, path + ENCODINGS.br),
      service.file(name, version, path + ENCODINGS.gzip),
    ]);
    if (gzip) file.encoded.gzip = Buffer.from(gzip.content);
    file.encoded.br = br ? Buffer.from(br.content) : await brotli(file.content, BROTLI_ON_THE_FLY);
    // A form no smaller than the file itself is not worth its Content-Encoding.
    for (const encoding of Object.keys(ENCODINGS) as Encoding[])
      if ((file.encoded[encoding]?.length ?? 0) >= file.content.length) delete file.encoded[encoding];
    return file;
  }

  app.get<{ Params: { name: string; version: string; '*': string } }>(
    '/remotes/:name/:version/*',
    async (request, reply) => {
      const { name, version, '*': path } = request.params;
      if (!NAME.test(name) || !path) return replyNotFound(reply);
      const key = `${name}/${version}/${path}`;
      let file = cache.get(key);
      if (file) {
        // Refresh its place as most recently used.
        cache.delete(key);
        cache.set(key, file);
      } else {
        file = await load(name, version, path);
        if (!file) return replyNotFound(reply);
        remember(key, file);
      }
      const encoding = negotiator.negotiate(request.headers['accept-encoding'] ?? '');
      const body = encoding ? file.encoded[encoding] : undefined;
      if (body) reply.header('Content-Encoding', encoding);
      if (file.encoded.br || file.encoded.gzip) reply.header('Vary', 'Accept-Encoding');
      // An SVG or text opened on its own is a document of the site's origin: give it no powers.
      if (!isScriptType(file.contentType))
        reply.header(
          'Content-Security-Policy',
          "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
        );
      return (
        reply
          .header('Content-Type', file.contentType)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          // A shell on another origin may load these: allow it past CORS and helmet's same-origin CORP.
          .header('Access-Control-Allow-Origin', '*')
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .header('X-Content-Type-Options', 'nosniff')
          .send(body ?? file.content)
      );
    },
  );
};

export default releaseFileRoutes;

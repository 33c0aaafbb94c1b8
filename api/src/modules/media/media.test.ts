import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';
import { safeMediaName } from './service';

const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};

/** A real 1x1 PNG (its header and chunks), with `extra` bytes appended to tell files apart. */
function png(extra = ''): Buffer {
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([base, Buffer.from(extra)]);
}
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([20, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'latin1'),
  Buffer.alloc(12),
]);
/** An MP3 as Anki's add-ons write them (an ID3v2 tag first), and one that starts at its first frame. */
const MP3_ID3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(40, 0)]);
const MP3_FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(40, 0)]);
const OGG = Buffer.concat([
  Buffer.from('OggS\x00\x02', 'latin1'),
  Buffer.alloc(22, 0),
  Buffer.from('OpusHead', 'latin1'),
]);
const M4A = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypM4A \x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(16),
]);
const WAV = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WAVEfmt ', 'latin1'),
  Buffer.alloc(24),
]);
/** AAC in ADTS frames: the same sync bits as MPEG audio but layer 00, which no browser plays as MP3. */
const ADTS = Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80]), Buffer.alloc(40, 0)]);
const NOT_MEDIA = 'Files must be images (PNG, JPEG, GIF, WebP) or sounds (MP3, OGG/Opus, M4A, WAV)';
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');

describe('safeMediaName', () => {
  it('keeps the last path segment, safe characters and the real type', () => {
    expect(safeMediaName('mitosis.png', 'image/png')).toBe('mitosis.png');
    expect(safeMediaName('../../etc/passwd', 'image/png')).toBe('passwd.png');
    expect(safeMediaName('C:\\Users\\ada\\Cell Division (1).JPG', 'image/jpeg')).toBe('Cell-Division-1.jpg');
    expect(safeMediaName('photo.png', 'image/jpeg')).toBe('photo.jpg');
    expect(safeMediaName('évolution.gif', 'image/gif')).toBe('evolution.gif');
    expect(safeMediaName('.hidden', 'image/webp')).toBe('hidden.webp');
    expect(safeMediaName('...', 'image/webp')).toBe('image.webp');
    expect(safeMediaName(undefined, 'image/png')).toBe('image.png');
    expect(safeMediaName('hello.opus', 'audio/ogg')).toBe('hello.opus');
    expect(safeMediaName('hello.mp3', 'audio/ogg')).toBe('hello.ogg');
    expect(safeMediaName(undefined, 'audio/mpeg')).toBe('sound.mp3');
    expect(safeMediaName('a'.repeat(300) + '.png', 'image/png')).toHaveLength(104);
  });
});

describeEachDb('media: /api/media', (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS);
  });
  beforeEach(async () => {
    me = await signedInClient(app);
  });

  const upload = (client: ApiClient, body: Buffer | string, type: string, name?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/media${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`,
      headers: { ...bearer(client.user.accessToken), 'content-type': type },
      payload: body,
    });
  const fetchFile = (client: ApiClient, name: string) =>
    app.inject({
      method: 'GET',
      url: `/api/media/${encodeURIComponent(name)}`,
      headers: bearer(client.user.accessToken),
    });

  it('stores each image type by its bytes and serves it back to its owner only', async () => {
    for (const [body, type, name, stored] of [
      [png(), 'image/png', 'cell.png', 'cell.png'],
      [JPEG, 'image/jpeg', 'leaf.jpeg', 'leaf.jpeg'],
      [GIF, 'image/gif', 'spin.gif', 'spin.gif'],
      [WEBP, 'image/webp', 'atom', 'atom.webp'],
    ] as const) {
      const response = await upload(me, body, type, name);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ name: stored, mime: type, size: body.length, createdAt: expect.any(String) });
      const served = await fetchFile(me, stored);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(body)).toBe(true);
    }
    const list = (await me.get('/api/media')).json();
    expect(list.files.map((file: { name: string }) => file.name)).toEqual([
      'atom.webp',
      'cell.png',
      'leaf.jpeg',
      'spin.gif',
    ]);
    expect(list.used).toBe(png().length + JPEG.length + GIF.length + WEBP.length);
    expect(list.quota).toBe(50 * 1024 * 1024);

    // Another learner: the same name is not theirs (404 as if it did not exist), and they list nothing.
    const stranger = await signedInClient(app);
    expect((await fetchFile(stranger, 'cell.png')).statusCode).toBe(404);
    expect((await fetchFile(stranger, 'cell.png')).json()).toEqual({ error: 'File not found' });
    expect((await stranger.get('/api/media')).json().files).toEqual([]);
    expect((await stranger.del('/api/media/cell.png')).statusCode).toBe(404);
    expect((await fetchFile(me, 'cell.png')).statusCode).toBe(200);
  });

  it('stores each sound type by its bytes and serves it with its type, so a card can play it', async () => {
    for (const [body, type, name, stored] of [
      [MP3_ID3, 'audio/mpeg', 'hello.mp3', 'hello.mp3'],
      [MP3_FRAME, 'audio/mpeg', 'frame', 'frame.mp3'],
      [OGG, 'audio/ogg', 'bonjour.opus', 'bonjour.opus'],
      [M4A, 'audio/mp4', 'hallo.m4a', 'hallo.m4a'],
      [WAV, 'audio/wav', 'ciao.wav', 'ciao.wav'],
      // The label is not what counts: a WAV sent as audio/mpeg is stored as the WAV it is.
      [WAV, 'audio/mpeg', 'hola.mp3', 'hola.wav'],
    ] as const) {
      const response = await upload(me, body, type, name);
      expect(response.statusCode).toBe(201);
      const mime = name === 'hola.mp3' ? 'audio/wav' : type;
      expect(response.json()).toEqual({ name: stored, mime, size: body.length, createdAt: expect.any(String) });
      const served = await fetchFile(me, stored);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.rawPayload.equals(body)).toBe(true);
    }
    // Sounds count toward the same quota as images.
    expect((await me.get('/api/media')).json().used).toBe(
      MP3_ID3.length + MP3_FRAME.length + OGG.length + M4A.length + 2 * WAV.length,
    );
    const adts = await upload(me, ADTS, 'audio/aac', 'x.aac');
    expect(adts.statusCode).toBe(415);
    expect(adts.json()).toEqual({ error: NOT_MEDIA });
    const big = await upload(me, Buffer.concat([MP3_ID3, Buffer.alloc(2 * 1024 * 1024)]), 'audio/mpeg', 'long.mp3');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'Images and sounds can be at most 2 MB' });
  });

  it('judges by the bytes: an SVG, a renamed text file or an empty body is refused', async () => {
    const svg = await upload(me, SVG, 'image/svg+xml', 'x.svg');
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toEqual({ error: NOT_MEDIA });
    const disguised = await upload(me, '<script>alert(1)</script>', 'image/png', 'x.png');
    expect(disguised.statusCode).toBe(415);
    const json = await app.inject({
      method: 'POST',
      url: '/api/media?name=x.png',
      headers: bearer(me.user.accessToken),
      payload: { data: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ error: NOT_MEDIA });
    const empty = await upload(me, Buffer.alloc(0), 'image/png', 'x.png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'The file is empty' });
    expect((await me.get('/api/media')).json().files).toEqual([]);
  });

  it('refuses an image over 2 MB with 413, and one past the quota', async () => {
    const big = png('x'.repeat(2 * 1024 * 1024));
    const response = await upload(me, big, 'image/png', 'big.png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Images and sounds can be at most 2 MB' });
    const huge = await upload(me, png('x'.repeat(9 * 1024 * 1024)), 'image/png', 'huge.png');
    expect(huge.statusCode).toBe(413);
    expect(Object.keys(huge.json())).toEqual(['error']);

    // 50 MB in all: fill it directly, then one more small image is refused.
    await ctx.db
      .insertInto('media')
      .values({
        user_id: me.user.id,
        name: 'filler.png',
        mime: 'image/png',
        size: 50 * 1024 * 1024 - 10,
        sha256: 'f',
        data: Buffer.from('x'),
        created_at: new Date().toISOString(),
      })
      .execute();
    const over = await upload(me, png(), 'image/png', 'one-more.png');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: 'Your images and sounds may take 50 MB in all. Delete some to add more.' });
  });

  it('keeps cards pointing at their image: a name taken by other bytes gets a suffix, the same bytes are the same file', async () => {
    expect((await upload(me, png('one'), 'image/png', 'cell.png')).json().name).toBe('cell.png');
    expect((await upload(me, png('two'), 'image/png', 'cell.png')).json().name).toBe('cell-2.png');
    expect((await upload(me, png('one'), 'image/png', 'cell.png')).json().name).toBe('cell.png');
    expect((await upload(me, png('two'), 'image/png', 'cell.png')).json().name).toBe('cell-2.png');
    expect((await upload(me, png('three'), 'image/png', 'cell.png')).json().name).toBe('cell-3.png');
    expect((await me.get('/api/media')).json().files).toHaveLength(3);
    expect((await fetchFile(me, 'cell.png')).rawPayload.equals(png('one'))).toBe(true);
  });

  it('deletes only the named file; odd names are simply not found', async () => {
    await upload(me, png(), 'image/png', 'gone.png');
    expect((await me.del('/api/media/gone.png')).statusCode).toBe(204);
    expect((await fetchFile(me, 'gone.png')).statusCode).toBe(404);
    expect((await me.del('/api/media/gone.png')).statusCode).toBe(404);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x.svg', '%00.png', 'a%20b.png', '.png']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/media/${name}`,
        headers: bearer(me.user.accessToken),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(Object.keys(response.json())).toEqual(['error']);
    }
  });

  it('answers 401 to a caller who is not signed in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/media' })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/media',
          headers: { 'content-type': 'image/png' },
          payload: png(),
        })
      ).statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/media/cell.png' })).statusCode).toBe(401);
  });
});

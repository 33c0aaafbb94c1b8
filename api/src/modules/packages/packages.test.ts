import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { DEFAULT_APKG_LIMITS, DEFAULT_RATE_LIMITS } from '../../config';
import { MiB, zipOf, zstdZeros, type PackageMember } from '../../test/apkg-bombs';
import { buildApkg, zstdStored, type FixturePackage } from '../../test/apkg-fixture';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';
import { HOSTILE, HOSTILE_SANITISED } from '../../test/hostile-markup';
import { reviewTotalsAndLogSums } from '../../test/review-totals';
import { MEDIA_MAP_MAX_BYTES } from './apkg';
import { GATE_MESSAGES, RETRY_AFTER_SECONDS } from './gate';
import { PackagesService } from './service';
import { UNPACK_MESSAGES } from './unpack';

const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 9);
const NOW = new Date(T0 + 30 * DAY);
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

function deck(format: FixturePackage['format']): FixturePackage {
  return {
    format,
    notes: [
      {
        guid: 'cell-1',
        fields: ['What is the unit of life? <img src="cell diagram.png">', 'The cell'],
        tags: 'biology',
        deck: 'Biology::Cells',
        cards: [
          {
            ord: 0,
            reviews: [
              { at: T0, ease: 3, type: 0 },
              { at: T0 + DAY, ease: 3, type: 1 },
              { at: T0 + 5 * DAY, ease: 1, type: 1 },
              { at: T0 + 6 * DAY, ease: 3, type: 2 },
            ],
          },
        ],
      },
      {
        guid: 'rev-1',
        fields: ['Hund [sound:hund 1.mp3]', 'dog'],
        deck: 'German',
        cards: [
          { ord: 0, reviews: [{ at: T0 + 2 * DAY, ease: 4, type: 0 }] },
          { ord: 1, suspended: true },
        ],
      },
      { guid: 'clz-1', fields: ['{{c1::Paris}} is in {{c2::France}}', ''], cards: [{ ord: 0 }, { ord: 1 }] },
      { guid: 'bad-1', fields: ['', 'no front'], cards: [{ ord: 0 }] },
    ],
    media: [
      { name: 'cell diagram.png', data: PNG },
      // An MP3 (its ID3 tag) under a name with a space, as Anki's add-ons write them.
      { name: 'hund 1.mp3', data: Uint8Array.from([0x49, 0x44, 0x33, 3, 0]) },
      { name: 'clip.mp4', data: Uint8Array.from([0, 0, 0, 0x18]) },
    ],
  };
}

describeEachDb('Anki packages: POST /api/cards/import/apkg', (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;
  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => NOW });
  });
  beforeEach(async () => {
    me = await signedInClient(app);
  });

  const send = (client: ApiClient, body: Uint8Array | string, query = '', type = 'application/octet-stream') =>
    app.inject({
      method: 'POST',
      url: `/api/cards/import/apkg${query}`,
      headers: { ...bearer(client.user.accessToken), 'content-type': type },
      payload: Buffer.from(body),
    });
  const cardsOf = (userId: number) =>
    ctx.db
      .selectFrom('cards')
      .select([
        'id',
        'note_guid',
        'ord',
        'kind',
        'state',
        'suspended',
        'sched_version',
        'question',
        'category_id',
        'last_review',
      ])
      .where('user_id', '=', userId)
      .orderBy('note_guid')
      .orderBy('ord')
      .execute();
  const logCount = async (userId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('review_logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('previews a package without writing anything', async () => {
    const response = await send(me, buildApkg(deck('anki21b')), '?dryRun=true');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      format: 'anki21b',
      imported: 0,
      updated: 0,
      total: 4,
      cards: 5,
      reviews: 5,
      images: 1,
      sounds: 1,
    });
    expect(report.rows.map((row: { kind: string; set: string | null }) => [row.kind, row.set])).toEqual([
      ['basic', 'Biology::Cells'],
      ['reversed', 'German'],
      ['cloze', null],
    ]);
    expect(report.errors).toEqual([{ row: 4, error: 'The note has no text in its first field' }]);
    expect(report.skippedMedia).toEqual([
      {
        name: 'clip.mp4',
        reason: 'only images and sounds are kept (PNG, JPEG, GIF, WebP, MP3, OGG/Opus, M4A, WAV)',
        key: 'not_image',
      },
    ]);
    expect(await cardsOf(me.user.id)).toEqual([]);
    expect((await me.get('/api/media')).json().files).toEqual([]);
  });

  it.each(['anki2', 'anki21b'] as const)(
    'imports a %s package: notes, sets, review history, FSRS state, suspension and images',
    async (format) => {
      const response = await send(me, buildApkg(deck(format)));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        format,
        imported: 3,
        updated: 0,
        cards: 5,
        reviews: 5,
        images: 1,
        sounds: 1,
      });

      const cards = await cardsOf(me.user.id);
      expect(cards.map((card) => [card.note_guid, card.ord, card.kind])).toEqual([
        ['cell-1', 0, 'basic'],
        ['clz-1', 1, 'cloze'],
        ['clz-1', 2, 'cloze'],
        ['rev-1', 0, 'reversed'],
        ['rev-1', 1, 'reversed'],
      ]);
      const [cell, , , hund, hundBack] = cards;
      // Four answers, the last a relearning step after a lapse: FSRS has the card in relearning or review.
      expect([1, 2, 3]).toContain(cell!.state);
      expect(cell!.sched_version).toBe(4);
      expect(cell!.last_review).toBe(new Date(T0 + 6 * DAY).toISOString());
      expect(hund!.sched_version).toBe(1);
      expect(Boolean(hundBack!.suspended)).toBe(true);
      expect(await logCount(me.user.id)).toBe(5);
      const sets = await ctx.db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('user_id', '=', me.user.id)
        .orderBy('name')
        .execute();
      expect(sets.map((set) => set.name)).toEqual(['Biology::Cells', 'German']);
      expect(cell!.category_id).toBe(sets[0]!.id);

      // The image and the sound are the learner's, under safe names the notes now use.
      expect((await me.get('/api/media')).json().files.map((file: { name: string }) => file.name)).toEqual([
        'cell-diagram.png',
        'hund-1.mp3',
      ]);
      expect(cell!.question).toContain('<img src="cell-diagram.png" />');
      expect(hund!.question).toBe('Hund [sound:hund-1.mp3]');
      // The optimizer learns from the imported history.
      expect((await me.get('/api/spaced-repetition/optimizer')).json().reviewCount).toBe(5);
      // The statistics' per-card totals came in with it.
      const totals = await reviewTotalsAndLogSums(ctx.db, me.user.id);
      expect(totals.kept.map((row) => row.reviews)).toEqual([4, 1]);
      expect(totals.kept).toEqual(totals.summed);
    },
  );

  it('updates the notes on a second import instead of adding them again, history not doubled', async () => {
    await send(me, buildApkg(deck('anki21b')));
    const changed = deck('anki21b');
    changed.notes[1]!.fields = ['Hund (der)', 'dog'];
    const again = await send(me, buildApkg(changed));
    // Only the changed note is written; the two the same are left untouched.
    expect(again.json()).toMatchObject({
      imported: 0,
      updated: 1,
      skipped: 2,
      counts: { new: 0, updated: 1, unchanged: 2 },
    });
    const cards = await cardsOf(me.user.id);
    expect(cards).toHaveLength(5);
    expect(cards.find((card) => card.note_guid === 'rev-1')!.question).toBe('Hund (der)');
    expect(await logCount(me.user.id)).toBe(5);
    const totals = await reviewTotalsAndLogSums(ctx.db, me.user.id);
    expect(totals.kept.reduce((sum, row) => sum + row.reviews, 0)).toBe(5);
    expect(totals.kept).toEqual(totals.summed);
    // The same image and sound again are the files already stored, not copies.
    expect((await me.get('/api/media')).json().files).toHaveLength(2);
  });

  it.each(['anki2', 'anki21b'] as const)(
    "%s: stores fields through the importers' sanitiser (no style, class, id, script, handler or overlay)",
    async (format) => {
      const hostile: FixturePackage = {
        format,
        notes: [{ guid: 'evil-1', fields: [`Front ${HOSTILE}`, HOSTILE], cards: [{ ord: 0 }] }],
      };
      expect((await send(me, buildApkg(hostile))).json()).toMatchObject({ imported: 1, errors: [] });
      const [card] = await ctx.db
        .selectFrom('cards')
        .select(['question', 'answer'])
        .where('user_id', '=', me.user.id)
        .execute();
      expect(card).toEqual({ question: `Front ${HOSTILE_SANITISED}`, answer: HOSTILE_SANITISED });
    },
  );

  it('refuses what is not a package with a clear 4xx, and writes nothing', async () => {
    const garbage = await send(me, 'definitely not a zip');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ error: 'This is not an Anki package (.apkg): it is not a zip file' });
    const empty = await app.inject({
      method: 'POST',
      url: '/api/cards/import/apkg',
      headers: { ...bearer(me.user.accessToken), 'content-type': 'application/octet-stream' },
    });
    expect(empty.statusCode).toBe(400);
    const text = await send(me, buildApkg(deck('anki2')), '', 'text/plain');
    // Sent as text, the bytes are refused before they reach the importer.
    expect(text.statusCode).toBe(400);
    expect(Object.keys(text.json())).toEqual(['error']);
    const noSet = await send(me, buildApkg(deck('anki2')), '?categoryId=999999');
    expect(noSet.statusCode).toBe(404);
    expect(noSet.json()).toEqual({ error: 'Set not found' });
    expect(await cardsOf(me.user.id)).toEqual([]);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/cards/import/apkg',
          payload: Buffer.from('x'),
          headers: { 'content-type': 'application/octet-stream' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('on SQLite commits a big package in batches, and takes the earlier batches back when a later one fails', async () => {
    if (ctx.dialect !== 'sqlite') return; // PostgreSQL writes a package in one transaction
    const notes = (last: string) =>
      ['a', 'b', 'c', 'd', last].map((front, n) => ({
        guid: `batch-${n}`,
        fields: [front, `back ${n}`],
        cards: [{ ord: 0, reviews: [{ at: T0 + n, ease: 3 as const, type: 0 }] }],
      }));
    // In-thread (as the import worker runs it) on the suite's connection, two notes per batch.
    const service = new PackagesService({
      db: ctx.db,
      media: { store: () => Promise.reject(new Error('no media here')) },
      now: () => NOW,
      limits: DEFAULT_APKG_LIMITS,
      inWorker: true,
      notesPerTransaction: 2,
    });
    const ok = await service.importApkg(me.user.id, Buffer.from(buildApkg({ format: 'anki2', notes: notes('e') })), {});
    expect(ok).toMatchObject({ imported: 5, updated: 0, reviews: 5 });
    expect((await cardsOf(me.user.id)).map((card) => card.question)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await logCount(me.user.id)).toBe(5);

    const other = await signedInClient(app);
    // A failure in the third batch (a trigger on this connection only), after two committed.
    await sql`create temp trigger refuse_boom before insert on cards when new.question = 'boom' begin select raise(abort, 'boom'); end`.execute(
      ctx.db,
    );
    try {
      // The message, not toThrow: better-sqlite3's error class comes from whichever test file's
      // module registry loaded the native addon first, so jest may not see an Error in it.
      const failure = await service
        .importApkg(other.user.id, Buffer.from(buildApkg({ format: 'anki2', notes: notes('boom') })), {})
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect((failure as { message?: string } | null)?.message).toContain('boom');
    } finally {
      await sql`drop trigger temp.refuse_boom`.execute(ctx.db);
    }
    expect(await cardsOf(other.user.id)).toEqual([]);
    expect(await logCount(other.user.id)).toBe(0);
    expect((await reviewTotalsAndLogSums(ctx.db, other.user.id)).kept).toEqual([]);
    const totals = await reviewTotalsAndLogSums(ctx.db, me.user.id);
    expect(totals.kept).toHaveLength(5);
    expect(totals.kept).toEqual(totals.summed);
  });
});

describeEachDb('Anki packages: what one may unpack, and how many imports run at once', (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;
  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS, { now: () => NOW });
  });
  beforeEach(async () => {
    me = await signedInClient(app);
  });

  const { maxMemberBytes, maxUnpackedBytes, maxFiles } = DEFAULT_APKG_LIMITS;
  /** Each import starts a worker thread (under jest, tsx compiles its modules there): seconds each on a busy machine. */
  const SLOW = 120_000;
  const post = (client: ApiClient, body: Uint8Array | PassThrough, query = '?dryRun=true') =>
    app.inject({
      method: 'POST',
      url: `/api/cards/import/apkg${query}`,
      headers: { ...bearer(client.user.accessToken), 'content-type': 'application/octet-stream' },
      payload: body instanceof PassThrough ? body : Buffer.from(body),
    });
  const oneNote: FixturePackage = {
    format: 'anki2',
    notes: [{ guid: 'one', fields: ['Front', 'Back'], cards: [{ ord: 0 }] }],
  };
  /** A real legacy package's collection, with this JSON media map and these members beside it. */
  const packageWith = (mediaMap: Record<string, string>, members: PackageMember[]) =>
    zipOf([
      { name: 'collection.anki2', data: unzipSync(buildApkg(oneNote))['collection.anki2']! },
      { name: 'media', data: new TextEncoder().encode(JSON.stringify(mediaMap)) },
      ...members,
    ]);

  it(
    'refuses a 1 MB package holding a 1 GiB member with 413, before inflating it',
    async () => {
      const bomb = zipOf([{ name: 'collection.anki2', zerosMiB: 1024 }]);
      expect(bomb.length).toBeLessThan(1.1 * MiB);
      const response = await post(me, bomb);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: UNPACK_MESSAGES.memberTooLarge('collection.anki2', maxMemberBytes) });
    },
    SLOW,
  );

  it(
    'stops a member that unpacks to more than its header says by counting its bytes: 422',
    async () => {
      // Its headers claim 4 KB: the count stops it a few KB in, whatever is behind.
      const liar = zipOf([{ name: 'collection.anki2', zerosMiB: 1024, claims: 4096 }]);
      const response = await post(me, liar);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: UNPACK_MESSAGES.damaged('collection.anki2') });
      // One that claims just under the cap is stopped there too.
      const under = await post(me, zipOf([{ name: 'collection.anki2', zerosMiB: 1024, claims: maxMemberBytes - 1 }]));
      expect(under.statusCode).toBe(422);
    },
    SLOW,
  );

  it(
    'counts zstd members as they decompress (a 1 GiB frame that states no size) and refuses a frame asking for a huge window',
    async () => {
      const frame = zstdZeros(1024 * MiB);
      expect(frame.length).toBeLessThan(40 * 1024);
      const bomb = await post(me, zipOf([{ name: 'collection.anki21b', data: frame }]));
      expect(bomb.statusCode).toBe(413);
      expect(bomb.json()).toEqual({ error: UNPACK_MESSAGES.memberTooLarge('collection.anki21b', maxMemberBytes) });
      // 128 KiB of content in a frame whose header asks for a 1 GiB window (allocated before decoding).
      const window = await post(me, zipOf([{ name: 'collection.anki21b', data: zstdZeros(128 * 1024, 30) }]));
      expect(window.statusCode).toBe(413);
      expect(window.json()).toEqual({ error: UNPACK_MESSAGES.memberTooLarge('collection.anki21b', maxMemberBytes) });
    },
    SLOW,
  );

  it(
    'refuses a package whose members together unpack to more than the total, counted as they unpack',
    async () => {
      // Each under the per-member cap; the second is zstd whose zip headers say 3 KB.
      const half = Math.ceil(maxUnpackedBytes / 2 / MiB) + 4;
      expect(half * MiB).toBeLessThan(maxMemberBytes);
      const response = await post(
        me,
        packageWith({ 0: 'a.png', 1: 'b.png' }, [
          { name: '0', zerosMiB: half },
          { name: '1', data: zstdZeros(half * MiB) },
        ]),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: UNPACK_MESSAGES.totalTooLarge(maxUnpackedBytes) });
    },
    SLOW,
  );

  it(
    'refuses a package of too many files, and bounds the media map',
    async () => {
      const files: PackageMember[] = Array.from({ length: maxFiles }, (_, n) => ({
        name: `f${n}`,
        data: new Uint8Array(0),
      }));
      const many = await post(me, packageWith({}, files));
      expect(many.statusCode).toBe(413);
      expect(many.json()).toEqual({ error: UNPACK_MESSAGES.tooManyFiles(maxFiles) });

      const bigMap = await post(
        me,
        zipOf([
          { name: 'collection.anki2', data: unzipSync(buildApkg(oneNote))['collection.anki2']! },
          { name: 'media', zerosMiB: 64 },
        ]),
      );
      expect(bigMap.statusCode).toBe(413);
      expect(bigMap.json()).toEqual({ error: UNPACK_MESSAGES.memberTooLarge('media', MEDIA_MAP_MAX_BYTES) });
      const longMap = await post(
        me,
        packageWith(Object.fromEntries(Array.from({ length: maxFiles + 1 }, (_, n) => [String(n), `${n}.png`])), []),
      );
      expect(longMap.statusCode).toBe(413);
      expect(longMap.json()).toEqual({ error: UNPACK_MESSAGES.mediaListTooLong(maxFiles) });
    },
    SLOW,
  );

  it(
    'does not open archives nested in a package: an image that is a zip bomb is only refused as an image',
    async () => {
      const nested = zipOf([{ name: 'collection.anki2', zerosMiB: 1024 }]);
      const response = await post(
        me,
        packageWith({ 0: 'inner.png' }, [
          { name: '0', data: nested },
          { name: 'nested.apkg', data: nested },
        ]),
        '',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        imported: 1,
        images: 0,
        skippedMedia: [
          {
            name: 'inner.png',
            reason: 'Files must be images (PNG, JPEG, GIF, WebP) or sounds (MP3, OGG/Opus, M4A, WAV)',
            key: 'bad_image',
          },
        ],
      });
      // A current-format package's zstd collection is decompressed once: a zstd frame inside it is data.
      const twice = zipOf([{ name: 'collection.anki21b', data: zstdStored(zstdZeros(1024 * MiB)) }]);
      const inner = await post(me, twice);
      expect(inner.statusCode).toBe(400);
      expect(inner.json()).toEqual({ error: 'The collection inside this package cannot be read' });
    },
    SLOW,
  );

  /** An upload the server has admitted and is reading, held open until `end()`. */
  async function heldUpload(client: ApiClient) {
    const upload = new PassThrough();
    const answer = post(client, upload);
    // The body is read only once admitted: a write past the buffer drains then.
    if (upload.write(Buffer.alloc(64 * 1024))) throw new Error('the upload buffered everything');
    await new Promise((resolve) => upload.once('drain', resolve));
    return { answer, end: () => upload.end() };
  }

  it(
    'runs one import per learner at a time: another meanwhile is 429 with Retry-After',
    async () => {
      const first = await heldUpload(me);
      const second = await post(me, buildApkg(oneNote));
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(second.json()).toEqual({ error: GATE_MESSAGES.learnerBusy });
      // Another learner is not held up by it.
      expect((await post(await signedInClient(app), buildApkg(oneNote))).statusCode).toBe(200);
      first.end();
      // The first was not a package (zeros), but it ran: refused for what it is, not for the gate.
      expect((await first.answer).statusCode).toBe(400);
      expect((await post(me, buildApkg(oneNote))).statusCode).toBe(200);
    },
    SLOW,
  );

  it(
    `runs at most ${DEFAULT_APKG_LIMITS.concurrentImports} imports in the instance: one more is 429 with Retry-After until one ends`,
    async () => {
      const held = [];
      for (let n = 0; n < DEFAULT_APKG_LIMITS.concurrentImports; n++)
        held.push(await heldUpload(await signedInClient(app)));
      const third = await post(me, buildApkg(oneNote));
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(third.json()).toEqual({ error: GATE_MESSAGES.instanceBusy });
      held[0]!.end();
      await held[0]!.answer;
      expect((await post(me, buildApkg(oneNote))).statusCode).toBe(200);
      held[1]!.end();
      await held[1]!.answer;
    },
    SLOW,
  );
});

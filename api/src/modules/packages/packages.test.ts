import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { buildApkg, type FixturePackage } from '../../test/apkg-fixture';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';
import { HOSTILE, HOSTILE_SANITISED } from '../../test/hostile-markup';
import { reviewTotalsAndLogSums } from '../../test/review-totals';
import { PackagesService } from './service';

const MANY_SIGNUPS = { rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } } };
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 9);
const NOW = new Date(T0 + 30 * DAY);
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

function deck(format: FixturePackage['format']): FixturePackage {
  return {
    format,
    notes: [
      {
        guid: 'cell-1',
        fields: ['What is the unit of life? <img src="cell diagram.png">', 'The cell'],
        tags: 'biology',
        deck: 'Biology::Cells',
        cards: [{ ord: 0, reviews: [{ at: T0, ease: 3, type: 0 }, { at: T0 + DAY, ease: 3, type: 1 }, { at: T0 + 5 * DAY, ease: 1, type: 1 }, { at: T0 + 6 * DAY, ease: 3, type: 2 }] }],
      },
      { guid: 'rev-1', fields: ['Hund', 'dog'], deck: 'German', cards: [{ ord: 0, reviews: [{ at: T0 + 2 * DAY, ease: 4, type: 0 }] }, { ord: 1, suspended: true }] },
      { guid: 'clz-1', fields: ['{{c1::Paris}} is in {{c2::France}}', ''], cards: [{ ord: 0 }, { ord: 1 }] },
      { guid: 'bad-1', fields: ['', 'no front'], cards: [{ ord: 0 }] },
    ],
    media: [
      { name: 'cell diagram.png', data: PNG },
      { name: 'hund.mp3', data: Uint8Array.from([0x49, 0x44, 0x33, 3, 0]) },
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
    app.inject({ method: 'POST', url: `/api/cards/import/apkg${query}`, headers: { ...bearer(client.user.accessToken), 'content-type': type }, payload: Buffer.from(body) });
  const cardsOf = (userId: number) =>
    ctx.db.selectFrom('cards').select(['id', 'note_guid', 'ord', 'kind', 'state', 'suspended', 'sched_version', 'question', 'category_id', 'last_review']).where('user_id', '=', userId).orderBy('note_guid').orderBy('ord').execute();
  const logCount = async (userId: number) =>
    Number((await ctx.db.selectFrom('review_logs').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

  it('previews a package without writing anything', async () => {
    const response = await send(me, buildApkg(deck('anki21b')), '?dryRun=true');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ format: 'anki21b', imported: 0, updated: 0, total: 4, cards: 5, reviews: 5, images: 1 });
    expect(report.rows.map((row: { kind: string; set: string | null }) => [row.kind, row.set])).toEqual([
      ['basic', 'Biology::Cells'],
      ['reversed', 'German'],
      ['cloze', null],
    ]);
    expect(report.errors).toEqual([{ row: 4, error: 'The note has no text in its first field' }]);
    expect(report.skippedMedia).toEqual([{ name: 'hund.mp3', reason: 'only images are kept (PNG, JPEG, GIF, WebP)' }]);
    expect(await cardsOf(me.user.id)).toEqual([]);
    expect((await me.get('/api/media')).json().files).toEqual([]);
  });

  it.each(['anki2', 'anki21b'] as const)('imports a %s package: notes, sets, review history, FSRS state, suspension and images', async (format) => {
    const response = await send(me, buildApkg(deck(format)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ format, imported: 3, updated: 0, cards: 5, reviews: 5, images: 1 });

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
    const sets = await ctx.db.selectFrom('categories').select(['id', 'name']).where('user_id', '=', me.user.id).orderBy('name').execute();
    expect(sets.map((set) => set.name)).toEqual(['Biology::Cells', 'German']);
    expect(cell!.category_id).toBe(sets[0]!.id);

    // The image is the learner's, under a safe name the note now uses.
    expect((await me.get('/api/media')).json().files.map((file: { name: string }) => file.name)).toEqual(['cell-diagram.png']);
    expect(cell!.question).toContain('<img src="cell-diagram.png" />');
    // The optimizer learns from the imported history.
    expect((await me.get('/api/spaced-repetition/optimizer')).json().reviewCount).toBe(5);
    // The statistics' per-card totals came in with it.
    const totals = await reviewTotalsAndLogSums(ctx.db, me.user.id);
    expect(totals.kept.map((row) => row.reviews)).toEqual([4, 1]);
    expect(totals.kept).toEqual(totals.summed);
  });

  it('updates the notes on a second import instead of adding them again, history not doubled', async () => {
    await send(me, buildApkg(deck('anki21b')));
    const changed = deck('anki21b');
    changed.notes[1]!.fields = ['Hund (der)', 'dog'];
    const again = await send(me, buildApkg(changed));
    expect(again.json()).toMatchObject({ imported: 0, updated: 3 });
    const cards = await cardsOf(me.user.id);
    expect(cards).toHaveLength(5);
    expect(cards.find((card) => card.note_guid === 'rev-1')!.question).toBe('Hund (der)');
    expect(await logCount(me.user.id)).toBe(5);
    const totals = await reviewTotalsAndLogSums(ctx.db, me.user.id);
    expect(totals.kept.reduce((sum, row) => sum + row.reviews, 0)).toBe(5);
    expect(totals.kept).toEqual(totals.summed);
    expect((await me.get('/api/media')).json().files).toHaveLength(1);
  });

  it.each(['anki2', 'anki21b'] as const)('%s: stores fields through the importers\' sanitiser (no style, class, id, script, handler or overlay)', async (format) => {
    const hostile: FixturePackage = { format, notes: [{ guid: 'evil-1', fields: [`Front ${HOSTILE}`, HOSTILE], cards: [{ ord: 0 }] }] };
    expect((await send(me, buildApkg(hostile))).json()).toMatchObject({ imported: 1, errors: [] });
    const [card] = await ctx.db.selectFrom('cards').select(['question', 'answer']).where('user_id', '=', me.user.id).execute();
    expect(card).toEqual({ question: `Front ${HOSTILE_SANITISED}`, answer: HOSTILE_SANITISED });
  });

  it('refuses what is not a package with a clear 4xx, and writes nothing', async () => {
    const garbage = await send(me, 'definitely not a zip');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ error: 'This is not an Anki package (.apkg): it is not a zip file' });
    const empty = await app.inject({ method: 'POST', url: '/api/cards/import/apkg', headers: { ...bearer(me.user.accessToken), 'content-type': 'application/octet-stream' } });
    expect(empty.statusCode).toBe(400);
    const text = await send(me, buildApkg(deck('anki2')), '', 'text/plain');
    // Sent as text, the bytes are refused before they reach the importer.
    expect(text.statusCode).toBe(400);
    expect(Object.keys(text.json())).toEqual(['error']);
    const noSet = await send(me, buildApkg(deck('anki2')), '?categoryId=999999');
    expect(noSet.statusCode).toBe(404);
    expect(noSet.json()).toEqual({ error: 'Set not found' });
    expect(await cardsOf(me.user.id)).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/cards/import/apkg', payload: Buffer.from('x'), headers: { 'content-type': 'application/octet-stream' } })).statusCode).toBe(401);
  });

  it('on SQLite commits a big package in batches, and takes the earlier batches back when a later one fails', async () => {
    if (ctx.dialect !== 'sqlite') return; // PostgreSQL writes a package in one transaction
    const notes = (last: string) =>
      ['a', 'b', 'c', 'd', last].map((front, n) => ({ guid: `batch-${n}`, fields: [front, `back ${n}`], cards: [{ ord: 0, reviews: [{ at: T0 + n, ease: 3 as const, type: 0 }] }] }));
    // In-thread (as the import worker runs it) on the suite's connection, two notes per batch.
    const service = new PackagesService({ db: ctx.db, dialect: 'sqlite', media: { store: () => Promise.reject(new Error('no media here')) }, now: () => NOW, inWorker: true, notesPerTransaction: 2 });
    const ok = await service.importApkg(me.user.id, Buffer.from(buildApkg({ format: 'anki2', notes: notes('e') })), {});
    expect(ok).toMatchObject({ imported: 5, updated: 0, reviews: 5 });
    expect((await cardsOf(me.user.id)).map((card) => card.question)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await logCount(me.user.id)).toBe(5);

    const other = await signedInClient(app);
    // A failure in the third batch (a trigger on this connection only), after two committed.
    await sql`create temp trigger refuse_boom before insert on cards when new.question = 'boom' begin select raise(abort, 'boom'); end`.execute(ctx.db);
    try {
      // The message, not toThrow: better-sqlite3's error class comes from whichever test file's
      // module registry loaded the native addon first, so jest may not see an Error in it.
      const failure = await service.importApkg(other.user.id, Buffer.from(buildApkg({ format: 'anki2', notes: notes('boom') })), {}).then(
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

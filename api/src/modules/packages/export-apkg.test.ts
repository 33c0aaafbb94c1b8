import type { FastifyInstance } from 'fastify';
import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';
import { EXPORT_BATCH } from './export-apkg';

const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Anki's schema 11 (rslib/src/storage/schema11.sql): each table's columns, their types and NOT NULL. */
const SCHEMA_11: Record<string, Array<[string, string]>> = {
  col: [
    ['id', 'integer'],
    ...(['crt', 'mod', 'scm', 'ver', 'dty', 'usn', 'ls'].map((name) => [name, 'integer']) as Array<[string, string]>),
    ...(['conf', 'models', 'decks', 'dconf', 'tags'].map((name) => [name, 'text']) as Array<[string, string]>),
  ],
  notes: [
    ['id', 'integer'],
    ['guid', 'text'],
    ['mid', 'integer'],
    ['mod', 'integer'],
    ['usn', 'integer'],
    ['tags', 'text'],
    ['flds', 'text'],
    ['sfld', 'integer'],
    ['csum', 'integer'],
    ['flags', 'integer'],
    ['data', 'text'],
  ],
  cards: [
    ...(
      [
        'id',
        'nid',
        'did',
        'ord',
        'mod',
        'usn',
        'type',
        'queue',
        'due',
        'ivl',
        'factor',
        'reps',
        'lapses',
        'left',
        'odue',
        'odid',
        'flags',
      ] as const
    ).map((name): [string, string] => [name, 'integer']),
    ['data', 'text'],
  ],
  revlog: ['id', 'cid', 'usn', 'ease', 'ivl', 'lastIvl', 'factor', 'time', 'type'].map((name): [string, string] => [
    name,
    'integer',
  ]),
  graves: ['usn', 'oid', 'type'].map((name): [string, string] => [name, 'integer']),
};

interface Note {
  question: string;
  answer: string;
  kind: string;
  tags: string | null;
  set: string | null;
  cards: number;
}

describeEachDb('Anki package export: GET /api/cards/export/apkg', (ctx) => {
  let app: FastifyInstance;
  let author: ApiClient;
  let german: number;
  let cellCard: number;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS);
    author = await signedInClient(app);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/media?name=cell.png',
      headers: { ...bearer(author.user.accessToken), 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(upload.statusCode).toBe(201);
    const biology = (await author.createSet('Biology::Cells')).id;
    german = (await author.createSet('German')).id;
    cellCard = (
      await author.createCard({
        question: 'What is the <b>unit</b> of life? <img src="cell.png" />',
        answer: 'The cell',
        tags: 'bio, cell theory',
        category_id: biology,
      })
    ).id;
    await author.createCard({ kind: 'reversed', question: 'Hund', answer: 'dog', category_id: german });
    await author.createCard({
      kind: 'cloze',
      question: '{{c1::Paris}} is the capital of {{c2::France}}',
      answer: 'Europe',
      category_id: biology,
    });
    await author.createCard({ question: 'Unfiled', answer: 'no set' });
    for (const result of [2, 0, 2]) {
      const review = await author.post('/api/spaced-repetition/review', { cardId: cellCard, result, timeSpent: 4000 });
      expect(review.statusCode).toBe(200);
    }
  });

  const download = async (client: ApiClient, query = '') => {
    const response = await client.get(`/api/cards/export/apkg${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/apkg');
    return response;
  };
  const unpack = (bytes: Buffer) => {
    const files = unzipSync(new Uint8Array(bytes));
    const db = new Database(Buffer.from(files['collection.anki2']!), { readonly: true });
    return { files, db };
  };
  const send = (client: ApiClient, body: Buffer, query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/cards/import/apkg${query}`,
      headers: { ...bearer(client.user.accessToken), 'content-type': 'application/octet-stream' },
      payload: body,
    });
  /** The learner's notes as an import should give them back, by first field. */
  const notesOf = async (userId: number): Promise<Note[]> => {
    const rows = await ctx.db
      .selectFrom('cards')
      .leftJoin('categories', 'categories.id', 'cards.category_id')
      .select(['cards.note_guid', 'cards.question', 'cards.answer', 'cards.kind', 'cards.tags', 'categories.name'])
      .where('cards.user_id', '=', userId)
      .execute();
    const notes = new Map<string, Note>();
    for (const row of rows) {
      const note = notes.get(row.note_guid);
      if (note) note.cards += 1;
      else
        notes.set(row.note_guid, {
          question: row.question,
          answer: row.answer,
          kind: row.kind,
          // Tags as a set: "a, b" and "a,b" are the same tags.
          tags: (row.tags ?? '')
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean)
            .join(', '),
          set: row.name,
          cards: 1,
        });
    }
    return [...notes.values()].sort((a, b) => a.question.localeCompare(b.question));
  };
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

  it("writes Anki's schema 11: its tables and columns, and the col row's JSON", async () => {
    const response = await download(author);
    expect(response.headers['content-disposition']).toBe('attachment; filename="flashcards.apkg"');
    const { files, db } = unpack(response.rawPayload);
    try {
      for (const [table, columns] of Object.entries(SCHEMA_11)) {
        const info = db.prepare(`pragma table_info(${table})`).all() as Array<{
          name: string;
          type: string;
          notnull: number;
          pk: number;
        }>;
        expect(info.map((column) => [column.name, column.type.toLowerCase()])).toEqual(columns);
        for (const column of info) expect(column.pk === 1 || column.notnull === 1).toBe(true);
      }
      const indexes = (
        db.prepare("select name from sqlite_master where type = 'index'").all() as Array<{ name: string }>
      )
        .map((row) => row.name)
        .sort();
      expect(indexes).toEqual([
        'ix_cards_nid',
        'ix_cards_sched',
        'ix_cards_usn',
        'ix_notes_csum',
        'ix_notes_usn',
        'ix_revlog_cid',
        'ix_revlog_usn',
      ]);

      const col = db.prepare('select * from col').get() as Record<string, string | number>;
      expect(col.ver).toBe(11);
      const models = Object.values(JSON.parse(col.models as string)) as Array<Record<string, unknown>>;
      for (const model of models)
        expect(Object.keys(model)).toEqual(
          expect.arrayContaining(['id', 'name', 'type', 'mod', 'usn', 'sortf', 'did', 'tmpls', 'flds', 'css', 'req']),
        );
      const byName = Object.fromEntries(models.map((model) => [model.name, model])) as Record<
        string,
        { type: number; flds: Array<{ name: string }>; tmpls: Array<{ qfmt: string; afmt: string }> }
      >;
      expect(Object.keys(byName).sort()).toEqual([
        'Basic',
        'Basic (and reversed card)',
        'Basic (type in the answer)',
        'Cloze',
        'Image Occlusion',
      ]);
      expect(byName.Basic!.flds.map((field) => field.name)).toEqual(['Front', 'Back']);
      expect(byName.Basic!.tmpls[0]!.qfmt).toBe('{{Front}}');
      expect(byName.Basic!.tmpls[0]!.afmt).toContain('{{Back}}');
      expect(byName['Basic (and reversed card)']!.tmpls.map((template) => template.qfmt)).toEqual([
        '{{Front}}',
        '{{Back}}',
      ]);
      expect(byName.Cloze).toMatchObject({ type: 1, flds: [{ name: 'Text' }, { name: 'Back Extra' }] });
      expect(byName.Cloze!.tmpls[0]!.qfmt).toBe('{{cloze:Text}}');
      const decks = Object.values(JSON.parse(col.decks as string)) as Array<Record<string, unknown>>;
      for (const deck of decks)
        expect(Object.keys(deck)).toEqual(expect.arrayContaining(['id', 'name', 'conf', 'dyn']));
      expect(decks.map((deck) => deck.name).sort()).toEqual(['Biology', 'Biology::Cells', 'Default', 'German']);
      expect(Object.keys(JSON.parse(col.dconf as string))).toEqual(['1']);
      expect(JSON.parse(col.conf as string)).toMatchObject({ nextPos: 5, curModel: expect.any(Number) });

      const notes = db.prepare('select guid, mid, tags, flds, sfld from notes order by id').all() as Array<
        Record<string, string | number>
      >;
      expect(notes).toHaveLength(4);
      expect(notes[0]).toMatchObject({ tags: ' bio cell_theory ', sfld: 'What is the unit of life?' });
      expect(String(notes[0]!.flds).split('\x1f')).toEqual([
        'What is the <b>unit</b> of life? <img src="cell.png" />',
        'The cell',
      ]);
      const cards = db
        .prepare('select nid, ord, type, queue, due, ivl, reps, lapses, data from cards order by id')
        .all() as Array<Record<string, string | number>>;
      // 1 + 2 (reversed) + 2 (clozes c1, c2 as ords 0, 1) + 1.
      expect(cards.map((card) => card.ord)).toEqual([0, 0, 1, 0, 1, 0]);
      // The reviewed card: its reviews and FSRS memory; the rest new.
      expect(cards[0]).toMatchObject({ reps: 3, lapses: expect.any(Number) });
      // Its scheduler state as Anki's card type (1 learning, 2 review, 3 relearning) and queue.
      const ours = await ctx.db
        .selectFrom('cards')
        .select(['state', 'due'])
        .where('id', '=', cellCard)
        .executeTakeFirstOrThrow();
      expect(ours.state).toBeGreaterThan(0);
      expect(cards[0]).toMatchObject({ type: ours.state, queue: ours.state === 2 ? 2 : 1 });
      if (ours.state !== 2) expect(cards[0]!.due).toBe(Math.floor(new Date(ours.due!).getTime() / 1000));
      expect(Object.keys(JSON.parse(String(cards[0]!.data)))).toEqual(['s', 'd']);
      expect(cards.slice(1).every((card) => card.type === 0 && card.queue === 0 && card.data === '')).toBe(true);
      const revlog = db.prepare('select ease, type, time from revlog order by id').all();
      expect(revlog).toEqual([
        { ease: 3, type: 0, time: 4000 },
        { ease: 1, type: expect.any(Number), time: 4000 },
        { ease: 3, type: expect.any(Number), time: 4000 },
      ]);
      expect(JSON.parse(new TextDecoder().decode(files.media))).toEqual({ 0: 'cell.png' });
      expect(Buffer.from(files['0']!)).toEqual(PNG);
    } finally {
      db.close();
    }
  });

  it('round trip: a new account importing the export gets the same notes, sets, tags, media and history', async () => {
    const exported = (await download(author)).rawPayload;
    const reader = await signedInClient(app);
    const imported = await send(reader, exported);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ format: 'anki2', imported: 4, errors: [], reviews: 3, images: 1 });
    // Anki's tags hold no spaces: "cell theory" comes back as "cell_theory", all else as it was.
    const expected = (await notesOf(author.user.id)).map((note) => ({
      ...note,
      tags:
        note.tags &&
        note.tags
          .split(', ')
          .map((tag) => tag.replace(/ /g, '_'))
          .join(', '),
    }));
    expect(await notesOf(reader.user.id)).toEqual(expected);
    expect(await logCount(reader.user.id)).toBe(await logCount(author.user.id));
    const image = await app.inject({
      method: 'GET',
      url: '/api/media/cell.png',
      headers: bearer(reader.user.accessToken),
    });
    expect(image.rawPayload).toEqual(PNG);
    // The notes keep their guids: the reader's own export is the same collection.
    const guids = async (userId: number) =>
      (await ctx.db.selectFrom('cards').select('note_guid').distinct().where('user_id', '=', userId).execute())
        .map((row) => row.note_guid)
        .sort();
    expect(await guids(reader.user.id)).toEqual(await guids(author.user.id));
  });

  it('writes a typed note as "Basic (type in the answer)", which an import reads back as typed', async () => {
    const typist = await signedInClient(app);
    await typist.createCard({ kind: 'typed', question: 'Capital of France?', answer: 'Paris' });
    await typist.createCard({ question: 'Plain', answer: 'card' });
    const { db } = unpack((await download(typist)).rawPayload);
    try {
      const col = db.prepare('select models from col').get() as { models: string };
      const models = JSON.parse(col.models) as Record<string, { name: string; tmpls: Array<{ qfmt: string }> }>;
      const notes = db.prepare('select mid, sfld from notes order by id').all() as Array<{ mid: number; sfld: string }>;
      expect(notes.map((note) => [models[String(note.mid)]!.name, note.sfld])).toEqual([
        ['Basic (type in the answer)', 'Capital of France?'],
        ['Basic', 'Plain'],
      ]);
      expect(models[String(notes[0]!.mid)]!.tmpls.map((template) => template.qfmt)).toEqual([
        '{{Front}}\n\n{{type:Back}}',
      ]);
    } finally {
      db.close();
    }
    const reader = await signedInClient(app);
    const imported = await send(reader, (await download(typist)).rawPayload);
    expect(imported.json()).toMatchObject({ imported: 2, errors: [] });
    expect((await notesOf(reader.user.id)).map((note) => [note.question, note.kind, note.cards])).toEqual([
      ['Capital of France?', 'typed', 1],
      ['Plain', 'basic', 1],
    ]);
  });

  it('writes Markdown images of the learner\'s media as Anki does, <img src="name">', async () => {
    const learner = await signedInClient(app);
    await app.inject({
      method: 'POST',
      url: '/api/media?name=leaf.png',
      headers: { ...bearer(learner.user.accessToken), 'content-type': 'image/png' },
      payload: PNG,
    });
    await learner.createCard({ question: 'A leaf ![green leaf](leaf.png)', answer: 'Plant' });
    const { files, db } = unpack((await download(learner)).rawPayload);
    try {
      const { flds } = db.prepare('select flds from notes').get() as { flds: string };
      expect(flds.split('\x1f')[0]).toBe('A leaf <img src="leaf.png" alt="green leaf">');
      expect(JSON.parse(new TextDecoder().decode(files.media))).toEqual({ 0: 'leaf.png' });
    } finally {
      db.close();
    }
  });

  it("writes math as Anki's MathJax reads it, which our import reads back as the same text", async () => {
    const learner = await signedInClient(app);
    const question = 'Pythagoras: $a^2 + b^2 = c^2$';
    const answer = '$$\\sum_{i < n} x_i$$ costs $5 and $6';
    await learner.createCard({ question, answer });
    const exported = (await download(learner)).rawPayload;
    const { db } = unpack(exported);
    try {
      const { flds } = db.prepare('select flds from notes').get() as { flds: string };
      expect(flds.split('\x1f')).toEqual([
        'Pythagoras: \\(a^2 + b^2 = c^2\\)',
        '\\[\\sum_{i &lt; n} x_i\\] costs $5 and $6',
      ]);
    } finally {
      db.close();
    }
    const reader = await signedInClient(app);
    expect((await send(reader, exported)).statusCode).toBe(200);
    expect((await notesOf(reader.user.id)).map((note) => [note.question, note.answer])).toEqual([[question, answer]]);
  });

  it("?set= exports one set only; another learner's set is 404, a malformed one 400", async () => {
    const response = await download(author, `?set=${german}`);
    expect(response.headers['content-disposition']).toBe('attachment; filename="flashcards-german.apkg"');
    const { db } = unpack(response.rawPayload);
    try {
      expect(db.prepare('select flds from notes').all()).toEqual([{ flds: 'Hund\x1fdog' }]);
      expect(db.prepare('select count(*) as n from cards').get()).toEqual({ n: 2 });
      const col = db.prepare('select decks from col').get() as { decks: string };
      expect(
        Object.values(JSON.parse(col.decks))
          .map((deck) => (deck as { name: string }).name)
          .sort(),
      ).toEqual(['Default', 'German']);
    } finally {
      db.close();
    }
    const stranger = await signedInClient(app);
    const theirs = await stranger.get(`/api/cards/export/apkg?set=${german}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Set not found' });
    const malformed = await author.get('/api/cards/export/apkg?set=abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'Category must be a positive integer' });
    expect((await app.inject({ method: 'GET', url: '/api/cards/export/apkg' })).statusCode).toBe(401);
  });

  it('reads a collection larger than one batch, a note whose cards two reads split written once', async () => {
    const learner = await signedInClient(app);
    const now = new Date().toISOString();
    // EXPORT_BATCH + 5 cards; the EXPORT_BATCH-th and the next are one reversed note.
    const count = EXPORT_BATCH + 5;
    const cards = Array.from({ length: count }, (_, n) => {
      const pair = n === EXPORT_BATCH;
      return {
        user_id: learner.user.id,
        note_guid: `n${pair ? n - 1 : n}`,
        kind: n === EXPORT_BATCH - 1 || pair ? ('reversed' as const) : ('basic' as const),
        ord: pair ? 1 : 0,
        question: `Q${pair ? n - 1 : n}`,
        answer: `A${pair ? n - 1 : n}`,
        created_at: now,
        updated_at: now,
      };
    });
    for (let start = 0; start < count; start += 500)
      await ctx.db
        .insertInto('cards')
        .values(cards.slice(start, start + 500))
        .execute();
    const { db } = unpack((await download(learner)).rawPayload);
    try {
      expect(db.prepare('select count(*) as n from notes').get()).toEqual({ n: count - 1 });
      expect(db.prepare('select count(*) as n from cards').get()).toEqual({ n: count });
      const pair = db
        .prepare('select c.ord, n.mid from cards c join notes n on n.id = c.nid where n.guid = ? order by c.ord')
        .all(`n${EXPORT_BATCH - 1}`);
      expect(pair).toHaveLength(2);
      // Ids are unique and the notes' positions in the new queue follow the collection's order.
      const dues = db.prepare('select due from cards where ord = 0 order by id').all() as Array<{ due: number }>;
      expect(dues.map((row) => row.due)).toEqual(Array.from({ length: count - 1 }, (_, n) => n + 1));
    } finally {
      db.close();
    }
  });

  it('duplicates by guid: the preview counts new, updated, unchanged; update, skip and add do as they say', async () => {
    const learner = await signedInClient(app);
    const card = await learner.createCard({ question: 'Katze', answer: 'cat' });
    await learner.createCard({ kind: 'cloze', question: '{{c1::Rom}} liegt in Italien', answer: '' });
    const review = await learner.post('/api/spaced-repetition/review', { cardId: card.id, result: 2, timeSpent: 3000 });
    expect(review.statusCode).toBe(200);
    const file = (await download(learner)).rawPayload;

    const preview = await send(learner, file, '?dryRun=true');
    expect(preview.json()).toMatchObject({ imported: 0, updated: 0, counts: { new: 0, updated: 0, unchanged: 2 } });
    expect(await send(learner, file)).toMatchObject({ statusCode: 200 });
    expect((await send(learner, file)).json()).toMatchObject({ imported: 0, updated: 0, skipped: 2 });

    const stateOf = async () =>
      ctx.db
        .selectFrom('cards')
        .select(['answer', 'state', 'due', 'sched_version'])
        .where('id', '=', card.id)
        .executeTakeFirstOrThrow();
    const before = await stateOf();
    const change = async () => {
      expect((await learner.put(`/api/cards/${card.id}`, { answer: 'the cat' })).statusCode).toBe(200);
    };
    await change();
    expect((await send(learner, file, '?dryRun=true')).json().counts).toEqual({ new: 0, updated: 1, unchanged: 1 });

    expect((await send(learner, file, '?duplicates=skip')).json()).toMatchObject({
      imported: 0,
      updated: 0,
      skipped: 2,
    });
    expect((await stateOf()).answer).toBe('the cat');

    expect((await send(learner, file, '?duplicates=update')).json()).toMatchObject({
      imported: 0,
      updated: 1,
      skipped: 1,
    });
    // The text is the file's again; the card's schedule and history are its own.
    expect(await stateOf()).toEqual(before);
    expect(await logCount(learner.user.id)).toBe(1);

    expect((await send(learner, file, '?duplicates=add')).json()).toMatchObject({ imported: 2, updated: 0 });
    const notes = await notesOf(learner.user.id);
    expect(notes.map((note) => note.question)).toEqual([
      '{{c1::Rom}} liegt in Italien',
      '{{c1::Rom}} liegt in Italien',
      'Katze',
      'Katze',
    ]);
    // The copy brings the file's history along as a card of its own.
    expect(await logCount(learner.user.id)).toBe(2);

    const bad = await send(learner, file, '?duplicates=merge');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'duplicates must be update, skip or add' });
  });
});

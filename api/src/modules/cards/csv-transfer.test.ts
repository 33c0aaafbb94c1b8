import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';

describeEachDb('CSV export and re-import: note types, sets, tags, duplicates', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = ctx.app;
  });

  /** The learner's notes: text, type, tags, set and how many cards each makes. */
  const notesOf = async (userId: number) => {
    const rows = await ctx.db
      .selectFrom('cards')
      .leftJoin('categories', 'categories.id', 'cards.category_id')
      .select(['cards.note_guid', 'cards.question', 'cards.answer', 'cards.kind', 'cards.tags', 'categories.name'])
      .where('cards.user_id', '=', userId)
      .orderBy('cards.id')
      .execute();
    const notes = new Map<
      string,
      { question: string; answer: string; kind: string; tags: string | null; set: string | null; cards: number }
    >();
    for (const row of rows) {
      const note = notes.get(row.note_guid);
      if (note) note.cards += 1;
      else
        notes.set(row.note_guid, {
          question: row.question,
          answer: row.answer,
          kind: row.kind,
          tags: row.tags,
          set: row.name,
          cards: 1,
        });
    }
    return [...notes.values()];
  };

  const seed = async (learner: ApiClient) => {
    const spanish = await learner.createSet('Spanish');
    await learner.createCard({ question: 'hablar', answer: 'to speak', tags: 'verbs, a1', category_id: spanish.id });
    await learner.createCard({ kind: 'reversed', question: 'perro', answer: 'dog', category_id: spanish.id });
    await learner.createCard({
      kind: 'cloze',
      question: '{{c1::Yo}} {{c2::hablo}} español',
      answer: '',
      tags: 'grammar',
    });
    await learner.createCard({ question: '=2+2', answer: 'four, "quoted"' });
  };

  it('a CSV export re-imported into a new account gives back every note of its type, in its set, with its tags', async () => {
    const author = await signedInClient(app);
    await seed(author);
    const csv = (await author.get('/api/cards/export')).body;
    expect(csv.split('\n')[0]).toBe('question,answer,tags,notetype,set');

    const reader = await signedInClient(app);
    const preview = await reader.post('/api/cards/import', { text: csv, dryRun: true });
    expect(preview.json()).toMatchObject({ total: 4, errors: [], counts: { new: 4, updated: 0, unchanged: 0 } });
    const response = await reader.post('/api/cards/import', { text: csv });
    expect(response.json()).toMatchObject({ imported: 4, updated: 0, errors: [] });
    const expected = await notesOf(author.user.id);
    expect(expected.map((note) => note.cards)).toEqual([1, 2, 2, 1]);
    expect(await notesOf(reader.user.id)).toEqual(expected);
    expect((await reader.get('/api/cards/export')).body).toBe(csv);
  });

  it('duplicates by note type and first field (HTML and spaces aside): preview counts, then update, skip or add', async () => {
    const learner = await signedInClient(app);
    await seed(learner);
    const csv = (await learner.get('/api/cards/export')).body;
    expect((await learner.post('/api/cards/import', { text: csv, dryRun: true })).json().counts).toEqual({
      new: 0,
      updated: 0,
      unchanged: 4,
    });

    // The same first field in bold and spaced out, a changed answer: an update of that note.
    const file = [
      'question,answer,tags,notetype,set',
      '  <b>hablar</b> ,to talk,"verbs, a1",basic,Spanish',
      'nuevo,new,,basic,Spanish',
    ].join('\n');
    const preview = await learner.post('/api/cards/import', { text: file, dryRun: true });
    expect(preview.json().counts).toEqual({ new: 1, updated: 1, unchanged: 0 });
    const answerOf = async () =>
      (await notesOf(learner.user.id)).find((note) => note.question.includes('hablar'))?.answer;

    const skip = await learner.post('/api/cards/import', { text: file, duplicates: 'skip' });
    expect(skip.json()).toMatchObject({ imported: 1, updated: 0, skipped: 1 });
    expect(await answerOf()).toBe('to speak');

    const update = await learner.post('/api/cards/import', { text: file, duplicates: 'update' });
    // "nuevo" is there now: unchanged.
    expect(update.json()).toMatchObject({
      imported: 0,
      updated: 1,
      skipped: 1,
      counts: { new: 0, updated: 1, unchanged: 1 },
    });
    expect(await answerOf()).toBe('to talk');
    // The note took the file's fields, and is still the one note.
    expect((await notesOf(learner.user.id)).filter((note) => note.question.includes('hablar'))).toEqual([
      { question: '<b>hablar</b>', answer: 'to talk', kind: 'basic', tags: 'verbs, a1', set: 'Spanish', cards: 1 },
    ]);

    const add = await learner.post('/api/cards/import', { text: file, duplicates: 'add' });
    expect(add.json()).toMatchObject({ imported: 2, updated: 0, skipped: 0 });
    expect((await notesOf(learner.user.id)).filter((note) => note.question.includes('hablar'))).toHaveLength(2);

    // The same first field of another note type is another note.
    const reversed = await learner.post('/api/cards/import', {
      text: 'question,answer,tags,notetype\nnuevo,new,,reversed',
      dryRun: true,
    });
    expect(reversed.json().counts).toEqual({ new: 1, updated: 0, unchanged: 0 });

    const bad = await learner.post('/api/cards/import', { text: file, duplicates: 'merge' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'duplicates must be update, skip or add' });
  });

  it('keeps a typed note typed through a CSV round trip, and reads Anki\'s "Basic (type in the answer)"', async () => {
    const author = await signedInClient(app);
    await author.createCard({ kind: 'typed', question: 'Capital of France?', answer: 'Paris' });
    const csv = (await author.get('/api/cards/export')).body;
    expect(csv.split('\n')[1]).toBe('Capital of France?,Paris,,typed,');
    const reader = await signedInClient(app);
    expect((await reader.post('/api/cards/import', { text: csv })).json()).toMatchObject({ imported: 1, errors: [] });
    expect(await notesOf(reader.user.id)).toEqual(await notesOf(author.user.id));
    expect((await notesOf(reader.user.id))[0]).toMatchObject({ kind: 'typed', cards: 1 });

    const anki = await reader.post('/api/cards/import', {
      text: 'question,answer,tags,notetype\nCapital of Spain?,Madrid,,Basic (type in the answer)',
      dryRun: true,
    });
    expect(anki.json()).toMatchObject({ errors: [], rows: [{ row: 1, kind: 'typed' }] });
  });

  it('reports a note type it does not know on its row', async () => {
    const learner = await signedInClient(app);
    const response = await learner.post('/api/cards/import', {
      text: 'question,answer,tags,notetype\nq,a,,Image Occlusion\nBasic one,a,,Basic (and reversed card)',
      dryRun: true,
    });
    expect(response.json()).toMatchObject({
      errors: [{ row: 1, error: 'Note type must be basic, reversed, cloze, occlusion or typed' }],
      rows: [{ row: 2, kind: 'reversed', set: null }],
    });
  });
});

// Anki's "Notes in Plain Text" and Quizlet exports through POST /api/cards/import, on a real
// exporter's file (shared/fixtures) and on files that use every header Anki writes.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { signedInClient, type CardJson } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';
import { looksLikeAnkiText, parseAnkiText, parseQuizlet } from './note-import';

const FIXTURE = fs.readFileSync(path.join(__dirname, 'fixtures', 'anki-notes-plain-text-export.txt'), 'utf8');

describe('parseAnkiText', () => {
  it('reads the real export: 25 notes, HTML fields, multi-line quoted fields, Czech text', () => {
    expect(looksLikeAnkiText(FIXTURE)).toBe(true);
    const { notes, errors } = parseAnkiText(FIXTURE);
    expect(errors).toEqual([]);
    expect(notes).toHaveLength(25);
    // The back field repeats the front above Anki's answer divider: the answer is what follows it.
    expect(notes[0]).toMatchObject({
      row: 1,
      kind: 'basic',
      question: 'Májovci tvořili v',
      answer: 'v 2 polovině 19.století',
    });
    expect(
      notes.some((note) => note.question.includes('<img') && /src="Wassily_Kandinsky[^"]*\.jpg"/.test(note.question)),
    ).toBe(true);
    expect(notes.every((note) => !/<hr|onerror|<script/i.test(note.answer + note.question))).toBe(true);
  });

  it('uses every header: separator by name, columns, tags for all and per note, guid, deck, note type; sounds kept, HTML sanitised', () => {
    const text = [
      '#separator:Semicolon',
      '#html:true',
      '#tags:imported',
      '#guid column:1',
      '#notetype column:2',
      '#deck column:3',
      '#tags column:6',
      'g1;Basic;Spanish::Verbs;hablar;"to speak [sound:hablar.mp3]";verbs ar',
      'g2;Cloze;Spanish::Verbs;"{{c1::Yo}} hablo <script>alert(1)</script>";extra <b>bold</b>;',
      'g3;Basic (and reversed card);Spanish;"multi',
      'line <img src=x onerror=alert(1)>";answer;',
    ].join('\n');
    const { notes, errors } = parseAnkiText(text);
    expect(errors).toEqual([]);
    expect(notes).toEqual([
      {
        row: 1,
        kind: 'basic',
        question: 'hablar',
        answer: 'to speak [sound:hablar.mp3]',
        tags: 'imported, verbs, ar',
        guid: 'g1',
        deck: 'Spanish::Verbs',
      },
      {
        row: 2,
        kind: 'cloze',
        question: '{{c1::Yo}} hablo',
        answer: 'extra <b>bold</b>',
        tags: 'imported',
        guid: 'g2',
        deck: 'Spanish::Verbs',
      },
      {
        row: 3,
        kind: 'reversed',
        question: 'multi\nline <img src="x" />',
        answer: 'answer',
        tags: 'imported',
        guid: 'g3',
        deck: 'Spanish',
      },
    ]);
  });

  it('reports rows without a question or an answer', () => {
    const { notes, errors } = parseAnkiText('#separator:tab\n\tno question\nno answer\t\nok\tfine');
    expect(notes.map((note) => note.question)).toEqual(['ok']);
    expect(errors).toEqual([
      { row: 1, error: 'Question is required' },
      { row: 2, error: 'Answer is required' },
    ]);
  });
});

describe('parseQuizlet', () => {
  it('splits by the custom term and row separators Quizlet lets learners choose', () => {
    const { notes, errors } = parseQuizlet('perro - dog;;gato - cat, a pet;;sin separador;; - nothing', ' - ', ';;');
    expect(notes.map((note) => [note.question, note.answer])).toEqual([
      ['perro', 'dog'],
      ['gato', 'cat, a pet'],
    ]);
    expect(errors).toEqual([
      { row: 3, error: 'Answer is required' },
      { row: 4, error: 'Question is required' },
    ]);
  });

  it('defaults to tab and line break', () => {
    expect(parseQuizlet('uno\tone\r\ndos\ttwo\n').notes.map((note) => note.answer)).toEqual(['one', 'two']);
  });
});

describeEachDb('POST /api/cards/import: Anki and Quizlet', (ctx) => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = ctx.app;
  });
  const cardsOf = async (client: Awaited<ReturnType<typeof signedInClient>>) =>
    ((await client.get('/api/cards?limit=1000')).json() as CardJson[]).sort((a, b) => a.id - b.id);

  it('imports the real Anki export (detected by its headers), sanitised, each note once', async () => {
    const me = await signedInClient(app);
    const response = await me.post('/api/cards/import', { text: FIXTURE });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: 25, updated: 0, total: 25, errors: [] });
    const cards = await cardsOf(me);
    expect(cards).toHaveLength(25);
    expect(cards[0]).toMatchObject({ question: 'Májovci tvořili v', answer: 'v 2 polovině 19.století', kind: 'basic' });
    expect(
      (await me.get(`/api/cards/search?q=${encodeURIComponent('Jan Neruda')}`)).json().results.length,
    ).toBeGreaterThan(0);
  });

  it('makes decks sets, cloze notes one card per cloze, and a re-import with the same guids updates', async () => {
    const me = await signedInClient(app);
    const text = (answer: string) =>
      [
        '#separator:tab',
        '#guid column:1',
        '#notetype column:2',
        '#deck column:3',
        `n1\tBasic\tSpanish\thablar\t${answer}`,
        'n2\tCloze\tSpanish\t{{c1::Yo}} {{c2::hablo}}\t',
      ].join('\n');
    const preview = await me.post('/api/cards/import', { text: text('to speak'), dryRun: true });
    expect(preview.json()).toMatchObject({
      imported: 0,
      rows: [
        { row: 1, kind: 'basic', set: 'Spanish' },
        { row: 2, kind: 'cloze', set: 'Spanish' },
      ],
    });
    expect(await cardsOf(me)).toEqual([]);

    expect((await me.post('/api/cards/import', { text: text('to speak') })).json()).toMatchObject({
      imported: 2,
      updated: 0,
    });
    let cards = await cardsOf(me);
    expect(cards.map((card) => [card.note_guid, card.kind, card.ord, card.category_name])).toEqual([
      ['n1', 'basic', 0, 'Spanish'],
      ['n2', 'cloze', 1, 'Spanish'],
      ['n2', 'cloze', 2, 'Spanish'],
    ]);
    const again = await me.post('/api/cards/import', { text: text('to talk') });
    // The cloze note is the same: only the changed one is written.
    expect(again.json()).toMatchObject({
      imported: 0,
      updated: 1,
      skipped: 1,
      counts: { new: 0, updated: 1, unchanged: 1 },
    });
    cards = await cardsOf(me);
    expect(cards).toHaveLength(3);
    expect(cards[0]).toMatchObject({ note_guid: 'n1', answer: 'to talk' });
    expect((await me.get('/api/categories')).json()).toMatchObject([{ name: 'Spanish', card_count: 3 }]);

    // Another learner's import with the same guids is their own.
    const other = await signedInClient(app);
    expect((await other.post('/api/cards/import', { text: text('hi') })).json()).toMatchObject({
      imported: 2,
      updated: 0,
    });
    expect((await cardsOf(me))[0]).toMatchObject({ answer: 'to talk' });
  });

  it('takes a guid given twice in one file as an update of the first row', async () => {
    const me = await signedInClient(app);
    const text = ['#separator:tab', '#guid column:1', 'n1\tfirst\tone', 'n2\tother\ttwo', 'n1\tsecond\tthree'].join(
      '\n',
    );
    expect((await me.post('/api/cards/import', { text })).json()).toMatchObject({ imported: 2, updated: 1, total: 3 });
    expect((await cardsOf(me)).map((card) => [card.note_guid, card.question, card.answer])).toEqual([
      ['n1', 'second', 'three'],
      ['n2', 'other', 'two'],
    ]);
  });

  it('imports a Quizlet export with its separators into the chosen set', async () => {
    const me = await signedInClient(app);
    const set = await me.createSet('Animals');
    const response = await me.post('/api/cards/import', {
      text: 'perro|dog#gato|cat',
      format: 'quizlet',
      termSeparator: '|',
      rowSeparator: '#',
      categoryId: set.id,
    });
    expect(response.json()).toMatchObject({ imported: 2, total: 2, errors: [] });
    expect((await cardsOf(me)).map((card) => [card.question, card.answer, card.category_name])).toEqual([
      ['perro', 'dog', 'Animals'],
      ['gato', 'cat', 'Animals'],
    ]);
  });
});

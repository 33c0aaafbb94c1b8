// Notes that make several cards (basic and reversed, cloze), edited and deleted as one; tags;
// search over words, not markup; a set's read-aloud language.
import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient, type CardJson } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';

describeEachDb('notes: reversed and cloze cards, tags, search text', (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(() => {
    app = ctx.app;
  });
  beforeEach(async () => {
    me = await signedInClient(app);
  });

  const noteCards = async (client: ApiClient, noteGuid: string) => {
    const response = await client.get('/api/cards?limit=1000');
    expect(response.statusCode).toBe(200);
    return (response.json() as CardJson[]).filter((card) => card.note_guid === noteGuid).sort((a, b) => a.ord - b.ord);
  };

  it('makes two cards from a basic-and-reversed note, sharing its text', async () => {
    const first = await me.createCard({ kind: 'reversed', question: 'chien', answer: 'dog' });
    expect(first).toMatchObject({ kind: 'reversed', ord: 0, question: 'chien', answer: 'dog' });
    const cards = await noteCards(me, first.note_guid);
    expect(cards.map((card) => [card.ord, card.kind, card.question, card.answer])).toEqual([
      [0, 'reversed', 'chien', 'dog'],
      [1, 'reversed', 'chien', 'dog'],
    ]);
  });

  it('makes one card per cloze number and needs at least one cloze', async () => {
    const text = '{{c1::Paris}} is the capital of {{c2::France::country}}, in {{c3::Europe}}; {{c1::Paris}} again';
    const first = await me.createCard({ kind: 'cloze', question: text, answer: '' });
    const cards = await noteCards(me, first.note_guid);
    expect(cards.map((card) => card.ord)).toEqual([1, 2, 3]);
    expect(cards.every((card) => card.answer === '' && card.question === text)).toBe(true);

    const none = await me.post('/api/cards', { kind: 'cloze', question: 'No cloze here', answer: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'A cloze note needs at least one cloze, like {{c1::answer}}' });
    const bad = await me.post('/api/cards', { kind: 'fancy', question: 'q', answer: 'a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Note type must be basic, reversed, cloze, occlusion or typed' });
    // A basic or reversed note still needs its answer.
    const noAnswer = await me.post('/api/cards', { kind: 'reversed', question: 'q', answer: ' ' });
    expect(noAnswer.json()).toEqual({ error: 'Question and answer are required' });
  });

  it('edits the whole note: the text reaches every card, clozes added and removed follow', async () => {
    const first = await me.createCard({ kind: 'cloze', question: '{{c1::A}} and {{c2::B}}', answer: 'extra' });
    const [, second] = await noteCards(me, first.note_guid);
    // Review card c2 so that we can see it survive the edit with its schedule.
    expect(
      (await me.post('/api/spaced-repetition/review', { cardId: second!.id, result: 2, timeSpent: 1000 })).statusCode,
    ).toBe(200);

    const edited = await me.put(`/api/cards/${second!.id}`, { question: '{{c2::B}} and {{c3::C}}', tags: 'letters' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: second!.id,
      ord: 2,
      question: '{{c2::B}} and {{c3::C}}',
      tags: 'letters',
    });
    const cards = await noteCards(me, first.note_guid);
    expect(cards.map((card) => card.ord)).toEqual([2, 3]);
    expect(cards.every((card) => card.answer === 'extra' && card.tags === 'letters')).toBe(true);
    expect(cards[0]).toMatchObject({ id: second!.id, state: 'learning' });
    expect(cards[1]).toMatchObject({ state: 'new' });
    // c1 went with its card.
    expect((await me.get(`/api/cards/${first.id}`)).statusCode).toBe(404);

    // Turning it into a basic note keeps one card (ord 0: a new card).
    const basic = await me.put(`/api/cards/${second!.id}`, { kind: 'basic', question: 'B?', answer: 'b' });
    expect(basic.statusCode).toBe(200);
    expect((await noteCards(me, first.note_guid)).map((card) => [card.ord, card.kind])).toEqual([[0, 'basic']]);
  });

  it('deletes every card of the note together', async () => {
    const first = await me.createCard({ kind: 'reversed', question: 'Hund', answer: 'dog' });
    const other = await me.createCard({ question: 'stays', answer: 'here' });
    const response = await me.del(`/api/cards/${first.id}?confirm=true`);
    expect(response.statusCode).toBe(200);
    expect(await noteCards(me, first.note_guid)).toEqual([]);
    expect((await me.get(`/api/cards/${other.id}`)).statusCode).toBe(200);
  });

  it("never edits or deletes another learner's note", async () => {
    const stranger = await signedInClient(app);
    const card = await stranger.createCard({ kind: 'reversed', question: 'mine', answer: 'theirs' });
    expect((await me.put(`/api/cards/${card.id}`, { question: 'hacked' })).statusCode).toBe(404);
    expect((await me.del(`/api/cards/${card.id}?confirm=true`)).statusCode).toBe(404);
    expect((await noteCards(stranger, card.note_guid)).map((c) => c.question)).toEqual(['mine', 'mine']);
  });

  it('searches the words of Markdown, HTML and clozes, not their markup', async () => {
    const cloze = await me.createCard({
      kind: 'cloze',
      question: 'The {{c1::mitochondria}} is the **powerhouse**',
      answer: '',
    });
    const html = await me.createCard({
      question: '<strong>Bold</strong> move',
      answer: '<img src="x.png" alt="diagram"> see snake_case',
    });
    const search = async (q: string) =>
      ((await me.get(`/api/cards/search?q=${encodeURIComponent(q)}`)).json().results as CardJson[])
        .map((card) => card.id)
        .sort();
    expect(await search('mitochondria')).toEqual([cloze.id]);
    expect(await search('powerhouse')).toEqual([cloze.id]);
    expect(await search('c1::')).toEqual([]);
    // (`**` would be Anki's wildcard twice, every card: the search grammar's tests cover it.)
    expect(await search('strong')).toEqual([]);
    expect(await search('bold move')).toEqual([html.id]);
    expect(await search('snake_case')).toEqual([html.id]);
    expect(await search('img')).toEqual([]);
  });

  it('exports each note once', async () => {
    await me.createCard({ kind: 'reversed', question: 'uno', answer: 'one' });
    await me.createCard({ kind: 'cloze', question: '{{c1::dos}} {{c2::two}}', answer: '' });
    const csv = (await me.get('/api/cards/export')).body.trim().split('\n');
    expect(csv).toEqual([
      'question,answer,tags,notetype,set',
      'uno,one,,reversed,',
      '{{c1::dos}} {{c2::two}},,,cloze,',
    ]);
  });

  it('exports nothing that could run: handlers, scripts and script links go, plain Markdown and math stay exact', async () => {
    await me.createCard({ question: 'Is $a<b$ & **c**?', answer: 'yes' });
    await me.createCard({
      question: '<img src=x onerror=alert(1)> <script>alert(2)</script>pic',
      answer: '[click](javascript:alert(3))',
    });
    const csv = (await me.get('/api/cards/export')).body;
    expect(csv).toContain('Is $a<b$ & **c**?,yes');
    expect(csv).toContain('"<img src=""x"" /> pic",[click](#),');
    expect(csv).not.toMatch(/onerror|script|javascript/i);
  });

  it('lists tags with their card counts, ignoring case and spaces', async () => {
    await me.createCard({ tags: 'Biology, cells' });
    await me.createCard({ tags: 'biology,genetics' });
    await me.createCard({ tags: null });
    const response = await me.get('/api/cards/tags');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tags: [
        { tag: 'Biology', count: 2 },
        { tag: 'cells', count: 1 },
        { tag: 'genetics', count: 1 },
      ],
    });
    const stranger = await signedInClient(app);
    expect((await stranger.get('/api/cards/tags')).json()).toEqual({ tags: [] });
  });

  it("stores a set's read-aloud language, canonical, and refuses what is not a language tag", async () => {
    const set = await me.createSet('French');
    const updated = await me.put(`/api/categories/${set.id}`, { language: 'fr-fr' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'French', language: 'fr-FR' });
    const card = await me.createCard({ category_id: set.id });
    expect(card.language).toBe('fr-FR');
    for (const language of ['french!', '12', 'x'.repeat(30)]) {
      const bad = await me.put(`/api/categories/${set.id}`, { language });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'Language must be a language tag like en, fr or pt-BR' });
    }
    const cleared = await me.put(`/api/categories/${set.id}`, { language: '' });
    expect(cleared.json()).toMatchObject({ language: null });
    const created = await me.post('/api/categories', { name: 'Deutsch', language: 'de' });
    expect(created.json()).toMatchObject({ name: 'Deutsch', language: 'de' });
  });
});

// Image occlusion notes: an image with masks, one card per mask number; refused without an image,
// without masks, with a mask outside the image or too many of them; searched by their words.
import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient, type CardJson } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';

const rect = (n: number, left = 0.1, extra = ':oi=1') =>
  `{{c${n}::image-occlusion:rect:left=${left}:top=.2:width=.2:height=.1${extra}}}`;
const HEART = ['![Heart diagram](heart.png)', rect(1), rect(2, 0.5), '', 'Chambers of the heart'].join('\n');

describeEachDb('image occlusion notes', (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(() => {
    app = ctx.app;
  });
  beforeEach(async () => {
    me = await signedInClient(app);
  });

  const noteCards = async (noteGuid: string) => {
    const response = await me.get('/api/cards?limit=1000');
    expect(response.statusCode).toBe(200);
    return (response.json() as CardJson[]).filter((card) => card.note_guid === noteGuid).sort((a, b) => a.ord - b.ord);
  };

  it('makes one card per mask number, the answer its optional Back Extra', async () => {
    const first = await me.createCard({ kind: 'occlusion', question: HEART, answer: '' });
    expect(first).toMatchObject({ kind: 'occlusion', ord: 1, question: HEART, answer: '' });
    const cards = await noteCards(first.note_guid);
    expect(cards.map((card) => [card.ord, card.kind])).toEqual([
      [1, 'occlusion'],
      [2, 'occlusion'],
    ]);
  });

  it('follows an edit: a mask added, one removed, the mode changed, its text on every card', async () => {
    const first = await me.createCard({ kind: 'occlusion', question: HEART, answer: 'Left side' });
    const [, second] = await noteCards(first.note_guid);
    const edited = ['![Heart diagram](heart.png)', rect(2, 0.5, ''), rect(3, 0.7, ''), rect(3, 0.75, '')].join('\n');
    const response = await me.put(`/api/cards/${second!.id}`, { question: edited });
    expect(response.statusCode).toBe(200);
    const cards = await noteCards(first.note_guid);
    expect(cards.map((card) => card.ord)).toEqual([2, 3]);
    // Card 2 is the same card, kept with its schedule; every card holds the new text.
    expect(cards[0]!.id).toBe(second!.id);
    expect(cards.every((card) => card.question === edited && card.answer === 'Left side')).toBe(true);
  });

  it.each([
    ['no image', [rect(1)].join('\n'), 'An image occlusion note needs an image'],
    [
      'an image from no allowed place',
      ['![x](http://example.com/a.png)', rect(1)].join('\n'),
      'An image occlusion note needs an image',
    ],
    ['no mask', '![Heart](heart.png)\n\nJust a picture', 'An image occlusion note needs at least one mask'],
    [
      'a mask beyond the right edge',
      ['![Heart](heart.png)', rect(1, 0.9)].join('\n'),
      'Each mask must lie within the image: left, top, width and height are fractions from 0 to 1',
    ],
    [
      'pixels instead of fractions',
      '![Heart](heart.png)\n{{c1::image-occlusion:rect:left=120:top=80:width=40:height=30}}',
      'Each mask must lie within the image: left, top, width and height are fractions from 0 to 1',
    ],
    [
      'more than 100 masks',
      ['![Heart](heart.png)', ...Array.from({ length: 101 }, (_, n) => rect(n + 1))].join('\n'),
      'An image occlusion note has at most 100 masks',
    ],
  ])('refuses a note with %s, on create and on edit', async (_name, question, error) => {
    const created = await me.post('/api/cards', { kind: 'occlusion', question, answer: '' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ error });
    const card = await me.createCard({ kind: 'occlusion', question: HEART, answer: '' });
    const edited = await me.put(`/api/cards/${card.id}`, { question });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual({ error });
    // A basic note becoming an occlusion is checked the same way.
    const basic = await me.createCard({ question: 'q', answer: 'a' });
    const changed = await me.put(`/api/cards/${basic.id}`, { kind: 'occlusion', question });
    expect(changed.json()).toEqual({ error });
  });

  it('searches its header, image name and extra, never the masks', async () => {
    const first = await me.createCard({ kind: 'occlusion', question: HEART, answer: 'Blood flows left to right' });
    const row = await ctx.db
      .selectFrom('cards')
      .select('search_text')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).toContain('chambers of the heart');
    expect(row.search_text).toContain('heart diagram');
    expect(row.search_text).toContain('blood flows');
    expect(row.search_text).not.toMatch(/occlusion|left=|oi=1/);
    const found = await me.get('/api/cards/search?q=chambers');
    expect((found.json() as { results: CardJson[] }).results.map((card) => card.note_guid)).toContain(first.note_guid);
    expect((await me.get('/api/cards/search?q=image-occlusion')).json()).toEqual({ results: [] });
  });
});

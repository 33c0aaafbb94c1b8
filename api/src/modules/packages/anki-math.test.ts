// Anki's math coming in: a Category Theory deck like a real public one (11 notes in Anki's
// `[$]...[/$]`, `[$$]`, `[latex]` and MathJax, fields as Anki's editor writes them: entities,
// `<br>`, `<div>`), imported as an .apkg with its review history, and the same delimiters from
// Anki's text export and a CSV. Stored in our form ($...$, $$...$$), on both databases; Anki's
// rendered `latex-*.png` images are not kept.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { CATEGORY_NOTES, categoryApkg } from '../../test/anki-math-deck';
import { signedInClient, type ApiClient, type CardJson } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';

const NOW = new Date(Date.UTC(2026, 0, 5, 9) + 30 * 86_400_000);

describeEachDb("Anki's math on import", (ctx) => {
  let app: FastifyInstance;
  let me: ApiClient;
  beforeAll(async () => {
    const signups = { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } };
    app = await ctx.buildApp({ rateLimits: signups }, { now: () => NOW });
  });
  beforeEach(async () => {
    me = await signedInClient(app);
  });

  const stored = async (client: ApiClient) =>
    ((await client.get('/api/cards?limit=100')).json() as CardJson[])
      .map((card) => [card.question, card.answer])
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
  const expected = [...CATEGORY_NOTES]
    .map(([, , question, answer]) => [question, answer])
    .sort((a, b) => a[0]!.localeCompare(b[0]!));

  it.each(['anki2', 'anki21b'] as const)(
    '%s package: every formula in our form, its history along, no Anki render kept',
    async (format) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/cards/import/apkg',
        headers: { ...bearer(me.user.accessToken), 'content-type': 'application/octet-stream' },
        payload: Buffer.from(categoryApkg(format)),
      });
      expect(response.statusCode).toBe(200);
      // Anki's render of a formula is neither stored nor reported as skipped; other images are kept.
      expect(response.json()).toMatchObject({ imported: 11, cards: 11, reviews: 22, images: 1, skippedMedia: [] });
      expect(await stored(me)).toEqual(expected);
      expect((await me.get('/api/media')).json().files.map((file: { name: string }) => file.name)).toEqual([
        'diagram.png',
      ]);
      const logs = await ctx.db
        .selectFrom('review_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(logs.n)).toBe(22);
      const cards = await ctx.db
        .selectFrom('cards')
        .select(['sched_version', 'last_review'])
        .where('user_id', '=', me.user.id)
        .execute();
      // Each card's schedule is its two answers replayed.
      expect(cards.map((card) => [card.sched_version, card.last_review !== null])).toEqual(Array(11).fill([2, true]));
    },
  );

  const quoted = (field: string) => `"${field.replace(/"/g, '""')}"`;
  it.each([
    ['Anki text export', (rows: string[]) => `#separator:tab\n#html:true\n${rows.join('\n')}`, '\t'],
    ['CSV', (rows: string[]) => `question,answer\n${rows.join('\n')}`, ','],
  ])('%s: the same delimiters stored in our form', async (_name, file, separator) => {
    const rows = CATEGORY_NOTES.map(([front, back]) => `${quoted(front)}${separator}${quoted(back)}`);
    const response = await me.post('/api/cards/import', { text: file(rows) });
    expect(response.json()).toMatchObject({ imported: 11, errors: [] });
    expect(await stored(me)).toEqual(expected);
  });

  it('keeps a price, an escaped dollar and a code span as written', async () => {
    const text = 'question,answer\n"It costs $5 and $6","a \\$ sign and `\\(x\\)`"';
    await me.post('/api/cards/import', { text });
    expect(await stored(me)).toEqual([['It costs $5 and $6', 'a \\$ sign and `\\(x\\)`']]);
  });
});

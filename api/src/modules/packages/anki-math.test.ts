// Anki's math coming in: a Category Theory deck like a real public one (11 notes in Anki's
// `[$]...[/$]`, `[$$]`, `[latex]` and MathJax, fields as Anki's editor writes them: entities,
// `<br>`, `<div>`), imported as an .apkg with its review history, and the same delimiters from
// Anki's text export and a CSV. Stored in our form ($...$, $$...$$), on both databases; Anki's
// rendered `latex-*.png` images are not kept.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { buildApkg, type FixtureNote, type FixturePackage } from '../../test/apkg-fixture';
import { signedInClient, type ApiClient, type CardJson } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 9);
const NOW = new Date(T0 + 30 * DAY);
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const LATEX_PNG = 'latex-0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c.png';

/** [front field, back field, what we store for the front, what we store for the back]. */
export const CATEGORY_NOTES: Array<[string, string, string, string]> = [
  [
    'What is a category [$]\\mathcal{C}[/$]?',
    'Objects and morphisms [$]f: A \\to B[/$] with identities and composition',
    'What is a category $\\mathcal{C}$?',
    'Objects and morphisms $f: A \\to B$ with identities and composition',
  ],
  [
    'Associativity of composition',
    '[$$]h \\circ (g \\circ f) = (h \\circ g) \\circ f[/$$]',
    'Associativity of composition',
    '$$h \\circ (g \\circ f) = (h \\circ g) \\circ f$$',
  ],
  [
    'A functor [$]F: \\mathcal{C} \\to \\mathcal{D}[/$] preserves?',
    '<div>Identities and composition:</div><div>[$$]F(g \\circ f) = F(g) \\circ F(f)[/$$]</div>',
    'A functor $F: \\mathcal{C} \\to \\mathcal{D}$ preserves?',
    '<div>Identities and composition:</div><div>$$F(g \\circ f) = F(g) \\circ F(f)$$</div>',
  ],
  [
    'Naturality square',
    '[latex]\\begin{align}G(f) \\circ \\eta_A &amp;= \\eta_B \\circ F(f)\\end{align}[/latex]',
    'Naturality square',
    '$$\\begin{align}G(f) \\circ \\eta_A &= \\eta_B \\circ F(f)\\end{align}$$',
  ],
  [
    'Hom-set notation',
    '\\(\\mathrm{Hom}_{\\mathcal{C}}(A, B)\\)',
    'Hom-set notation',
    '$\\mathrm{Hom}_{\\mathcal{C}}(A, B)$',
  ],
  ['Yoneda lemma', '\\[\\mathrm{Nat}(h_A, F) \\cong F(A)\\]', 'Yoneda lemma', '$$\\mathrm{Nat}(h_A, F) \\cong F(A)$$'],
  [
    'A monomorphism [$]m[/$] satisfies',
    '[$]m \\circ g_1 = m \\circ g_2 \\implies g_1 = g_2[/$]',
    'A monomorphism $m$ satisfies',
    '$m \\circ g_1 = m \\circ g_2 \\implies g_1 = g_2$',
  ],
  [
    'Product of [$]A[/$] and [$]B[/$]',
    '[$$]A \\xleftarrow{\\pi_1} A \\times B<br>\\xrightarrow{\\pi_2} B[/$$]',
    'Product of $A$ and $B$',
    '$$A \\xleftarrow{\\pi_1} A \\times B \\xrightarrow{\\pi_2} B$$',
  ],
  [
    'An adjunction [$]F \\dashv G[/$]',
    '[$]\\mathrm{Hom}(FA, B) \\cong&nbsp;\\mathrm{Hom}(A, GB)[/$]',
    'An adjunction $F \\dashv G$',
    '$\\mathrm{Hom}(FA, B) \\cong \\mathrm{Hom}(A, GB)$',
  ],
  [
    'Initial object: for every [$]X[/$] there is exactly one',
    '[$]0 \\to X[/$]',
    'Initial object: for every $X$ there is exactly one',
    '$0 \\to X$',
  ],
  [
    'A long formula',
    '[$$]\\mathrm{Hom}_{\\mathcal{C}}(A, B) \\times \\mathrm{Hom}_{\\mathcal{C}}(B, C) \\times \\mathrm{Hom}_{\\mathcal{C}}(C, D) \\to \\mathrm{Hom}_{\\mathcal{C}}(A, D) \\quad (f, g, h) \\mapsto h \\circ g \\circ f[/$$]',
    'A long formula',
    '$$\\mathrm{Hom}_{\\mathcal{C}}(A, B) \\times \\mathrm{Hom}_{\\mathcal{C}}(B, C) \\times \\mathrm{Hom}_{\\mathcal{C}}(C, D) \\to \\mathrm{Hom}_{\\mathcal{C}}(A, D) \\quad (f, g, h) \\mapsto h \\circ g \\circ f$$',
  ],
];

/** The deck: each note one card with two answers (a day apart); Anki's render of a formula among its media. */
export function categoryDeck(format: FixturePackage['format'], t0 = T0): FixturePackage {
  const notes: FixtureNote[] = CATEGORY_NOTES.map(([front, back], index) => ({
    guid: `ct-${index + 1}`,
    fields: [front, back],
    deck: 'Category Theory',
    tags: 'math',
    cards: [
      {
        ord: 0,
        reviews: [
          { at: t0 + index * 60_000, ease: 3, type: 0 },
          { at: t0 + DAY + index * 60_000, ease: 3, type: 1 },
        ],
      },
    ],
  }));
  return {
    format,
    notes,
    media: [
      { name: LATEX_PNG, data: PNG },
      { name: 'diagram.png', data: PNG },
    ],
  };
}

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
    'a %s package: every formula in our form, its history along, no Anki render kept',
    async (format) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/cards/import/apkg',
        headers: { ...bearer(me.user.accessToken), 'content-type': 'application/octet-stream' },
        payload: Buffer.from(buildApkg(categoryDeck(format))),
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

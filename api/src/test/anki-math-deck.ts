// A Category Theory deck in Anki's math, like a real public one: 11 notes in Anki's `[$]...[/$]`,
// `[$$]`, `[latex]` and MathJax delimiters, fields as Anki's editor writes them (entities, `<br>`,
// `<div>`), each card with two answers of history, and Anki's render of a formula among the
// media. Used by the API's import test and the browser test.
import { buildApkg, type FixtureNote, type FixturePackage } from './apkg-fixture';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 9);
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
/** Anki's render of a `[latex]` formula: a cache, not imported. */
export const LATEX_PNG = 'latex-0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c.png';

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

/** The deck as an .apkg file. */
export const categoryApkg = (format: FixturePackage['format']) => buildApkg(categoryDeck(format));

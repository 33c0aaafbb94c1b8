// Markup from other programs' files: every text importer (CSV, TSV, Quizlet, Anki text with
// and without `#html:true`) stores the same sanitised HTML (lib/sanitize.ts), on both databases.
// The .apkg importer's case is in modules/packages/packages.test.ts.
import type { FastifyInstance } from 'fastify';
import { signedInClient, type CardJson } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';
import { HOSTILE, HOSTILE_SANITISED } from '../../test/hostile-markup';

/** Markdown and math without HTML: kept character for character. */
const PLAIN = '$x > 0$, a < b, $a<b$, for (i=0;i<n;i++) & <https://example.com>\n> a quote';

const quoted = (field: string) => `"${field.replace(/"/g, '""')}"`;

describeEachDb('imported markup', (ctx) => {
  let app: FastifyInstance;
  beforeAll(() => {
    app = ctx.app;
  });

  const importAndRead = async (body: Record<string, unknown>) => {
    const me = await signedInClient(app);
    const response = await me.post('/api/cards/import', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: 1, errors: [] });
    const cards = (await me.get('/api/cards')).json() as CardJson[];
    return cards.map((card) => [card.question, card.answer]);
  };

  it.each([
    ['CSV', { text: `question,answer\n${quoted(PLAIN)},${quoted(HOSTILE)}` }],
    ['TSV (named)', { text: `${quoted(PLAIN)}\t${quoted(HOSTILE)}`, format: 'tsv' }],
    ['TSV (detected)', { text: `question\tanswer\n${quoted(PLAIN)}\t${quoted(HOSTILE)}` }],
    ['Quizlet', { text: `${PLAIN.replace('\n', ' ')}|${HOSTILE}`, format: 'quizlet', termSeparator: '|' }],
    ['Anki text, #html:true', { text: `#separator:tab\n#html:true\n${quoted(PLAIN)}\t${quoted(HOSTILE)}` }],
    [
      'Anki text, #html:false',
      { text: `#separator:tab\n#html:false\n${quoted(PLAIN)}\t${quoted(HOSTILE)}`, format: 'anki' },
    ],
  ])(
    '%s: strips style, class, id, scripts, handlers and overlays; plain Markdown and math stay exact',
    async (name, body) => {
      const question = name === 'Quizlet' ? PLAIN.replace('\n', ' ') : PLAIN;
      expect(await importAndRead(body)).toEqual([[question, HOSTILE_SANITISED]]);
    },
  );

  it('previews what it would store, and reports a field that was only a script as empty', async () => {
    const me = await signedInClient(app);
    const text = `question,answer\nq1,${quoted(HOSTILE)}\nq2,<script>alert(1)</script>`;
    const response = await me.post('/api/cards/import', { text, dryRun: true });
    expect(response.json()).toMatchObject({
      total: 2,
      rows: [{ row: 1, question: 'q1', answer: HOSTILE_SANITISED }],
      errors: [{ row: 2, error: 'Answer is required' }],
    });
  });
});

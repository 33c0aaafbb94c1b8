// Anki's Image Occlusion notes through .apkg: imported as occlusion notes with their image as the
// learner's media, and exported as Anki's Image Occlusion note type, which our import reads back.
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { parseOcclusion } from '@flashcard/api-contract/schemas';
import { DEFAULT_RATE_LIMITS } from '../../config';
import { buildApkg, imageOcclusionNote } from '../../test/apkg-fixture';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';
import { MODEL_IDS } from './anki-schema';

const MANY_SIGNUPS = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerAddress: { max: 10_000, timeWindowMs: 60_000 } },
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describeEachDb('image occlusion notes in Anki packages', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await ctx.buildApp(MANY_SIGNUPS);
  });

  const send = (client: ApiClient, body: Uint8Array) =>
    app.inject({
      method: 'POST',
      url: '/api/cards/import/apkg',
      headers: { ...bearer(client.user.accessToken), 'content-type': 'application/octet-stream' },
      payload: Buffer.from(body),
    });
  const cardsOf = (userId: number) =>
    ctx.db
      .selectFrom('cards')
      .select(['note_guid', 'ord', 'kind', 'question', 'answer'])
      .where('user_id', '=', userId)
      .orderBy('note_guid')
      .orderBy('ord')
      .execute();

  it("imports Anki's Image Occlusion note as an occlusion note, one card per mask number, its image kept", async () => {
    const learner = await signedInClient(app);
    const response = await send(
      learner,
      buildApkg({
        format: 'anki21b',
        notes: [imageOcclusionNote('io-heart', 'heart.png')],
        media: [{ name: 'heart.png', data: PNG }],
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: 1, cards: 2, images: 1, errors: [] });
    const cards = await cardsOf(learner.user.id);
    expect(cards.map((card) => [card.ord, card.kind])).toEqual([
      [1, 'occlusion'],
      [2, 'occlusion'],
    ]);
    const note = parseOcclusion(cards[0]!.question);
    expect(note).toMatchObject({ header: 'Chambers of the <b>heart</b>', invalid: false });
    expect(note.masks.map((mask) => mask.ord)).toEqual([1, 2]);
    expect(cards[0]!.answer).toBe('Blood flows left to right');
    // The image the note names is the learner's own file now.
    const image = await app.inject({
      method: 'GET',
      url: `/api/media/${note.image}`,
      headers: bearer(learner.user.accessToken),
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(PNG);
  });

  it("exports an occlusion note as Anki's Image Occlusion type, which a new account imports back whole", async () => {
    const author = await signedInClient(app);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/media?name=heart.png',
      headers: { ...bearer(author.user.accessToken), 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(upload.statusCode).toBe(201);
    const question = [
      '![Heart](heart.png)',
      '{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.1}}',
      '{{c2::image-occlusion:rect:left=.5:top=.5:width=.2:height=.1}}',
      '',
      'Name the chamber',
    ].join('\n');
    const created = await author.createCard({ kind: 'occlusion', question, answer: 'Four in all' });

    const exported = await author.get('/api/cards/export/apkg');
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const db = new Database(Buffer.from(files['collection.anki2']!), { readonly: true });
    try {
      const note = db.prepare('select mid, flds from notes').get() as { mid: number; flds: string };
      expect(note.mid).toBe(MODEL_IDS.occlusion);
      expect(note.flds.split('\x1f')).toEqual([
        '{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.1}}<br>' +
          '{{c2::image-occlusion:rect:left=.5:top=.5:width=.2:height=.1}}',
        '<img src="heart.png" alt="Heart">',
        'Name the chamber',
        'Four in all',
        '',
      ]);
      // Anki's own ords: c1 is card 0.
      expect(
        (db.prepare('select ord from cards order by ord').all() as Array<{ ord: number }>).map((c) => c.ord),
      ).toEqual([0, 1]);
      const { models } = db.prepare('select models from col').get() as { models: string };
      const model = (JSON.parse(models) as Record<string, Record<string, unknown>>)[String(MODEL_IDS.occlusion)]!;
      expect(model).toMatchObject({ name: 'Image Occlusion', type: 1, originalStockKind: 6 });
      expect((model.flds as Array<{ name: string }>).map((field) => field.name)).toEqual([
        'Occlusion',
        'Image',
        'Header',
        'Back Extra',
        'Comments',
      ]);
      expect((model.tmpls as Array<{ qfmt: string }>)[0]!.qfmt).toContain('{{cloze:Occlusion}}');
    } finally {
      db.close();
    }

    const reader = await signedInClient(app);
    const imported = await send(reader, new Uint8Array(exported.rawPayload));
    expect(imported.json()).toMatchObject({ imported: 1, cards: 2, images: 1, errors: [] });
    const [back] = await cardsOf(reader.user.id);
    expect(back).toMatchObject({ note_guid: created.note_guid, kind: 'occlusion', answer: 'Four in all' });
    const { invalid: _invalid, ...original } = parseOcclusion(question);
    expect(parseOcclusion(back!.question)).toMatchObject(original);
    expect((await cardsOf(reader.user.id)).map((card) => card.ord)).toEqual([1, 2]);
  });
});

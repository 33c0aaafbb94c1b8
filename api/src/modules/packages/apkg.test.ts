import { zipSync } from 'fflate';
import { DEFAULT_APKG_LIMITS } from '../../config';
import { buildApkg, imageOcclusionNote, zstdStored, type FixturePackage } from '../../test/apkg-fixture';
import { ApkgError, readApkg, type ApkgContents } from './apkg';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 6, 9);
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const MP3 = Uint8Array.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);

function deck(format: FixturePackage['format']): FixturePackage {
  return {
    format,
    notes: [
      {
        guid: 'Bx4!cell',
        fields: ['What is the <b>unit</b> of life?<img src="cell diagram.png">', 'The cell [sound:cell.mp3]'],
        tags: 'biology cells',
        deck: 'Biology::Cells',
        cards: [
          {
            ord: 0,
            reviews: [
              { at: T0, ease: 3, type: 0, timeMs: 6000 },
              { at: T0 + 1 * DAY, ease: 3, type: 1 },
              { at: T0 + 4 * DAY, ease: 1, type: 1 },
              // A manual reschedule and a cram answer are not reviews.
              { at: T0 + 5 * DAY, ease: 0, type: 4 },
              { at: T0 + 6 * DAY, ease: 3, type: 3 },
              { at: T0 + 7 * DAY, ease: 4, type: 2 },
            ],
          },
        ],
      },
      { guid: 'rev-1', fields: ['Hund', 'dog'], deck: 'German', cards: [{ ord: 0 }, { ord: 1, suspended: true }] },
      {
        guid: 'clz-1',
        fields: ['{{c1::Paris}} is the capital of {{c2::France}}', 'Europe'],
        tags: 'geo',
        cards: [{ ord: 0, reviews: [{ at: T0 + 2 * DAY, ease: 2, type: 0 }] }, { ord: 1 }],
      },
      { guid: 'empty', fields: ['', 'no front'], cards: [{ ord: 0 }] },
      {
        guid: 'xss-1',
        fields: ['<img src=x onerror=alert(1)>Trap<script>alert(2)</script>', '<a href="javascript:alert(3)">x</a>'],
        cards: [{ ord: 0 }],
      },
    ],
    media: [
      { name: 'cell diagram.png', data: PNG },
      { name: 'cell.mp3', data: MP3 },
    ],
  };
}

const read = (bytes: Uint8Array) => readApkg(bytes, DEFAULT_APKG_LIMITS);

describe.each(['anki2', 'anki21b'] as const)('readApkg (%s)', (format) => {
  let contents: ApkgContents;
  beforeAll(async () => {
    contents = await read(buildApkg(deck(format)));
  });

  it('reads every note with its kind, fields, tags, deck and guid, and reports a note without a front', () => {
    expect(contents.format).toBe(format);
    expect(contents.notes.map(({ row, kind, guid, deck: set, tags }) => ({ row, kind, guid, set, tags }))).toEqual([
      { row: 1, kind: 'basic', guid: 'Bx4!cell', set: 'Biology::Cells', tags: 'biology, cells' },
      { row: 2, kind: 'reversed', guid: 'rev-1', set: 'German', tags: null },
      // Anki's Default deck is no set of ours.
      { row: 3, kind: 'cloze', guid: 'clz-1', set: null, tags: 'geo' },
      { row: 5, kind: 'basic', guid: 'xss-1', set: null, tags: null },
    ]);
    expect(contents.errors).toEqual([{ row: 4, error: 'The note has no text in its first field' }]);
    const [cell, , cloze] = contents.notes;
    expect(cell!.question).toBe('What is the <b>unit</b> of life?<img src="cell diagram.png" />');
    // Sounds are dropped (we do not play them).
    expect(cell!.answer).toBe('The cell [sound:cell.mp3]');
    expect(cloze!.question).toBe('{{c1::Paris}} is the capital of {{c2::France}}');
  });

  it('reads a note whose type asks to type the answer ({{type:Back}}) as typed, a cloze asking so as cloze', async () => {
    const typed = await read(
      buildApkg({
        format,
        notes: [
          { guid: 'typ-1', fields: ['Capital of France?', 'Paris'], typeIn: true, cards: [{ ord: 0 }] },
          { guid: 'typ-c', fields: ['{{c1::Paris}} is in France', ''], typeIn: 'cloze', cards: [{ ord: 0 }] },
          { guid: 'plain', fields: ['Plain', 'card'], cards: [{ ord: 0 }] },
        ],
      }),
    );
    expect(typed.notes.map(({ guid, kind, answer }) => [guid, kind, answer])).toEqual([
      ['typ-1', 'typed', 'Paris'],
      ['typ-c', 'cloze', ''],
      ['plain', 'basic', 'card'],
    ]);
    expect(typed.cards.map(({ noteGuid, ord }) => [noteGuid, ord])).toEqual([
      ['typ-1', 0],
      ['typ-c', 1],
      ['plain', 0],
    ]);
  });

  it('keeps imported HTML harmless', () => {
    const trap = contents.notes.find((note) => note.guid === 'xss-1')!;
    expect(`${trap.question} ${trap.answer}`).not.toMatch(/onerror|<script|javascript:/i);
    expect(trap.question).toContain('Trap');
  });

  it("brings each card's answers, oldest first, without manual reschedules or cram", () => {
    expect(
      contents.cards.map(({ noteGuid, ord, suspended, reviews }) => ({
        noteGuid,
        ord,
        suspended,
        reviews: reviews.map((r) => [r.at - T0, r.rating]),
      })),
    ).toEqual([
      {
        noteGuid: 'Bx4!cell',
        ord: 0,
        suspended: false,
        reviews: [
          [0, 3],
          [DAY, 3],
          [4 * DAY, 1],
          [7 * DAY, 4],
        ],
      },
      { noteGuid: 'rev-1', ord: 0, suspended: false, reviews: [] },
      { noteGuid: 'rev-1', ord: 1, suspended: true, reviews: [] },
      // Cloze cards are numbered by their cloze (Anki's ord 0 is c1).
      { noteGuid: 'clz-1', ord: 1, suspended: false, reviews: [[2 * DAY, 2]] },
      { noteGuid: 'clz-1', ord: 2, suspended: false, reviews: [] },
      { noteGuid: 'xss-1', ord: 0, suspended: false, reviews: [] },
    ]);
    expect(contents.cards[0]!.reviews[0]!.timeMs).toBe(6000);
  });

  it('reads the media files by the names the notes use, unpacking the images and sounds', () => {
    expect(contents.media.map((file) => [file.name, file.data && Buffer.from(file.data)])).toEqual([
      ['cell diagram.png', Buffer.from(PNG)],
      ['cell.mp3', Buffer.from(MP3)],
    ]);
  });
});

describe.each(['anki2', 'anki21b'] as const)("Anki's Image Occlusion notes (%s)", (format) => {
  it('reads them as occlusion notes: the image, the masks (an ellipse as its box, no text label), the header and the Back Extra', async () => {
    const contents = await read(
      buildApkg({
        format,
        notes: [imageOcclusionNote('io-1', 'heart.png')],
        media: [{ name: 'heart.png', data: PNG }],
      }),
    );
    expect(contents.errors).toEqual([]);
    const [note] = contents.notes;
    expect(note).toMatchObject({ kind: 'occlusion', guid: 'io-1', answer: 'Blood flows left to right' });
    expect(note!.question).toBe(
      [
        '<img src="heart.png" />',
        '{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.1:oi=1}}',
        '{{c2::image-occlusion:rect:left=.5:top=.5:width=.2:height=.1:oi=1}}',
        '',
        'Chambers of the <b>heart</b>',
      ].join('\n'),
    );
    // Cards numbered by their mask (Anki's ord 0 is c1), with their history.
    expect(contents.cards.map(({ ord, reviews }) => [ord, reviews.length])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(contents.media.map((file) => file.name)).toEqual(['heart.png']);
  });
});

describe('readApkg refusals', () => {
  it('refuses what is not a package, with a clear message', async () => {
    await expect(read(new TextEncoder().encode('just text'))).rejects.toThrow(
      new ApkgError('This is not an Anki package (.apkg): it is not a zip file'),
    );
    await expect(read(zipSync({ 'notes.txt': new TextEncoder().encode('hi') }))).rejects.toThrow(
      new ApkgError('This is not an Anki package (.apkg): it holds no collection'),
    );
    await expect(
      read(zipSync({ 'collection.anki21b': zstdStored(new TextEncoder().encode('not sqlite')) })),
    ).rejects.toThrow(new ApkgError('The collection inside this package cannot be read'));
  });
});

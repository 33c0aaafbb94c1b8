// Builds Anki packages (.apkg) for tests and benchmarks, in the legacy format (collection.anki2,
// JSON media map) or the current one (zstd-compressed collection.anki21b with a decks table,
// protobuf media map, zstd-compressed media). The zstd frames hold raw (stored) blocks: valid
// zstd any decoder reads, without needing a compressor here.
import { BinaryWriter } from '@bufbuild/protobuf/wire';
import Database from 'better-sqlite3';
import { zipSync } from 'fflate';

export interface FixtureReview {
  /** Epoch ms; also the revlog id, so unique per package. */
  at: number;
  ease: 1 | 2 | 3 | 4 | 0;
  /** 0 learning, 1 review, 2 relearning, 3 cram, 4 manual. */
  type?: number;
  timeMs?: number;
}

export interface FixtureNote {
  guid: string;
  fields: string[];
  tags?: string;
  deck?: string;
  /**
   * The note's type asks to type the answer ("Basic (type in the answer)", `{{type:Back}}`);
   * otherwise it is Basic. `typeIn: 'cloze'`: a cloze type with `{{type:cloze:Text}}`.
   */
  typeIn?: true | 'cloze';
  /** One per card: ord 0, 1... (a cloze note's ord n is cloze n + 1). */
  cards: Array<{ ord: number; suspended?: boolean; reviews?: FixtureReview[] }>;
}

export interface FixturePackage {
  format: 'anki2' | 'anki21b';
  notes: FixtureNote[];
  media?: Array<{ name: string; data: Uint8Array }>;
}

const BLOCK = 128 * 1024;
const NOTETYPE_IDS = { basic: 1, typeIn: 2, cloze: 3 } as const;

/** A zstd frame of raw blocks (single segment, content size given). */
export function zstdStored(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0xa0])];
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, data.length, true);
  parts.push(size);
  for (let start = 0; start < data.length || start === 0; start += BLOCK) {
    const chunk = data.subarray(start, start + BLOCK);
    const last = start + BLOCK >= data.length ? 1 : 0;
    const header = last | (chunk.length << 3);
    parts.push(Uint8Array.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), chunk);
    if (data.length === 0) break;
  }
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function buildApkg(fixture: FixturePackage): Uint8Array {
  const latest = fixture.format === 'anki21b';
  const db = new Database(':memory:');
  db.exec(`
    create table col (id integer primary key, decks text not null, models text not null);
    create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null,
      tags text not null, flds text not null, sfld text not null, csum integer not null, flags integer not null, data text not null);
    create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null,
      usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null,
      reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
    create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null,
      lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
  `);
  const deckIds = new Map<string, number>([['Default', 1]]);
  for (const note of fixture.notes)
    if (note.deck && !deckIds.has(note.deck)) deckIds.set(note.deck, 1_000 + deckIds.size);
  // Note types by id: their card templates, as Anki's stock Basic, "Basic (type in the answer)"
  // and a cloze type asking to type the cloze.
  const notetypes: Array<{ id: number; name: string; qfmt: string; afmt: string }> = [
    { id: NOTETYPE_IDS.basic, name: 'Basic', qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' },
    {
      id: NOTETYPE_IDS.typeIn,
      name: 'Basic (type in the answer)',
      qfmt: '{{Front}}\n\n{{type:Back}}',
      afmt: '{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}',
    },
    { id: NOTETYPE_IDS.cloze, name: 'Cloze (type)', qfmt: '{{cloze:Text}}{{type:cloze:Text}}', afmt: '{{cloze:Text}}' },
  ];
  if (latest) {
    db.exec(`
      create table notetypes (id integer primary key, name text not null, mtime_secs integer not null, usn integer not null, config blob not null);
      create table templates (ntid integer not null, ord integer not null, name text not null, mtime_secs integer not null,
        usn integer not null, config blob not null, primary key (ntid, ord));
    `);
    const insertType = db.prepare("insert into notetypes values (?, ?, 0, 0, x'')");
    // CardTemplate.Config { string q_format = 1; string a_format = 2; ... }.
    const insertTemplate = db.prepare("insert into templates values (?, 0, 'Card 1', 0, 0, ?)");
    for (const type of notetypes) {
      insertType.run(type.id, type.name);
      insertTemplate.run(type.id, new BinaryWriter().tag(1, 2).string(type.qfmt).tag(2, 2).string(type.afmt).finish());
    }
  }
  const models = latest
    ? ''
    : JSON.stringify(
        Object.fromEntries(
          notetypes.map((type) => [
            String(type.id),
            { id: type.id, name: type.name, tmpls: [{ name: 'Card 1', ord: 0, qfmt: type.qfmt, afmt: type.afmt }] },
          ]),
        ),
      );
  if (latest) {
    db.exec(
      'create table decks (id integer primary key, name text not null, mtime_secs integer not null, usn integer not null, common blob, kind blob)',
    );
    const insert = db.prepare('insert into decks (id, name, mtime_secs, usn) values (?, ?, 0, 0)');
    for (const [name, id] of deckIds) insert.run(id, name.replace(/::/g, '\x1f'));
    // The current format keeps decks out of col: an empty JSON object there.
    db.prepare('insert into col (id, decks, models) values (1, ?, ?)').run('{}', models);
  } else {
    const decks = Object.fromEntries([...deckIds].map(([name, id]) => [String(id), { id, name }]));
    db.prepare('insert into col (id, decks, models) values (1, ?, ?)').run(JSON.stringify(decks), models);
  }
  const insertNote = db.prepare("insert into notes values (?, ?, ?, 0, 0, ?, ?, '', 0, 0, '')");
  const insertCard = db.prepare("insert into cards values (?, ?, ?, ?, 0, 0, 2, ?, 0, 1, 2500, 1, 0, 0, 0, 0, 0, '')");
  const insertReview = db.prepare('insert into revlog values (?, ?, 0, ?, 1, 0, 2500, ?, ?)');
  let cardId = 1;
  db.transaction(() => {
    fixture.notes.forEach((note, n) => {
      const noteId = n + 1;
      const mid = note.typeIn === 'cloze' ? NOTETYPE_IDS.cloze : note.typeIn ? NOTETYPE_IDS.typeIn : NOTETYPE_IDS.basic;
      insertNote.run(noteId, note.guid, mid, note.tags ? ` ${note.tags} ` : '', note.fields.join('\x1f'));
      for (const card of note.cards) {
        const id = cardId++;
        insertCard.run(id, noteId, deckIds.get(note.deck ?? 'Default')!, card.ord, card.suspended ? -1 : 2);
        for (const review of card.reviews ?? [])
          insertReview.run(review.at, id, review.ease, review.timeMs ?? 4000, review.type ?? 1);
      }
    });
  })();
  const collection = new Uint8Array(db.serialize());
  db.close();

  const files: Record<string, Uint8Array> = {};
  const media = fixture.media ?? [];
  if (latest) {
    files['collection.anki21b'] = zstdStored(collection);
    // What Anki 2.1.50+ also writes for older versions: a collection asking to update.
    files['collection.anki2'] = new Uint8Array(0);
    const writer = new BinaryWriter();
    for (const file of media)
      writer.tag(1, 2).fork().tag(1, 2).string(file.name).tag(2, 0).uint32(file.data.length).join();
    files.media = zstdStored(writer.finish());
    media.forEach((file, index) => (files[String(index)] = zstdStored(file.data)));
  } else {
    files['collection.anki2'] = collection;
    files.media = new TextEncoder().encode(
      JSON.stringify(Object.fromEntries(media.map((file, index) => [String(index), file.name]))),
    );
    media.forEach((file, index) => (files[String(index)] = file.data));
  }
  return zipSync(files, { level: 0 });
}

/**
 * A note of Anki's stock "Image Occlusion" type (23.10+) as Anki writes it: fields Occlusion,
 * Image, Header, Back Extra, Comments; one card per cloze number (ord 0 is c1). Here a rectangle
 * asked hiding all (`oi=1`), an ellipse and a text label sharing c2, and the image `image`.
 */
export function imageOcclusionNote(guid: string, image: string): FixtureNote {
  return {
    guid,
    fields: [
      '{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.1:oi=1}}<br>' +
        '{{c2::image-occlusion:ellipse:left=.5:top=.5:rx=.1:ry=.05:oi=1}}<br>' +
        '{{c2::image-occlusion:text:left=.5:top=.7:text=Aorta:scale=1:fs=.05:oi=1}}<br>',
      `<img src="${image}">`,
      'Chambers of the <b>heart</b>',
      'Blood flows left to right',
      'From the anatomy atlas',
    ],
    cards: [{ ord: 0, reviews: [{ at: Date.UTC(2025, 0, 6, 9), ease: 3, type: 0 }] }, { ord: 1 }],
  };
}

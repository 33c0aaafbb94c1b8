// Anki packages (.apkg), read as pure data: a zip holding the collection (SQLite) and its media.
// - legacy: `collection.anki2` (or `collection.anki21`, Anki 2.1 before 2.1.50), decks in the
//   `col.decks` JSON, `media` a JSON map {"0": "cell.png"}, media files stored as is;
// - current (2.1.50+): `collection.anki21b` compressed with zstd, decks in the `decks` table
//   (levels split by \x1f), `media` a zstd-compressed protobuf MediaEntries, each media file
//   zstd-compressed too. Newer packages still carry a `collection.anki2` that only says "please
//   update": the newest collection present wins.
// Notes keep Anki's guid (a re-import updates them); a note is an image occlusion when its first
// field holds Anki's masks (`{{c1::image-occlusion:rect:...}}`: the stock "Image Occlusion" type of
// Anki 23.10+, fields Occlusion, Image, Header, Back Extra, Comments), cloze when it holds
// `{{cN::...}}`, typed when its note type's card asks to type the answer (`{{type:Back}}`, as
// "Basic (type in the answer)" does) and it has one card, reversed when it has a second card,
// basic otherwise. The review history (revlog:
// learning, review and relearning answers; manual reschedules and cram-only entries skipped)
// comes along for FSRS and the optimizer. Members are unpacked within the caps of unpack.ts, and
// only the ones used: the collection, the media map and the images and sounds it names (other
// media, video say, are reported by name, never unpacked).
import { BinaryReader } from '@bufbuild/protobuf/wire';
import Database from 'better-sqlite3';
import {
  AUDIO_EXTENSIONS,
  IMAGE_EXTENSIONS,
  isAnkiLatexImage,
  maskCloze,
  parseOcclusion,
  type NoteKind,
} from '@flashcard/api-contract/schemas';
import type { ApkgLimits } from '../../config';
import { HttpError } from '../../lib/http-error';
import { cleanField, type ParsedNote } from '../cards';
import { ApkgError, PackageFiles, UNPACK_MESSAGES } from './unpack';

export { ApkgError };

export interface ApkgReview {
  /** Epoch ms (Anki's revlog id). */
  at: number;
  /** 1 Again .. 4 Easy. */
  rating: number;
  timeMs: number;
}

export interface ApkgCard {
  noteGuid: string;
  ord: number;
  suspended: boolean;
  /** Oldest first. */
  reviews: ApkgReview[];
}

export interface ApkgMedia {
  /** The name the notes use (`<img src="...">`). */
  name: string;
  /** An image's or a sound's bytes; null for other media (video), which are not kept and so not unpacked. */
  data: Uint8Array | null;
}

export interface ApkgContents {
  format: 'anki2' | 'anki21' | 'anki21b';
  notes: ParsedNote[];
  cards: ApkgCard[];
  media: ApkgMedia[];
  errors: Array<{ row: number; error: string }>;
}

/** The media we keep, by extension in any case: the contract's image and sound types (MediaService checks their bytes). */
export const IMAGE_NAME = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');
export const SOUND_NAME = new RegExp(`\\.(${AUDIO_EXTENSIONS.join('|')})$`, 'i');
export const isKeptMedia = (name: string) => IMAGE_NAME.test(name) || SOUND_NAME.test(name);
/** A media map names each media member: ~60 bytes an entry, so 4 MB is far more than any package's files. */
export const MEDIA_MAP_MAX_BYTES = 4 * 1024 * 1024;
/** Answers Anki counts as reviews: 0 learning, 1 review, 2 relearning (3 cram, 4 manual are not). */
const REVIEW_TYPES = new Set([0, 1, 2]);
const CLOZE = /\{\{c\d+::/;
const OCCLUSION_MASK = /\{\{c\d+::image-occlusion:/;
/** A template field that makes the learner type the answer: {{type:Back}}, {{type:cloze:Text}}... */
const TYPE_IN = /\{\{type:/;

export async function readApkg(bytes: Uint8Array, limits: ApkgLimits): Promise<ApkgContents> {
  const files = await PackageFiles.open(bytes, limits);
  let db: Database.Database | undefined;
  try {
    const format = (['anki21b', 'anki21', 'anki2'] as const).find((name) => files.has(`collection.${name}`));
    if (!format) throw new ApkgError('This is not an Anki package (.apkg): it holds no collection');
    let collection = await files.read(`collection.${format}`);
    try {
      db = new Database(Buffer.from(collection!.buffer, collection!.byteOffset, collection!.length), {
        readonly: true,
      });
      // SQLite holds its own copy now: ours may go before the media are read.
      collection = null;
      return { ...readCollection(format, db), media: await readMedia(files, limits) };
    } catch (error) {
      if (error instanceof ApkgError || error instanceof HttpError) throw error;
      throw new ApkgError('The collection inside this package cannot be read');
    }
  } finally {
    db?.close();
    files.close();
  }
}

function readCollection(format: ApkgContents['format'], db: Database.Database): Omit<ApkgContents, 'media'> {
  const decks = deckNames(db);
  const typedNotetypes = typeInNotetypes(db);
  const notes = db.prepare('select id, guid, mid, flds, tags from notes order by id').all() as Array<{
    id: number;
    guid: string;
    mid: number;
    flds: string;
    tags: string;
  }>;
  const cardRows = db.prepare('select id, nid, did, ord, queue from cards order by nid, ord').all() as Array<{
    id: number;
    nid: number;
    did: number;
    ord: number;
    queue: number;
  }>;
  const reviews = db.prepare('select id, cid, ease, time, type from revlog order by cid, id').all() as Array<{
    id: number;
    cid: number;
    ease: number;
    time: number;
    type: number;
  }>;

  const cardsOfNote = new Map<number, typeof cardRows>();
  for (const card of cardRows) cardsOfNote.set(card.nid, [...(cardsOfNote.get(card.nid) ?? []), card]);
  const reviewsOfCard = new Map<number, ApkgReview[]>();
  for (const review of reviews) {
    if (!REVIEW_TYPES.has(review.type) || review.ease < 1 || review.ease > 4) continue;
    const list = reviewsOfCard.get(review.cid) ?? [];
    list.push({ at: review.id, rating: review.ease, timeMs: Math.max(0, review.time) });
    reviewsOfCard.set(review.cid, list);
  }

  const parsed: ParsedNote[] = [];
  const cards: ApkgCard[] = [];
  const errors: ApkgContents['errors'] = [];
  notes.forEach((note, index) => {
    const row = index + 1;
    const fields = note.flds.split('\x1f');
    const occlusion = occlusionNote(fields);
    const [front = '', back = ''] = occlusion ?? fields;
    const question = occlusion ? front : cleanField(front);
    const own = cardsOfNote.get(note.id) ?? [];
    if (!question) {
      errors.push({ row, error: 'The note has no text in its first field' });
      return;
    }
    const twoCards = own.some((card) => card.ord === 1);
    const kind: NoteKind = occlusion
      ? 'occlusion'
      : CLOZE.test(question)
        ? 'cloze'
        : typedNotetypes.has(note.mid) && !twoCards
          ? 'typed'
          : twoCards
            ? 'reversed'
            : 'basic';
    const tags = note.tags.trim().split(/\s+/).filter(Boolean).join(', ');
    parsed.push({
      row,
      kind,
      question,
      answer: occlusion ? back : cleanField(back),
      tags: tags || null,
      guid: note.guid,
      deck: decks.get(own[0]?.did ?? -1) ?? null,
    });
    for (const card of own) {
      // Anki's cloze (and occlusion) cards count from ord 0 for c1; ours are numbered by the cloze.
      cards.push({
        noteGuid: note.guid,
        ord: kind === 'cloze' || kind === 'occlusion' ? card.ord + 1 : card.ord,
        suspended: card.queue === -1,
        reviews: reviewsOfCard.get(card.id) ?? [],
      });
    }
  });
  return { format, notes: parsed, cards, errors };
}

/**
 * An Image Occlusion note's question (the image, each mask on its line, the header) and answer
 * (Back Extra; the Comments field is the author's, not the card's), or null for another note.
 */
function occlusionNote(fields: string[]): [string, string] | null {
  const [occlusion = '', image = '', header = '', extra = ''] = fields;
  if (!OCCLUSION_MASK.test(occlusion)) return null;
  // Written anew from their numbers (ellipses and polygons as their boxes): nothing else of the
  // field is kept, and a mask that cannot be read stays unreadable, so the note is refused.
  const { masks } = parseOcclusion(occlusion);
  const question = [cleanField(image), ...masks.map(maskCloze)].filter(Boolean).join('\n');
  const title = cleanField(header);
  return [title ? `${question}\n\n${title}` : question, cleanField(extra)];
}

/**
 * The ids of the note types whose card templates ask to type the answer: in the `templates` table
 * (current format: each template's config a protobuf CardTemplate.Config { string q_format = 1;
 * string a_format = 2; ... }), else in the `col.models` JSON (legacy: `tmpls[].qfmt`, `afmt`).
 */
function typeInNotetypes(db: Database.Database): Set<number> {
  const ids = new Set<number>();
  const hasTable = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'templates'").get();
  if (hasTable) {
    for (const row of db.prepare('select ntid, config from templates').all() as Array<{
      ntid: number;
      config: unknown;
    }>) {
      if (!(row.config instanceof Uint8Array)) continue;
      const reader = new BinaryReader(row.config);
      while (reader.pos < reader.len) {
        const [field, wireType] = reader.tag();
        if ((field === 1 || field === 2) && wireType === 2) {
          if (TYPE_IN.test(reader.string())) ids.add(Number(row.ntid));
        } else reader.skip(wireType);
      }
    }
    return ids;
  }
  const hasModels = (db.prepare('pragma table_info(col)').all() as Array<{ name: string }>).some(
    (column) => column.name === 'models',
  );
  const col = hasModels ? (db.prepare('select models from col').get() as { models: string } | undefined) : undefined;
  const models = JSON.parse(col?.models || '{}') as Record<
    string,
    { id?: number; tmpls?: Array<Record<string, unknown>> }
  >;
  for (const [id, model] of Object.entries(models)) {
    const asks = (model.tmpls ?? []).some((tmpl) =>
      [tmpl.qfmt, tmpl.afmt].some((format) => typeof format === 'string' && TYPE_IN.test(format)),
    );
    if (asks) ids.add(Number(model.id ?? id));
  }
  return ids;
}

/** Deck id -> name ("Parent::Child"); Anki's empty "Default" deck is no set of ours. */
function deckNames(db: Database.Database): Map<number, string> {
  const names = new Map<number, string>();
  const hasTable = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'decks'").get();
  if (hasTable) {
    for (const deck of db.prepare('select id, name from decks').all() as Array<{ id: number; name: string }>)
      names.set(deck.id, deck.name.split('\x1f').join('::'));
  } else {
    const col = db.prepare('select decks from col').get() as { decks: string } | undefined;
    const decks = JSON.parse(col?.decks || '{}') as Record<string, { name: string }>;
    for (const [id, deck] of Object.entries(decks)) names.set(Number(id), deck.name);
  }
  for (const [id, name] of names) if (name === 'Default') names.delete(id);
  return names;
}

/** The package's media files by the names notes use: images with their bytes, the rest by name. */
async function readMedia(files: PackageFiles, limits: ApkgLimits): Promise<ApkgMedia[]> {
  const raw = await files.read('media', MEDIA_MAP_MAX_BYTES);
  if (!raw || raw.length === 0) return [];
  const names = new Map<string, string>();
  // No map names more media than a package may hold files.
  const add = (member: string, name: unknown) => {
    names.set(member, typeof name === 'string' ? name : '');
    if (names.size > limits.maxFiles) throw new HttpError(413, UNPACK_MESSAGES.mediaListTooLong(limits.maxFiles));
  };
  if (raw[0] === 0x7b /* { */) {
    for (const [key, name] of Object.entries(JSON.parse(new TextDecoder().decode(raw)) as Record<string, unknown>))
      add(key, name);
  } else {
    // MediaEntries { repeated MediaEntry entries = 1 }, MediaEntry { string name = 1; uint32 size = 2;
    // bytes sha1 = 3; optional uint32 legacy_zip_filename = 255 }: entry n is zip member "n".
    const reader = new BinaryReader(raw);
    let index = 0;
    while (reader.pos < reader.len) {
      const [field, wireType] = reader.tag();
      if (field !== 1) {
        reader.skip(wireType);
        continue;
      }
      const entry = new BinaryReader(reader.bytes());
      let name = '';
      let legacy: number | undefined;
      while (entry.pos < entry.len) {
        const [entryField, entryType] = entry.tag();
        if (entryField === 1) name = entry.string();
        else if (entryField === 255) legacy = entry.uint32();
        else entry.skip(entryType);
      }
      add(String(legacy ?? index), name);
      index += 1;
    }
  }
  const media: ApkgMedia[] = [];
  for (const [member, name] of names) {
    if (!name || !files.has(member) || isAnkiLatexImage(name)) continue;
    media.push({ name, data: isKeptMedia(name) ? await files.read(member) : null });
  }
  return media;
}

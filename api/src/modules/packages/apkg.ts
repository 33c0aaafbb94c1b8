// Anki packages (.apkg), read as pure data: a zip holding the collection (SQLite) and its media.
// - legacy: `collection.anki2` (or `collection.anki21`, Anki 2.1 before 2.1.50), decks in the
//   `col.decks` JSON, `media` a JSON map {"0": "cell.png"}, media files stored as is;
// - current (2.1.50+): `collection.anki21b` compressed with zstd, decks in the `decks` table
//   (levels split by \x1f), `media` a zstd-compressed protobuf MediaEntries, each media file
//   zstd-compressed too. Newer packages still carry a `collection.anki2` that only says "please
//   update": the newest collection present wins.
// Notes keep Anki's guid (a re-import updates them); a note is cloze when its first field holds
// `{{cN::...}}`, reversed when it has a second card, basic otherwise. The review history (revlog:
// learning, review and relearning answers; manual reschedules and cram-only entries skipped)
// comes along for FSRS and the optimizer.
import { BinaryReader } from '@bufbuild/protobuf/wire';
import Database from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { decompress } from 'fzstd';
import type { NoteKind } from '@flashcard/api-contract/schemas';
import { cleanField, type ParsedNote } from '../cards';

/** A package we cannot read; its message is for the learner. */
export class ApkgError extends Error {
  override name = 'ApkgError';
}

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
  data: Uint8Array;
}

export interface ApkgContents {
  format: 'anki2' | 'anki21' | 'anki21b';
  notes: ParsedNote[];
  cards: ApkgCard[];
  media: ApkgMedia[];
  errors: Array<{ row: number; error: string }>;
}

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const isZstd = (bytes: Uint8Array) => ZSTD_MAGIC.every((byte, i) => bytes[i] === byte);
const unpack = (bytes: Uint8Array) => (isZstd(bytes) ? decompress(bytes) : bytes);
/** Answers Anki counts as reviews: 0 learning, 1 review, 2 relearning (3 cram, 4 manual are not). */
const REVIEW_TYPES = new Set([0, 1, 2]);
const CLOZE = /\{\{c\d+::/;

export function readApkg(bytes: Uint8Array): ApkgContents {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new ApkgError('This is not an Anki package (.apkg): it is not a zip file');
  }
  const format = (['anki21b', 'anki21', 'anki2'] as const).find((name) => files[`collection.${name}`]);
  if (!format) throw new ApkgError('This is not an Anki package (.apkg): it holds no collection');

  let db: Database.Database | undefined;
  try {
    db = new Database(Buffer.from(unpack(files[`collection.${format}`]!)), { readonly: true });
    return readCollection(format, db, files);
  } catch (error) {
    if (error instanceof ApkgError) throw error;
    throw new ApkgError('The collection inside this package cannot be read');
  } finally {
    db?.close();
  }
}

function readCollection(format: ApkgContents['format'], db: Database.Database, files: Record<string, Uint8Array>): ApkgContents {
  const decks = deckNames(db);
  const notes = db.prepare('select id, guid, flds, tags from notes order by id').all() as Array<{ id: number; guid: string; flds: string; tags: string }>;
  const cardRows = db.prepare('select id, nid, did, ord, queue from cards order by nid, ord').all() as Array<{ id: number; nid: number; did: number; ord: number; queue: number }>;
  const reviews = db.prepare('select id, cid, ease, time, type from revlog order by cid, id').all() as Array<{ id: number; cid: number; ease: number; time: number; type: number }>;

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
    const [front = '', back = ''] = note.flds.split('\x1f');
    const question = cleanField(front);
    const own = cardsOfNote.get(note.id) ?? [];
    if (!question) {
      errors.push({ row, error: 'The note has no text in its first field' });
      return;
    }
    const kind: NoteKind = CLOZE.test(question) ? 'cloze' : own.some((card) => card.ord === 1) ? 'reversed' : 'basic';
    const tags = note.tags.trim().split(/\s+/).filter(Boolean).join(', ');
    parsed.push({ row, kind, question, answer: cleanField(back), tags: tags || null, guid: note.guid, deck: decks.get(own[0]?.did ?? -1) ?? null });
    for (const card of own) {
      // Anki's cloze cards count from ord 0 for c1; ours are numbered by the cloze.
      cards.push({ noteGuid: note.guid, ord: kind === 'cloze' ? card.ord + 1 : card.ord, suspended: card.queue === -1, reviews: reviewsOfCard.get(card.id) ?? [] });
    }
  });
  return { format, notes: parsed, cards, media: readMedia(files), errors };
}

/** Deck id -> name ("Parent::Child"); Anki's empty "Default" deck is no set of ours. */
function deckNames(db: Database.Database): Map<number, string> {
  const names = new Map<number, string>();
  const hasTable = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'decks'").get();
  if (hasTable) {
    for (const deck of db.prepare('select id, name from decks').all() as Array<{ id: number; name: string }>) names.set(deck.id, deck.name.split('\x1f').join('::'));
  } else {
    const col = db.prepare('select decks from col').get() as { decks: string } | undefined;
    const decks = JSON.parse(col?.decks || '{}') as Record<string, { name: string }>;
    for (const [id, deck] of Object.entries(decks)) names.set(Number(id), deck.name);
  }
  for (const [id, name] of names) if (name === 'Default') names.delete(id);
  return names;
}

/** The package's media files by the names notes use. */
function readMedia(files: Record<string, Uint8Array>): ApkgMedia[] {
  const map = files.media;
  if (!map || map.length === 0) return [];
  const names = new Map<string, string>();
  const raw = unpack(map);
  if (raw[0] === 0x7b /* { */) {
    for (const [key, name] of Object.entries(JSON.parse(new TextDecoder().decode(raw)) as Record<string, string>)) names.set(key, name);
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
      names.set(String(legacy ?? index), name);
      index += 1;
    }
  }
  const media: ApkgMedia[] = [];
  for (const [member, name] of names) {
    const data = files[member];
    if (data && name) media.push({ name, data: unpack(data) });
  }
  return media;
}

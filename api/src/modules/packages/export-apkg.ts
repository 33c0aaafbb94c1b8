// The learner's notes (all, or one set's) as an Anki package: a legacy `collection.anki2`
// (schema 11, anki-schema.ts) written with better-sqlite3 in a temporary folder, cards read
// EXPORT_BATCH at a time, then zipped as it streams out with the `media` map and the images the
// notes name (numbered members, read one at a time), the folder removed after. Notes keep their
// guid (a re-import of the package updates them), cards their scheduling (type, queue, due in
// days since col.crt for review cards, ivl, reps, lapses, the FSRS memory state in cards.data as
// Anki 23.10+ keeps it) and their review history as revlog rows. Our importer reads it back
// with nothing lost but what Anki cannot hold (Markdown images become `<img src>`, as Anki's).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { markdownMathToAnki, maskCloze, parseOcclusion } from '@flashcard/api-contract/schemas';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database as Schema, NoteKind } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { defuse } from '../../lib/sanitize';
import { slugify } from '../cards';
import {
  collectionConfig,
  deck,
  deckConfigs,
  DEFAULT_DECK_ID,
  MODEL_IDS,
  models,
  SCHEMA_11,
  SCHEMA_VERSION,
} from './anki-schema';
import { ExportRepository, type ExportCard, type ExportLog } from './export-repository';

/** Cards read per query. */
export const EXPORT_BATCH = 1_000;
const DAY_MS = 86_400_000;
/** A deck's id in the package: our set's id, above Anki's default deck. */
const deckId = (setId: number) => 1_000_000 + setId;
/** Media names looked up per query. */
const NAME_BATCH = 500;

export const EXPORT_MESSAGES = { setNotFound: 'Set not found' } as const;

export interface ApkgExport {
  filename: string;
  /** The package's bytes as they are made; the temporary folder goes when it ends or is abandoned. */
  chunks: AsyncGenerator<Uint8Array>;
}

const ms = (value: string | Date) => new Date(value).getTime();

/** A media file's name as notes use it locally: no folder, no scheme. */
const LOCAL_NAME = /^[^/\\:?#]+$/;
const MARKDOWN_IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const IMG_SOURCE = /<img\b[^>]*\bsrc=["']([^"']+)["']/gi;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A field as Anki shows it: defused, Markdown images of our media as `<img src>`; the names it uses go to `names`. */
function ankiField(text: string, names: Set<string>): string {
  // Math as Anki's MathJax reads it; our importer reads it back as our `$` math.
  const html = defuse(markdownMathToAnki(text)).replace(MARKDOWN_IMAGE, (match, alt: string, target: string) => {
    const name = decodeURIComponent(target);
    if (!LOCAL_NAME.test(name)) return match;
    return alt
      ? `<img src="${escapeAttribute(name)}" alt="${escapeAttribute(alt)}">`
      : `<img src="${escapeAttribute(name)}">`;
  });
  for (const [, source] of html.matchAll(IMG_SOURCE)) {
    const name = source!.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
    if (LOCAL_NAME.test(name)) names.add(name);
  }
  return html;
}

/** A note's fields in Anki's note type: an image occlusion's five (OCCLUSION_FIELDS), else question and answer. */
function ankiFields(card: ExportCard, names: Set<string>): string[] {
  if (card.kind !== 'occlusion') return [ankiField(card.question, names), ankiField(card.answer, names)];
  const note = parseOcclusion(card.question);
  const image = note.image ? ankiField(`![${note.alt.replace(/[[\]]/g, '')}](${note.image})`, names) : '';
  return [
    note.masks.map(maskCloze).join('<br>'),
    image,
    ankiField(note.header, names),
    ankiField(card.answer, names),
    '',
  ];
}

/** Anki's sort field and checksum: the first field without HTML, and its SHA-1's first 32 bits. */
function sortField(html: string): { sfld: string; csum: number } {
  const sfld = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return { sfld, csum: parseInt(createHash('sha1').update(sfld).digest('hex').slice(0, 8), 16) };
}

/** Our comma-separated tags as Anki's: space-separated, spaces inside a tag as underscores. */
export const ankiTags = (tags: string | null) => {
  const names = (tags ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/\s+/g, '_'))
    .filter(Boolean);
  return names.length ? ` ${names.join(' ')} ` : '';
};

/** Anki's card ord: cloze (and occlusion) n is ord n - 1; reversed and basic as ours. */
const ankiOrd = (kind: NoteKind, ord: number) => (kind === 'cloze' || kind === 'occlusion' ? ord - 1 : ord);

/** Our scheduler state -> Anki's revlog type of an answer given in it: learn, review, relearn. */
const REVLOG_TYPE = [0, 0, 1, 2] as const;

export class ApkgExporter {
  private readonly repository: ExportRepository;

  constructor(private readonly deps: { db: Kysely<Schema>; now: () => Date }) {
    this.repository = new ExportRepository(deps.db);
  }

  /** Checks the set (404 when it is not the learner's) before anything is made or sent. */
  async export(userId: number, setId?: number): Promise<ApkgExport> {
    const sets = await this.repository.sets(userId, setId);
    let filename = 'flashcards.apkg';
    if (setId !== undefined) {
      const set = sets[0];
      if (!set) throw notFound(EXPORT_MESSAGES.setNotFound);
      filename = `flashcards-${slugify(set.name) || `set-${set.id}`}.apkg`;
    }
    return { filename, chunks: this.build(userId, setId, sets) };
  }

  private async *build(
    userId: number,
    setId: number | undefined,
    sets: Array<{ id: number; name: string }>,
  ): AsyncGenerator<Uint8Array> {
    const dir = await mkdtemp(path.join(tmpdir(), 'flashcard-apkg-'));
    try {
      const file = path.join(dir, 'collection.anki2');
      const media = await this.writeCollection(file, userId, setId, sets);
      yield* this.zip(file, media, userId);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Writes the collection; answers the names of the learner's media its notes use. */
  private async writeCollection(
    file: string,
    userId: number,
    setId: number | undefined,
    sets: Array<{ id: number; name: string }>,
  ): Promise<string[]> {
    const now = this.deps.now();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    // The collection starts today (UTC): a review card's due is its day counted from here.
    const crt = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const db = new Database(file);
    try {
      db.pragma('journal_mode = MEMORY');
      db.pragma('synchronous = OFF');
      db.exec(SCHEMA_11);
      const insertNote = db.prepare(
        "insert into notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data) values (?, ?, ?, ?, 0, ?, ?, ?, ?, 0, '')",
      );
      const insertCard = db.prepare(
        'insert into cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses, left, odue, odid, flags, data)' +
          ' values (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)',
      );
      const insertReview = db.prepare(
        'insert or ignore into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?, ?, 0, ?, ?, ?, ?, ?, ?)',
      );

      // Anki's ids are creation times in ms, unique per table: made so, in the order written.
      let lastNoteId = 0;
      let lastCardId = 0;
      const nextId = (createdMs: number, last: number) =>
        Math.max(Number.isFinite(createdMs) ? createdMs : 0, last + 1);
      const notes = new Map<string, { id: number; position: number }>();
      const names = new Set<string>();

      const writeBatch = db.transaction((cards: ExportCard[], logs: ExportLog[]) => {
        const cardIds = new Map<number, number>();
        for (const card of cards) {
          let note = notes.get(card.note_guid);
          if (!note) {
            lastNoteId = nextId(ms(card.created_at), lastNoteId);
            note = { id: lastNoteId, position: notes.size + 1 };
            notes.set(card.note_guid, note);
            const fields = ankiFields(card, names);
            const { sfld, csum } = sortField(fields[0]!);
            insertNote.run(
              note.id,
              card.note_guid,
              MODEL_IDS[card.kind],
              Math.floor(ms(card.updated_at) / 1000),
              ankiTags(card.tags),
              fields.join('\x1f'),
              sfld,
              csum,
            );
          }
          lastCardId = nextId(ms(card.created_at), lastCardId);
          cardIds.set(card.id, lastCardId);
          const schedule = ankiSchedule(card, note.position, crt);
          insertCard.run(
            lastCardId,
            note.id,
            card.category_id === null ? DEFAULT_DECK_ID : deckId(card.category_id),
            ankiOrd(card.kind, card.ord),
            Math.floor(ms(card.updated_at) / 1000),
            schedule.type,
            card.suspended ? -1 : schedule.queue,
            schedule.due,
            schedule.ivl,
            schedule.factor,
            card.repetitions,
            card.lapses,
            schedule.left,
            schedule.data,
          );
        }
        // Each answer's interval: days once in review, else minus the seconds to its next step.
        const lastIvl = new Map<number, number>();
        for (const log of logs) {
          const at = ms(log.reviewed_at);
          const ivl =
            log.state_after === 2
              ? Math.max(1, log.scheduled_days_after)
              : -Math.max(0, Math.round((ms(log.due_after) - at) / 1000));
          const cid = cardIds.get(log.card_id)!;
          // The revlog's id is the answer's time: a second answer in the same ms moves on by one.
          for (
            let id = at;
            insertReview.run(
              id,
              cid,
              log.rating,
              ivl,
              lastIvl.get(cid) ?? 0,
              log.state === 0 ? 0 : 2500,
              Math.min(Math.max(0, log.time_spent_ms), 2_147_483_647),
              REVLOG_TYPE[log.state] ?? 0,
            ).changes === 0;
            id++
          );
          lastIvl.set(cid, ivl);
        }
      });

      for await (const cards of this.repository.cards(userId, setId, EXPORT_BATCH)) {
        const logs = await this.repository.logs(
          userId,
          cards.map((card) => card.id),
        );
        writeBatch(cards, logs);
      }

      const mod = nowSeconds;
      const decks: Record<string, unknown> = { [DEFAULT_DECK_ID]: deck(DEFAULT_DECK_ID, 'Default', mod) };
      const named = new Set(sets.map((set) => set.name.toLowerCase()));
      for (const set of sets) {
        decks[deckId(set.id)] = deck(deckId(set.id), set.name, mod);
        // A set named "A::B" nests in Anki: its parent decks exist too.
        const levels = set.name.split('::');
        for (let depth = 1; depth < levels.length; depth++) {
          const parent = levels.slice(0, depth).join('::');
          if (named.has(parent.toLowerCase())) continue;
          named.add(parent.toLowerCase());
          const id = 2_000_000_000 + Object.keys(decks).length;
          decks[id] = deck(id, parent, mod);
        }
      }
      db.prepare(
        'insert into col (id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, dconf, tags) values (1, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, ?)',
      ).run(
        crt / 1000,
        now.getTime(),
        now.getTime(),
        SCHEMA_VERSION,
        JSON.stringify(collectionConfig(notes.size + 1)),
        JSON.stringify(models(mod)),
        JSON.stringify(decks),
        JSON.stringify(deckConfigs(mod)),
        '{}',
      );
      const used = [...names];
      const media: string[] = [];
      for (let start = 0; start < used.length; start += NAME_BATCH)
        media.push(...(await this.repository.mediaNames(userId, used.slice(start, start + NAME_BATCH))));
      return media.sort();
    } finally {
      db.close();
    }
  }

  /** The zip, made as it is read: the collection (deflated), the media map, each medium (stored). */
  private async *zip(file: string, media: string[], userId: number): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else ready.push(chunk);
    });
    const drain = function* () {
      if (failure) throw failure;
      while (ready.length > 0) yield ready.shift()!;
    };

    const collection = new ZipDeflate('collection.anki2', { level: 6 });
    zip.add(collection);
    for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
      collection.push(chunk as Buffer, false);
      yield* drain();
    }
    collection.push(new Uint8Array(0), true);
    yield* drain();

    const map = new ZipDeflate('media', { level: 6 });
    zip.add(map);
    map.push(
      new TextEncoder().encode(JSON.stringify(Object.fromEntries(media.map((name, n) => [String(n), name])))),
      true,
    );
    yield* drain();

    for (const [n, name] of media.entries()) {
      const data = (await this.repository.mediaData(userId, name)) ?? Buffer.alloc(0);
      // Images are compressed already: stored as they are.
      const member = new ZipPassThrough(String(n));
      zip.add(member);
      member.push(new Uint8Array(data.buffer, data.byteOffset, data.length), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
}

/** A card's scheduling in Anki's columns. */
function ankiSchedule(card: ExportCard, position: number, crt: number) {
  const due = card.due === null ? null : ms(card.due);
  const memory = JSON.stringify({ s: round(card.stability), d: round(card.difficulty) });
  switch (card.state) {
    // Learning and relearning: due is the next step's time in seconds; one step left.
    case 1:
    case 3:
      return {
        type: card.state,
        queue: 1,
        due: Math.floor((due ?? crt) / 1000),
        ivl: card.state === 3 ? Math.max(1, card.scheduled_days) : 0,
        factor: 2500,
        left: 1001,
        data: memory,
      };
    // Review: due is the day counted from the collection's start.
    case 2:
      return {
        type: 2,
        queue: 2,
        due: Math.floor(((due ?? crt) - crt) / DAY_MS),
        ivl: Math.max(1, card.scheduled_days),
        factor: 2500,
        left: 0,
        data: memory,
      };
    // New: due is the note's position in the new queue.
    default:
      return { type: 0, queue: 0, due: position, ivl: 0, factor: 0, left: 0, data: '' };
  }
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

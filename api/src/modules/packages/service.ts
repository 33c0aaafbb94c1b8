// Anki package (.apkg) imports. The package is read and its history replayed (prepare.ts), its
// images and sounds stored as the learner's media (names made safe, the notes' references,
// `<img src>` and `[sound:]`, rewritten to them), then its notes (new by guid, or updated), their cards in their decks' sets with their
// FSRS state now, and each new card's review history as review logs, in batched statements. On
// PostgreSQL the reading runs on a worker thread and the writes in one transaction; on SQLite the
// whole import runs on a worker thread with its own connection, committing in a few transactions
// (see importApkg). A dry run answers the same report and writes nothing. A card that already
// existed keeps its own history: a re-import updates text, it does not replay answers. What a
// package may unpack is capped (unpack.ts), and how many imports run at once (gate.ts).
import path from 'node:path';
import {
  APKG_MAX_BYTES,
  type ApkgImportResult,
  type DuplicateChoice,
  type SkippedMedia,
  type SkippedMediaReason,
} from '@flashcard/api-contract/schemas';
import type { Kysely } from 'kysely';
import type { ApkgLimits } from '../../config';
import { dialectOf, sqliteFileOf } from '../../db';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { runInWorker, WorkerTaskError } from '../../lib/module-worker';
import { parseId } from '../../lib/params';
import { toTimestamp } from '../../lib/time';
import { CardsRepository, compareNotes, importedNoteError, writeNotes, type ParsedNote } from '../cards';
import { MEDIA_MESSAGES, type MediaService } from '../media';
import { ReviewRepository, SchedulerSettingsRepository } from '../study';
import { IMAGE_NAME as IMAGE, isKeptMedia, SOUND_NAME as SOUND } from './apkg';
import { ImportGate } from './gate';
import { prepareApkg, type ApkgPlan } from './prepare';

export const MESSAGES = {
  empty: 'Choose an Anki package (.apkg) to import',
  tooLarge: `Anki packages can be at most ${APKG_MAX_BYTES / 1024 / 1024} MB`,
  setNotFound: 'Set not found',
  notAnImage: 'only images and sounds are kept (PNG, JPEG, GIF, WebP, MP3, OGG/Opus, M4A, WAV)',
} as const;

/** The key of each reason the media service refuses an image with (the screens word it). */
const MEDIA_REASONS: Record<string, SkippedMediaReason> = {
  [MEDIA_MESSAGES.notMedia]: 'bad_image',
  [MEDIA_MESSAGES.empty]: 'empty',
  [MEDIA_MESSAGES.tooLarge]: 'too_large',
  [MEDIA_MESSAGES.quota]: 'quota',
};
const notAnImage = (name: string): SkippedMedia => ({ name, reason: MESSAGES.notAnImage, key: 'not_image' });

/** The worker threads' modules: TypeScript under tsx and jest, JavaScript once built. */
const PREPARE = path.join(__dirname, `prepare${path.extname(__filename)}`);
const IMPORT_WORKER = path.join(__dirname, `import-worker${path.extname(__filename)}`);
/** About 0.4 s of writing each (measured: 2 s for 10,000 notes with 100,000 answers). */
export const SQLITE_NOTES_PER_TRANSACTION = 2_000;

export interface PackagesServiceDeps {
  db: Kysely<Database>;
  media: Pick<MediaService, 'store'>;
  now: () => Date;
  /** What one package may unpack, and how many imports run at once (config.apkg). */
  limits: ApkgLimits;
  /**
   * Already on a worker thread with a connection of its own (import-worker.ts): read the
   * package here. Otherwise, on a SQLite file, the whole import runs on such a thread, so the
   * app's one connection is not held by the import's writes; on PostgreSQL the reading runs
   * on a thread and the writes take one of the pool's connections.
   */
  inWorker?: boolean;
  /** Notes per transaction on SQLite (tests make it small). */
  notesPerTransaction?: number;
}

export class PackagesService {
  private readonly gate: ImportGate;

  constructor(private readonly deps: PackagesServiceDeps) {
    this.gate = new ImportGate(deps.limits.concurrentImports);
  }

  /**
   * A slot for one import of the learner's (the route takes it before reading the upload):
   * a 429 (ImportBusyError) while the learner has one running or the instance is at its bound.
   */
  admit(userId: number): () => void {
    return this.gate.admit(userId);
  }

  async importApkg(
    userId: number,
    body: unknown,
    options: { dryRun?: string; categoryId?: string; duplicates?: DuplicateChoice },
  ): Promise<ApkgImportResult> {
    if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(MESSAGES.empty);
    if (body.length > APKG_MAX_BYTES) throw new HttpError(413, MESSAGES.tooLarge);
    const { db } = this.deps;
    const categoryId =
      options.categoryId === undefined || options.categoryId === '' ? null : parseId(options.categoryId);
    if (categoryId === null && options.categoryId) throw notFound(MESSAGES.setNotFound);
    if (categoryId !== null && !(await new CardsRepository(db).findCategory(userId, categoryId)))
      throw notFound(MESSAGES.setNotFound);

    const file = this.deps.inWorker ? undefined : sqliteFileOf(db);
    if (file) {
      const args = [
        file,
        userId,
        new Uint8Array(body.buffer, body.byteOffset, body.length),
        options,
        this.deps.now().getTime(),
        this.deps.limits,
      ];
      return withStatus(() => runInWorker<ApkgImportResult>(IMPORT_WORKER, 'importOnOwnConnection', args));
    }

    const schedulerSettings = new SchedulerSettingsRepository(db);
    const [settings, parameters] = await Promise.all([
      schedulerSettings.settings(userId),
      schedulerSettings.activeParameters(userId),
    ]);
    const prepared = [new Uint8Array(body), { ...settings, parameters }, this.deps.limits] as const;
    // The copy is handed over to the thread, not copied once more.
    const plan = await withStatus(async () =>
      this.deps.inWorker
        ? prepareApkg(...prepared)
        : runInWorker<ApkgPlan>(PREPARE, 'prepareApkg', [...prepared], [prepared[0].buffer as ArrayBuffer]),
    );

    const errors = [...plan.errors];
    const notes = plan.notes.filter((note) => {
      const error = importedNoteError(note);
      if (error) errors.push({ row: note.row, error });
      return error === null;
    });
    errors.sort((a, b) => a.row - b.row);
    const kept = new Set(notes.map((note) => note.guid));
    const cards = plan.cards.filter((card) => kept.has(card.noteGuid));
    const report: ApkgImportResult = {
      format: plan.format,
      imported: 0,
      updated: 0,
      total: plan.notes.length + plan.errors.length,
      rows: notes.map((note) => ({
        row: note.row,
        question: note.question,
        answer: note.answer,
        tags: note.tags,
        kind: note.kind,
        set: note.deck,
      })),
      errors,
      cards: cards.length,
      reviews: cards.reduce((sum, card) => sum + card.logs.length, 0),
      images: 0,
      sounds: 0,
      skippedMedia: [],
      counts: { new: 0, updated: 0, unchanged: 0 },
      skipped: 0,
    };
    if (options.dryRun === 'true' || notes.length === 0) {
      if (notes.length > 0)
        report.counts = (await compareNotes(new CardsRepository(db), userId, notes, categoryId)).counts;
      report.images = plan.media.filter((file) => IMAGE.test(file.name)).length;
      report.sounds = plan.media.filter((file) => SOUND.test(file.name)).length;
      report.skippedMedia = plan.media.filter((file) => !isKeptMedia(file.name)).map((file) => notAnImage(file.name));
      return report;
    }

    // Images and sounds first (each its own write): the notes then name them as stored.
    const renamed = new Map<string, string>();
    for (const file of plan.media) {
      if (!file.data || !isKeptMedia(file.name)) {
        report.skippedMedia.push(notAnImage(file.name));
        continue;
      }
      try {
        const stored = await this.deps.media.store(userId, file.name, Buffer.from(file.data));
        renamed.set(file.name, stored.name);
        if (stored.mime.startsWith('audio/')) report.sounds += 1;
        else report.images += 1;
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        report.skippedMedia.push({
          name: file.name,
          reason: error.message,
          key: Object.hasOwn(MEDIA_REASONS, error.message) ? MEDIA_REASONS[error.message]! : null,
        });
      }
    }
    const stored = notes.map((note) => ({
      ...note,
      question: withMedia(note.question, renamed),
      answer: withMedia(note.answer, renamed),
    }));

    const planned = new Map(cards.map((card) => [`${card.noteGuid}\u0000${card.ord}`, card]));
    const now = toTimestamp(this.deps.now());
    const transaction = inTransaction(db, (handle) => ({
      cards: new CardsRepository(handle),
      reviews: new ReviewRepository(handle),
    }));
    const write = (batch: ParsedNote[]) =>
      transaction(async (repos) => {
        // New cards start with their replayed schedule (sched_version counts its answers) and
        // suspension; their answers then go in as review logs, in batches.
        const written = await writeNotes(
          repos.cards,
          userId,
          batch,
          categoryId,
          now,
          (noteGuid, ord) => {
            const card = planned.get(`${noteGuid}\u0000${ord}`);
            return card && { ...card.state, sched_version: card.logs.length, suspended: card.suspended };
          },
          { duplicates: options.duplicates },
        );
        const logs = written.added.flatMap((added) =>
          (planned.get(`${added.noteGuid}\u0000${added.ord}`)?.logs ?? []).map((log) => ({
            ...log,
            user_id: userId,
            card_id: added.id,
          })),
        );
        await repos.reviews.insertLogs(logs);
        return written;
      });
    // SQLite has one writer for the whole file: a 100,000-note package in one transaction would
    // hold every other write ~8 s, past busy_timeout. There it commits SQLITE_NOTES_PER_TRANSACTION
    // notes at a time, each note whole with its cards and history; should a later batch fail,
    // the cards the earlier ones added are deleted again. PostgreSQL takes it in one transaction.
    const size =
      dialectOf(db) === 'sqlite' ? (this.deps.notesPerTransaction ?? SQLITE_NOTES_PER_TRANSACTION) : stored.length;
    const added: number[] = [];
    try {
      for (let start = 0; start < stored.length; start += size) {
        const result = await write(stored.slice(start, start + size));
        report.imported += result.imported;
        report.updated += result.updated;
        report.skipped += result.skipped;
        report.counts.new += result.counts.new;
        report.counts.updated += result.counts.updated;
        report.counts.unchanged += result.counts.unchanged;
        added.push(...result.added.map((card) => card.id));
      }
    } catch (error) {
      if (added.length > 0) await new CardsRepository(db).deleteCards(userId, added);
      throw error;
    }
    return report;
  }
}

/** A refusal from a worker thread as the HttpError it was; an unreadable package as 400. */
async function withStatus<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WorkerTaskError && error.statusCode) throw new HttpError(error.statusCode, error.message);
    if (
      error instanceof Error &&
      (error.name === 'ApkgError' || (error instanceof WorkerTaskError && error.kind === 'ApkgError'))
    )
      throw badRequest(error.message);
    throw error;
  }
}

/**
 * The notes' image sources and sound references, renamed to the learner's stored files
 * (sanitised HTML quotes with "; a sound's name, Anki's, may hold spaces, ours does not).
 */
function withMedia(html: string, renamed: Map<string, string>): string {
  if (renamed.size === 0) return html;
  return html
    .replace(/(<img\b[^>]*\bsrc=")([^"]*)(")/gi, (match, start: string, source: string, end: string) => {
      const stored = renamed.get(decodeEntities(source));
      return stored ? `${start}${stored}${end}` : match;
    })
    .replace(/\[sound:([^\]]+)\]/g, (match, name: string) => {
      const stored = renamed.get(decodeEntities(name));
      return stored ? `[sound:${stored}]` : match;
    });
}

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

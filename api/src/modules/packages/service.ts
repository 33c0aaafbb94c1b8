// Anki package (.apkg) imports. The package is read and its history replayed in a worker thread
// (prepare.ts); then, on the request thread: its images stored as the learner's media (names
// made safe, the notes' references rewritten to them), and in one transaction its notes (new by
// guid, or updated), their cards in their decks' sets, each new card's review history as review
// logs and its FSRS state now. A dry run answers the same report and writes nothing. A card that
// already existed keeps its own history: a re-import updates text, it does not replay answers.
import path from 'node:path';
import { APKG_MAX_BYTES, type ApkgImportResult } from '@flashcard/api-contract/schemas';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { runInWorker, WorkerTaskError } from '../../lib/module-worker';
import { parseId } from '../../lib/params';
import { toTimestamp } from '../../lib/time';
import { CardsRepository, importedNoteError, writeNotes } from '../cards';
import type { MediaService } from '../media';
import { StudyRepository } from '../study';
import type { ApkgPlan } from './prepare';

export const MESSAGES = {
  empty: 'Choose an Anki package (.apkg) to import',
  tooLarge: `Anki packages can be at most ${APKG_MAX_BYTES / 1024 / 1024} MB`,
  setNotFound: 'Set not found',
  notAnImage: 'only images are kept (PNG, JPEG, GIF, WebP)',
} as const;

/** prepare.ts as the worker loads it: TypeScript under tsx and jest, JavaScript once built. */
const PREPARE = path.join(__dirname, `prepare${path.extname(__filename)}`);
const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

export interface PackagesServiceDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  media: Pick<MediaService, 'store'>;
  now: () => Date;
}

export class PackagesService {
  constructor(private readonly deps: PackagesServiceDeps) {}

  async importApkg(userId: number, body: unknown, options: { dryRun?: string; categoryId?: string }): Promise<ApkgImportResult> {
    if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(MESSAGES.empty);
    if (body.length > APKG_MAX_BYTES) throw new HttpError(413, MESSAGES.tooLarge);
    const { db, dialect } = this.deps;
    const categoryId = options.categoryId === undefined || options.categoryId === '' ? null : parseId(options.categoryId);
    if (categoryId === null && options.categoryId) throw notFound(MESSAGES.setNotFound);
    if (categoryId !== null && !(await new CardsRepository(db, dialect).findCategory(userId, categoryId))) throw notFound(MESSAGES.setNotFound);

    const study = new StudyRepository(db, dialect);
    const [settings, parameters] = await Promise.all([study.settings(userId), study.activeParameters(userId)]);
    let plan: ApkgPlan;
    try {
      plan = await runInWorker<ApkgPlan>(PREPARE, 'prepareApkg', [new Uint8Array(body), { ...settings, parameters }]);
    } catch (error) {
      if (error instanceof WorkerTaskError && error.kind === 'ApkgError') throw badRequest(error.message);
      throw error;
    }

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
      rows: notes.map((note) => ({ row: note.row, question: note.question, answer: note.answer, tags: note.tags, kind: note.kind, set: note.deck })),
      errors,
      cards: cards.length,
      reviews: cards.reduce((sum, card) => sum + card.logs.length, 0),
      images: 0,
      skippedMedia: [],
    };
    if (options.dryRun === 'true' || notes.length === 0) {
      report.images = plan.media.filter((file) => IMAGE.test(file.name)).length;
      report.skippedMedia = plan.media.filter((file) => !IMAGE.test(file.name)).map((file) => ({ name: file.name, reason: MESSAGES.notAnImage }));
      return report;
    }

    // Images first (each its own write): the notes then name them as stored.
    const renamed = new Map<string, string>();
    for (const file of plan.media) {
      if (!IMAGE.test(file.name)) {
        report.skippedMedia.push({ name: file.name, reason: MESSAGES.notAnImage });
        continue;
      }
      try {
        renamed.set(file.name, (await this.deps.media.store(userId, file.name, Buffer.from(file.data))).name);
        report.images += 1;
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        report.skippedMedia.push({ name: file.name, reason: error.message });
      }
    }
    const written = notes.map((note) => ({ ...note, question: withImages(note.question, renamed), answer: withImages(note.answer, renamed) }));

    const planned = new Map(cards.map((card) => [`${card.noteGuid}\u0000${card.ord}`, card]));
    const now = toTimestamp(this.deps.now());
    const transaction = inTransaction(db, (handle) => ({ cards: new CardsRepository(handle, dialect), study: new StudyRepository(handle, dialect) }));
    const result = await transaction((repos) =>
      writeNotes(repos.cards, userId, written, categoryId, now, async (added) => {
        const card = planned.get(`${added.noteGuid}\u0000${added.ord}`);
        if (!card) return;
        if (card.logs.length > 0) {
          await repos.study.insertLogs(card.logs.map((log) => ({ ...log, user_id: userId, card_id: added.id })));
          await repos.study.updateScheduling(userId, added.id, 0, card.state, card.logs.length);
        }
        if (card.suspended) await repos.study.setCardFlags(userId, added.id, { suspended: true }, now);
      }),
    );
    report.imported = result.imported;
    report.updated = result.updated;
    return report;
  }
}

/** The notes' image sources, renamed to the learner's stored files (sanitised HTML quotes with "). */
function withImages(html: string, renamed: Map<string, string>): string {
  if (renamed.size === 0) return html;
  return html.replace(/(<img\b[^>]*\bsrc=")([^"]*)(")/gi, (match, start: string, source: string, end: string) => {
    const stored = renamed.get(decodeEntities(source));
    return stored ? `${start}${stored}${end}` : match;
  });
}

const decodeEntities = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

// Card management: every rule and user-facing message about cards, their filters, moving them
// between sets, and CSV import/export. Routes call these; the repository does the SQL.
import {
  ankiMathToMarkdown,
  DIFFICULTY_BOUNDS,
  DIFFICULTY_MESSAGE,
  isNoteKind,
  noteOrds,
  OCCLUSION_MAX_MASKS,
  occlusionProblem,
  OFFLINE_REVIEW_CLOCK_SKEW_MS,
  type CardEditInput,
  type CardInput,
  type CardListQuery,
  type CardSearchQuery,
  type EditKept,
  type ImportInput,
  type ImportResult as ImportReport,
  type NoteKind,
  type OcclusionProblem,
} from '@flashcard/api-contract/schemas';
import { generatorParameters } from 'ts-fsrs';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { CardUpdate } from '../../db/schema';
import { newNoteGuid } from '../../lib/guid';
import { defuse, sanitizeImported } from '../../lib/sanitize';
import { compareNames } from '../../lib/collate';
import { badRequest, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/params';
import { parseInstant, toTimestamp } from '../../lib/time';
import {
  CsvSyntaxError,
  IMPORT_FORMATS,
  readCsv,
  stringifyCardBatches,
  type CsvColumns,
  type CsvRecord,
  type ImportFormat,
} from './csv';
import type { MatchBy } from './duplicates';
import { compareNotes, writeNotes } from './write-notes';
import { looksLikeAnkiText, parseAnkiText, parseQuizlet, type ParsedNote, type ParsedNotes } from './note-import';
import type { CardListFilters, CardPage, CardWithSet, CardsRepository, Page } from './repository';
import { pagesById, parseQuery, parseSort, searchCondition, usesRetrievability } from './search';

export const MAX_TEXT_LENGTH = 10_000;
export const MAX_TAGS_LENGTH = 1_000;
export const MAX_LABEL_LENGTH = 200;
export const MAX_MOVE = 5_000;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** Cards read per query of an export. */
export const EXPORT_BATCH = 1_000;

export const MESSAGES = {
  cardNotFound: 'Card not found',
  setNotFound: 'Set not found',
  questionAndAnswerRequired: 'Question and answer are required',
  questionTooLong: 'Question is too long',
  answerTooLong: 'Answer is too long',
  tagsTooLong: 'Tags are too long',
  collegeTooLong: 'College is too long',
  classTooLong: 'Class is too long',
  difficultyRange: DIFFICULTY_MESSAGE,
  difficultyOrder: 'Minimum difficulty cannot be greater than maximum difficulty',
  searchRequired: 'Search query is required',
  confirmDelete: 'Confirm deletion with confirm=true',
  cardDeleted: 'Card deleted',
  moveCount: `Choose between 1 and ${MAX_MOVE} cards to move`,
  moveDuplicates: 'Each card may be listed only once',
  importEmpty: 'Paste or upload the cards to import',
  importTooLarge: 'The import is too large (at most 2 MB)',
  importTooManyRows: `Too many rows: at most ${MAX_IMPORT_ROWS} cards per import`,
  importFormat: 'Format must be csv, tsv, anki or quizlet',
  // Per-row import problems, reported beside the row number.
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  tooManyColumns: 'Too many columns',
  kindInvalid: 'Note type must be basic, reversed, cloze, occlusion or typed',
  clozeRequired: 'A cloze note needs at least one cloze, like {{c1::answer}}',
  occlusionImage: 'An image occlusion note needs an image',
  occlusionMasks: 'An image occlusion note needs at least one mask',
  occlusionBounds: 'Each mask must lie within the image: left, top, width and height are fractions from 0 to 1',
  occlusionTooMany: `An image occlusion note has at most ${OCCLUSION_MAX_MASKS} masks`,
  keyInvalid: 'Idempotency-Key must be 1-100 letters, digits, dashes or underscores',
  editedAtInvalid: 'editedAt must be an ISO 8601 date and time with its time zone, such as 2024-06-11T05:00:00.000Z',
  editedAtFuture: 'editedAt must not be in the future',
} as const;

// Request and report shapes are the contract's (api-contract/src/schemas/cards.ts): the body of
// POST /cards and PUT /cards/:id (absent fields stay unchanged on update), the list's and
// search's query strings as their schemas let them through, the import's body and report.
export type { CardEditInput, CardInput, ImportInput, ImportReport };
export type ListQuery = CardListQuery;
export type SearchQuery = CardSearchQuery;

export interface CardsServiceDeps {
  repository: CardsRepository;
  now: () => Date;
  /** The learner's fitted FSRS weights in use (the study module's), null for the defaults: prop:r's decay. */
  fsrsParameters?: (userId: number) => Promise<readonly number[] | null>;
}

/** Trimmed text, null for blank; undefined stays undefined ("not given"). */
function optionalText(value: string | null | undefined, max: number, tooLong: string): string | null | undefined {
  if (value === undefined) return undefined;
  const text = (value ?? '').trim();
  if (text.length > max) throw badRequest(tooLong);
  return text === '' ? null : text;
}

function parseDifficulty(value: CardInput['difficulty_level']): number | undefined {
  if (value === undefined) return undefined;
  const level = typeof value === 'string' && /^\s*[0-9]+\s*$/.test(value) ? Number(value) : value;
  if (
    typeof level !== 'number' ||
    !Number.isInteger(level) ||
    level < DIFFICULTY_BOUNDS.min ||
    level > DIFFICULTY_BOUNDS.max
  ) {
    throw badRequest(MESSAGES.difficultyRange);
  }
  return level;
}

/**
 * When an edit was made, from its `editedAt`: null for now (absent or null, or ahead of the
 * server's clock within the skew a device's clock may have); 400 for anything but an ISO 8601
 * instant or one further ahead. The same rule as a review's `reviewedAt`.
 */
function editTime(value: CardEditInput['editedAt'], now: Date): Date | null {
  if (value === undefined || value === null) return null;
  const at = typeof value === 'string' ? parseInstant(value) : null;
  if (at === null) throw badRequest(MESSAGES.editedAtInvalid);
  if (at.getTime() > now.getTime() + OFFLINE_REVIEW_CLOCK_SKEW_MS) throw badRequest(MESSAGES.editedAtFuture);
  return at.getTime() > now.getTime() ? null : at;
}

/** An Idempotency-Key as reviews take it; undefined when none was sent. */
function parseKey(value: string | undefined): string | undefined {
  if (value !== undefined && !/^[A-Za-z0-9_-]{1,100}$/.test(value)) throw badRequest(MESSAGES.keyInvalid);
  return value;
}

/** Whether writing `changes` (and `kind`) would leave the card as it is. */
function holdsAlready(card: CardWithSet, kind: NoteKind, changes: CardUpdate): boolean {
  const current: Record<string, unknown> = card as unknown as Record<string, unknown>;
  return card.kind === kind && Object.entries(changes).every(([field, value]) => current[field] === value);
}

function queryText(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/** The list's filters; each value's own range is its schema's (the contract's), checked before. */
function parseFilters(query: ListQuery): CardListFilters {
  const filters: CardListFilters = {
    categoryId: query.category,
    college: queryText(query.college),
    className: queryText(query.class_name),
    difficultyMin: query.difficultyMin,
    difficultyMax: query.difficultyMax,
    hideKnown: query.hideKnown,
  };
  if (
    filters.difficultyMin !== undefined &&
    filters.difficultyMax !== undefined &&
    filters.difficultyMin > filters.difficultyMax
  ) {
    throw badRequest(MESSAGES.difficultyOrder);
  }
  return filters;
}

function parsePage(query: ListQuery): Page {
  return { limit: query.limit, before: query.before };
}

/** "Biology 101: Cells!" -> "biology-101-cells"; only ASCII survives, as header values need. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** Why an imported note cannot be written (the same limits as the editor's), or null. */
export function importedNoteError(note: ParsedNote): string | null {
  if (note.question.length > MAX_TEXT_LENGTH) return MESSAGES.questionTooLong;
  if (note.answer.length > MAX_TEXT_LENGTH) return MESSAGES.answerTooLong;
  if ((note.tags?.length ?? 0) > MAX_TAGS_LENGTH) return MESSAGES.tagsTooLong;
  return notePartsError(note.kind, note.question);
}

export class CardsService {
  constructor(private readonly deps: CardsServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  private timestamp(): string {
    return toTimestamp(this.deps.now());
  }

  async list(userId: number, query: ListQuery): Promise<CardPage> {
    return this.repository.list(userId, parseFilters(query), parsePage(query));
  }

  /**
   * A search in the card browser's syntax (the contract's card-search.ts), in the chosen order; a query it
   * cannot read is a 400 saying where. `timeZone`: the learner's, for prop:due's days.
   */
  async search(userId: number, query: SearchQuery, timeZone = 'UTC'): Promise<CardPage> {
    const text = (query.q ?? '').trim();
    if (!text) throw badRequest(MESSAGES.searchRequired);
    const parsed = parseQuery(text);
    const condition = searchCondition(parsed, {
      userId,
      dialect: this.repository.dialect,
      now: this.deps.now(),
      timeZone,
      decay: usesRetrievability(parsed) ? await this.decayOf(userId) : undefined,
    });
    const [sort, page] = parseSort(query);
    const { after, ...found } = await this.repository.search(userId, condition, parseFilters(query), sort, page);
    return pagesById(sort) || !after ? found : { ...found, after };
  }

  /** w[20] of the weights the learner's scheduler uses (older 19-weight fits read as ts-fsrs migrates them). */
  private async decayOf(userId: number): Promise<number | undefined> {
    const parameters = await this.deps.fsrsParameters?.(userId);
    return parameters ? generatorParameters({ w: parameters }).w[20] : undefined;
  }

  async get(userId: number, rawId: string): Promise<CardWithSet> {
    const id = parseId(rawId);
    const card = id === null ? undefined : await this.repository.findCard(userId, id);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    return card;
  }

  /**
   * Creates a note: one card, two (reversed) or one per cloze number; answers with its first card.
   * With an Idempotency-Key, a resend answers the card the first send created (as it is now):
   * the key is kept on that card, unique per learner, so two copies racing make one note.
   */
  async create(userId: number, input: CardInput, rawKey?: string): Promise<CardWithSet> {
    const idempotencyKey = parseKey(rawKey);
    if (idempotencyKey !== undefined) {
      const first = await this.repository.findCardByKey(userId, idempotencyKey);
      if (first) return first;
    }
    try {
      return await this.createNote(userId, input, idempotencyKey);
    } catch (error) {
      if (idempotencyKey === undefined || !isUniqueViolation(error)) throw error;
      // The other copy committed first: its card is the answer.
      const first = await this.repository.findCardByKey(userId, idempotencyKey);
      if (!first) throw error;
      return first;
    }
  }

  private async createNote(userId: number, input: CardInput, idempotencyKey: string | undefined): Promise<CardWithSet> {
    const kind = parseKind(input.kind) ?? 'basic';
    const fields = this.validateFields(input, 'create', kind);
    const ords = requiredOrds(kind, fields.question!);
    if (fields.category_id != null) await this.requireSet(userId, fields.category_id);
    const now = this.timestamp();
    const noteGuid = newNoteGuid();
    const [firstId] = await this.withSetCheck(() =>
      this.repository.transaction(async (repository) => {
        const ids: number[] = [];
        for (const ord of ords) {
          ids.push(
            await repository.insertCard({
              ...fields,
              question: fields.question!,
              answer: fields.answer ?? '',
              note_guid: noteGuid,
              kind,
              ord,
              user_id: userId,
              created_at: now,
              updated_at: now,
              idempotency_key: ids.length === 0 ? (idempotencyKey ?? null) : null,
            }),
          );
        }
        return ids;
      }),
    );
    return this.get(userId, String(firstId));
  }

  /**
   * Edits the card's whole note: every card of it gets the new text; a change of type or of the
   * cloze numbers adds the cards the note now makes and deletes those it no longer makes (their
   * reviews go with them). Answers with this card, or the note's first card if this one went.
   *
   * The later change wins: an edit made at `editedAt` (offline, sent later) is not applied when a
   * card of the note was changed after it (its `updated_at` is later); the answer is then the
   * card as it is, `kept: 'server'`. An edit the card already holds (a resend whose first answer
   * was lost) changes nothing and is answered as applied. An applied edit is stamped now.
   */
  async update(userId: number, rawId: string, input: CardEditInput): Promise<{ card: CardWithSet; kept: EditKept }> {
    const id = parseId(rawId);
    const card = id === null ? undefined : await this.repository.findCard(userId, id);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    const editedAt = editTime(input.editedAt, this.deps.now());
    const kind = parseKind(input.kind) ?? card.kind;
    const changes = this.validateFields(input, 'update', kind);
    const ords = requiredOrds(kind, changes.question ?? card.question);
    if (!answerIsExtra(kind) && !(changes.answer ?? card.answer)) throw badRequest(MESSAGES.questionAndAnswerRequired);
    if (changes.category_id != null) await this.requireSet(userId, changes.category_id);
    const now = this.timestamp();
    const written = await this.withSetCheck(() =>
      this.repository.transaction(async (repository) => {
        // Locked until the commit: a concurrent edit waits, then sees this one's updated_at.
        const existing = await repository.lockNoteCards(userId, card.note_guid);
        if (existing.length === 0) throw notFound(MESSAGES.cardNotFound);
        if (editedAt !== null && existing.some((sibling) => Date.parse(sibling.updated_at) > editedAt.getTime())) {
          const current = await repository.findCard(userId, card.id);
          if (!current) throw notFound(MESSAGES.cardNotFound);
          return {
            id: current.id,
            kept: holdsAlready(current, kind, changes) ? ('edit' as const) : ('server' as const),
          };
        }
        await repository.updateNote(userId, card.note_guid, { ...changes, kind, updated_at: now });
        const gone = existing.filter((sibling) => !ords.includes(sibling.ord)).map((sibling) => sibling.id);
        await repository.deleteNoteCards(userId, card.note_guid, gone);
        for (const ord of ords.filter((ord) => !existing.some((sibling) => sibling.ord === ord))) {
          await repository.insertCard({
            user_id: userId,
            note_guid: card.note_guid,
            kind,
            ord,
            question: changes.question ?? card.question,
            answer: changes.answer ?? card.answer,
            difficulty_level: changes.difficulty_level ?? card.difficulty_level,
            tags: changes.tags !== undefined ? changes.tags : card.tags,
            college: changes.college !== undefined ? changes.college : card.college,
            class_name: changes.class_name !== undefined ? changes.class_name : card.class_name,
            category_id: changes.category_id !== undefined ? changes.category_id : card.category_id,
            created_at: now,
            updated_at: now,
          });
        }
        const cards = await repository.noteCards(userId, card.note_guid);
        return { id: (cards.find((sibling) => sibling.id === card.id) ?? cards[0]!).id, kept: 'edit' as const };
      }),
    );
    return { card: await this.get(userId, String(written.id)), kept: written.kept };
  }

  /** Deletes the card's note: all of its cards (a reversed or cloze note's cards go together). */
  async remove(userId: number, rawId: string, confirm: string | undefined): Promise<void> {
    const id = parseId(rawId);
    if (id === null) throw notFound(MESSAGES.cardNotFound);
    // Deletion cannot be undone: the client must say it asked the learner.
    if (confirm !== 'true') throw badRequest(MESSAGES.confirmDelete);
    const card = await this.repository.findCard(userId, id);
    if (!card || (await this.repository.deleteNoteCards(userId, card.note_guid)) === 0) {
      throw notFound(MESSAGES.cardNotFound);
    }
  }

  /** Every tag on the learner's cards with its card count, by name. */
  async tags(userId: number): Promise<Array<{ tag: string; count: number }>> {
    const counts = await this.repository.tagCounts(userId);
    return [...counts.values()].sort((a, b) => compareNames(a.tag, b.tag));
  }

  async setKnown(userId: number, rawId: string, known: boolean): Promise<CardWithSet> {
    const id = parseId(rawId);
    if (id === null || !(await this.repository.updateCard(userId, id, { known, updated_at: this.timestamp() }))) {
      throw notFound(MESSAGES.cardNotFound);
    }
    return this.get(userId, String(id));
  }

  resetKnown(userId: number): Promise<number> {
    return this.repository.resetKnown(userId, this.timestamp());
  }

  async filterOptions(userId: number): Promise<{ colleges: string[]; classes: string[] }> {
    const [colleges, classes] = await Promise.all([
      this.repository.distinctValues(userId, 'college'),
      this.repository.distinctValues(userId, 'class_name'),
    ]);
    return { colleges: colleges.sort(compareNames), classes: classes.sort(compareNames) };
  }

  /** All or nothing: one card that is not the user's and nothing moves. */
  async moveToSet(userId: number, cardIds: number[], setId: number | null): Promise<number> {
    if (cardIds.length < 1 || cardIds.length > MAX_MOVE) throw badRequest(MESSAGES.moveCount);
    if (new Set(cardIds).size !== cardIds.length) throw badRequest(MESSAGES.moveDuplicates);
    const validIds = cardIds.map((id) => parseId(id)).filter((id) => id !== null);
    if (validIds.length !== cardIds.length) throw notFound(MESSAGES.cardNotFound);

    return this.withSetCheck(() =>
      this.repository.transaction(async (repository) => {
        if (setId !== null) {
          const set = parseId(setId) === null ? undefined : await repository.findCategory(userId, setId);
          if (!set) throw notFound(MESSAGES.setNotFound);
        }
        if ((await repository.countOwnedCards(userId, validIds)) !== validIds.length) {
          throw notFound(MESSAGES.cardNotFound);
        }
        return repository.moveCards(userId, validIds, setId, this.timestamp());
      }),
    );
  }

  /**
   * Reads CSV/TSV text into cards, HTML sanitised as by every importer. Bad rows are reported
   * and skipped; the good ones are written in one transaction (all or none of them), unless
   * this is a dry run.
   */
  async importCards(userId: number, input: ImportInput): Promise<ImportReport> {
    if (input.text.trim() === '') throw badRequest(MESSAGES.importEmpty);
    if (Buffer.byteLength(input.text, 'utf8') > MAX_IMPORT_BYTES) throw badRequest(MESSAGES.importTooLarge);
    const requested = input.format?.trim().toLowerCase();
    const categoryId = input.categoryId ?? null;
    if (categoryId !== null) await this.requireSet(userId, categoryId);
    if (requested === 'anki' || requested === 'quizlet' || (requested === undefined && looksLikeAnkiText(input.text))) {
      let parsed: ParsedNotes;
      try {
        parsed =
          requested === 'quizlet'
            ? parseQuizlet(input.text, input.termSeparator, input.rowSeparator)
            : parseAnkiText(input.text);
      } catch (error) {
        if (error instanceof CsvSyntaxError) throw badRequest(error.message);
        throw error;
      }
      return this.importNotes(userId, parsed, categoryId, input, 'text');
    }
    const format = requested === undefined ? undefined : parseFormat(requested);

    let csv;
    try {
      csv = readCsv(input.text, format);
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw badRequest(error.message);
      throw error;
    }
    if (csv.records.length > MAX_IMPORT_ROWS) throw badRequest(MESSAGES.importTooManyRows);
    return this.importNotes(userId, csvNotes(csv), categoryId, input, 'text');
  }

  /**
   * Notes from Anki or Quizlet: each a note of its kind (cloze notes make one card per cloze),
   * in its deck's set (created by name) or the chosen one; a note whose guid the learner has
   * already is updated, not added again. All in one transaction, or nothing on a dry run.
   */
  private async importNotes(
    userId: number,
    parsed: ParsedNotes & { plain?: boolean },
    categoryId: number | null,
    input: Pick<ImportInput, 'dryRun' | 'duplicates'>,
    matchBy: MatchBy,
  ): Promise<ImportReport> {
    const total = parsed.notes.length + parsed.errors.length;
    if (total > MAX_IMPORT_ROWS) throw badRequest(MESSAGES.importTooManyRows);
    const report: ImportReport = {
      imported: 0,
      updated: 0,
      total,
      rows: [],
      errors: [...parsed.errors],
      counts: { new: 0, updated: 0, unchanged: 0 },
      skipped: 0,
    };
    const notes = parsed.notes.filter((note) => {
      const error = importedNoteError(note);
      if (error) report.errors.push({ row: note.row, error });
      return error === null;
    });
    report.errors.sort((a, b) => a.row - b.row);
    report.rows = notes.map((note) =>
      // A plain CSV's rows are question, answer and tags only (as its file).
      parsed.plain
        ? { row: note.row, question: note.question, answer: note.answer, tags: note.tags }
        : {
            row: note.row,
            question: note.question,
            answer: note.answer,
            tags: note.tags,
            kind: note.kind,
            set: note.deck,
          },
    );
    if (notes.length === 0) return report;
    if (input.dryRun) {
      report.counts = (await compareNotes(this.repository, userId, notes, categoryId, matchBy)).counts;
      return report;
    }

    const now = this.timestamp();
    const written = await this.withSetCheck(() =>
      this.repository.transaction((repository) =>
        writeNotes(repository, userId, notes, categoryId, now, undefined, {
          duplicates: input.duplicates,
          matchBy,
        }),
      ),
    );
    report.imported = written.imported;
    report.updated = written.updated;
    report.skipped = written.skipped;
    report.counts = written.counts;
    return report;
  }

  /** The user's cards (of one set) as CSV, with the file name to offer. */
  /**
   * The file's name and its text as chunks, written while the cards are read (EXPORT_BATCH at a
   * time): the set is checked first, so a bad request is refused before anything is sent.
   */
  async exportCsv(
    userId: number,
    categoryId: number | undefined,
  ): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
    let filename = 'flashcards.csv';
    if (categoryId !== undefined) {
      const set = await this.requireSet(userId, categoryId);
      filename = `flashcards-${slugify(set.name) || `set-${set.id}`}.csv`;
    }
    const repository = this.repository;
    async function* safeBatches() {
      for await (const rows of repository.exportRows(userId, categoryId, EXPORT_BATCH)) {
        // A file leaves our sanitising screens: nothing in it may run where HTML is rendered.
        yield rows.map((row) => ({ ...row, question: defuse(row.question), answer: defuse(row.answer) }));
      }
    }
    return { filename, chunks: stringifyCardBatches(safeBatches()) };
  }

  private async requireSet(userId: number, categoryId: number): Promise<{ id: number; name: string }> {
    const set = parseId(categoryId) === null ? undefined : await this.repository.findCategory(userId, categoryId);
    if (!set) throw notFound(MESSAGES.setNotFound);
    return set;
  }

  /** The set was checked, but deleted before the write landed: the foreign key says so. */
  private async withSetCheck<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(MESSAGES.setNotFound);
      throw error;
    }
  }

  /** Checks and normalises the card fields; on create, question and answer must be there. */
  private validateFields(input: CardInput, mode: 'create' | 'update', kind: NoteKind): CardUpdate {
    const question = input.question === undefined ? undefined : input.question.trim();
    const answer = input.answer === undefined ? undefined : input.answer.trim();
    const required = mode === 'create';
    if ((required || question !== undefined) && !question) throw badRequest(MESSAGES.questionAndAnswerRequired);
    // A cloze or occlusion note's answer field is its optional "extra" text.
    if (!answerIsExtra(kind) && (required || answer !== undefined) && !answer) {
      throw badRequest(MESSAGES.questionAndAnswerRequired);
    }
    if (question && question.length > MAX_TEXT_LENGTH) throw badRequest(MESSAGES.questionTooLong);
    if (answer && answer.length > MAX_TEXT_LENGTH) throw badRequest(MESSAGES.answerTooLong);

    const fields: CardUpdate = {
      question,
      answer,
      difficulty_level: parseDifficulty(input.difficulty_level === null ? undefined : input.difficulty_level),
      tags: optionalText(input.tags, MAX_TAGS_LENGTH, MESSAGES.tagsTooLong),
      college: optionalText(input.college, MAX_LABEL_LENGTH, MESSAGES.collegeTooLong),
      class_name: optionalText(input.class_name, MAX_LABEL_LENGTH, MESSAGES.classTooLong),
      category_id: input.category_id,
    };
    // Absent fields are left out, so an update only touches what was sent.
    return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as CardUpdate;
  }
}

function parseKind(value: string | undefined): NoteKind | undefined {
  if (value === undefined) return undefined;
  const kind = value.trim().toLowerCase();
  if (!isNoteKind(kind)) throw badRequest(MESSAGES.kindInvalid);
  return kind;
}

/** A cloze or occlusion note's answer field is its optional "Back Extra". */
const answerIsExtra = (kind: NoteKind) => kind === 'cloze' || kind === 'occlusion';

const OCCLUSION_MESSAGES: Record<OcclusionProblem, string> = {
  image: MESSAGES.occlusionImage,
  masks: MESSAGES.occlusionMasks,
  bounds: MESSAGES.occlusionBounds,
  tooMany: MESSAGES.occlusionTooMany,
};

/** Why a note's question makes no cards (a cloze note without clozes, an unusable occlusion), or null. */
function notePartsError(kind: NoteKind, question: string): string | null {
  if (kind === 'occlusion') {
    const problem = occlusionProblem(question);
    return problem && OCCLUSION_MESSAGES[problem];
  }
  return noteOrds(kind, question).length === 0 ? MESSAGES.clozeRequired : null;
}

/** The cards the note makes (noteOrds); a note that makes none is refused. */
function requiredOrds(kind: NoteKind, question: string): number[] {
  const problem = notePartsError(kind, question);
  if (problem) throw badRequest(problem);
  return noteOrds(kind, question);
}

const IMPORT_FORMAT_NAMES: readonly string[] = IMPORT_FORMATS;
const isImportFormat = (format: string): format is ImportFormat => IMPORT_FORMAT_NAMES.includes(format);

function parseFormat(value: string): ImportFormat {
  const format = value.trim().toLowerCase();
  if (!isImportFormat(format)) throw badRequest(MESSAGES.importFormat);
  return format;
}

/** A CSV's records as notes: plain question,answer,tags rows are basic notes; our export's columns give type and set. */
function csvNotes({ records, columns }: { records: CsvRecord[]; columns: CsvColumns }): ParsedNotes & {
  plain: boolean;
} {
  const parsed: ParsedNotes & { plain: boolean } = {
    notes: [],
    errors: [],
    plain: columns.notetype === null && columns.set === null,
  };
  for (const { row, fields: raw } of records) {
    // Question and answer sanitised first: one that held only markup (a script) is then empty.
    const fields = raw.map((field, column) =>
      (column < 2 ? ankiMathToMarkdown(sanitizeImported(field)) : field).trim(),
    );
    const named = columns.notetype === null ? '' : (fields[columns.notetype] ?? '');
    const kind = named === '' ? 'basic' : csvKind(named);
    const error = importRowError(fields, columns.count, kind);
    if (error) {
      parsed.errors.push({ row, error });
      continue;
    }
    const [question = '', answer = '', tags = ''] = fields;
    const set = columns.set === null ? '' : (fields[columns.set] ?? '');
    parsed.notes.push({ row, kind: kind!, question, answer, tags: tags || null, guid: null, deck: set || null });
  }
  return parsed;
}

/**
 * Our note types, or Anki's names of them ("Basic (and reversed card)", "Cloze", "Basic (type in
 * the answer)"); undefined for another.
 */
function csvKind(name: string): NoteKind | undefined {
  const kind = name.toLowerCase();
  if (isNoteKind(kind)) return kind;
  if (kind === 'basic (and reversed card)') return 'reversed';
  if (kind === 'basic (type in the answer)') return 'typed';
  return undefined;
}

/** Why one import record cannot become a card, or null when it can. */
function importRowError(fields: string[], columns: number, kind: NoteKind | undefined): string | null {
  // Spreadsheets often pad rows with empty cells ("q,a,,"): only non-empty extras count.
  if (fields.slice(Math.max(columns, 3)).some((field) => field !== '')) return MESSAGES.tooManyColumns;
  const [question = '', answer = '', tags = ''] = fields;
  if (!question) return MESSAGES.questionRequired;
  if (!kind) return MESSAGES.kindInvalid;
  // A cloze or occlusion note's answer field is its optional extra text.
  if (!answer && !answerIsExtra(kind)) return MESSAGES.answerRequired;
  if (question.length > MAX_TEXT_LENGTH) return MESSAGES.questionTooLong;
  if (answer.length > MAX_TEXT_LENGTH) return MESSAGES.answerTooLong;
  if (tags.length > MAX_TAGS_LENGTH) return MESSAGES.tagsTooLong;
  return null;
}

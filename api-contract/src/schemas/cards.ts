// /api/cards/*: the learner's cards, their filters, moving them between sets, CSV import and
// export. Body schemas only catch wrong types and absurd sizes; the rules with the messages the
// screens show are in the API's cards service (so a missing question reads 'Question and answer
// are required', not a schema error). Query values are checked here, each with its message.
//
// Lists are pages: GET /cards and /cards/search send the number of matching cards in the
// X-Total-Count header and, when more follow, the next page's cursor (a `before` value) in
// X-Next-Cursor; the body stays the list the spec describes.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import {
  Checked,
  errorResponses,
  ID_BOUNDS,
  MessageResponse,
  Nullable,
  PathId,
  QueryFlag,
  QueryInteger,
} from './common';
import { CardSortFields } from './card-browser';

/** Scheduler state of a card; 'new' until its first review. */
export const CardState = Type.Union([
  Type.Literal('new'),
  Type.Literal('learning'),
  Type.Literal('review'),
  Type.Literal('relearning'),
]);

/**
 * See notes.ts: basic (one card), reversed (two), cloze (one per cloze number), occlusion (one per
 * mask number), typed (one, answer typed).
 */
export const NoteKindSchema = Type.Union([
  Type.Literal('basic'),
  Type.Literal('reversed'),
  Type.Literal('cloze'),
  Type.Literal('occlusion'),
  Type.Literal('typed'),
]);

export const Card = Type.Object({
  id: Type.Integer(),
  /** The note's id, shared by its cards (and matched by a re-import). */
  note_guid: Type.String(),
  kind: NoteKindSchema,
  /** Which card of the note: reversed 0/1, cloze its number, basic 0. */
  ord: Type.Integer(),
  question: Type.String(),
  answer: Type.String(),
  difficulty_level: Type.Integer(),
  tags: Nullable(Type.String()),
  college: Nullable(Type.String()),
  class_name: Nullable(Type.String()),
  category_id: Nullable(Type.Integer()),
  category_name: Nullable(Type.String()),
  /** The set's name again: the screens read it under both names. */
  category: Nullable(Type.String()),
  /** The set's read-aloud language (BCP 47), null for the page's. */
  language: Nullable(Type.String()),
  known: Type.Boolean(),
  repetitions: Type.Integer(),
  lapses: Type.Integer(),
  state: CardState,
  due: Nullable(Type.String()),
  /**
   * Days from the last review to `due` (Anki's ivl, what prop:ivl compares), 0 for a new card;
   * absent from a server before it (a list kept offline then).
   */
  interval: Type.Optional(Type.Integer()),
  /** Out of every queue until unsuspended; a card that lapses 8 times is suspended and tagged leech. */
  suspended: Type.Boolean(),
  /** Out of the queues until this instant (buried until tomorrow); null when not buried. */
  buried_until: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const CardParams = Type.Object({ id: PathId });

/**
 * The body of POST /cards and PUT /cards/:id; absent fields stay unchanged on update. An update
 * changes the whole note: every card of it gets the text, and a cloze note gains or loses cards
 * as its cloze numbers change.
 */
export const CardBody = Type.Object({
  /** basic (default), reversed, cloze or occlusion; anything else: 400 from the service. */
  kind: Type.Optional(Type.String({ maxLength: 20 })),
  question: Type.Optional(Type.String()),
  answer: Type.Optional(Type.String()),
  /**
   * 1-5, or its digit as text as form fields send it; null or absent: 1 on create. Any other
   * JSON value (true, [], {}) gets the service's 'Difficulty must be between 1 and 5'.
   */
  difficulty_level: Type.Optional(Checked('string', 'number', 'null', 'array', 'object')),
  tags: Type.Optional(Nullable(Type.String())),
  college: Type.Optional(Nullable(Type.String())),
  class_name: Type.Optional(Nullable(Type.String())),
  category_id: Type.Optional(Nullable(Type.Integer())),
});

/**
 * The body of PUT /cards/:id: the card's fields, and when the learner made the edit. An edit made
 * offline is sent later: the server applies it only if the card has not changed since. (A
 * composite, not a spread of `.properties`: a property read is not pure, and the browser build
 * would keep the whole schema.)
 */
export const CardEditBody = Type.Composite([
  CardBody,
  Type.Object({
    /**
     * When the learner saved the edit (ISO 8601 with a time zone, e.g. 2024-06-11T05:00:00.000Z).
     * Absent or null: now. Refused (400) when not such a time or later than now +
     * OFFLINE_REVIEW_CLOCK_SKEW_MS (study.ts: how far a device's clock may run ahead; within it:
     * now). No age limit: an old edit loses to any later change and otherwise is still the newest.
     */
    editedAt: Type.Optional(Checked('string', 'number', 'null')),
  }),
]);

/**
 * Whose version of the card the answer holds: 'edit', the edit was applied (or the card already
 * held exactly that); 'server', the card was changed after the edit's `editedAt` (another device,
 * a later save), so the later change was kept and the edit was not applied.
 */
export const EditKept = Type.Union([Type.Literal('edit'), Type.Literal('server')]);

/** PUT /cards/:id answers the card as the server now holds it, and which edit that is. */
export const CardEditResult = Type.Composite([Card, Type.Object({ kept: EditKept })]);

export const CreateCardHeaders = Type.Object({
  /**
   * Every resend of one create carries the same key (1-100 letters, digits, dashes or
   * underscores): a resend answers the card the first one created, as it is now, and creates
   * nothing.
   */
  'idempotency-key': Type.Optional(Type.String({ maxLength: 200 })),
});

const CardQueryValue = Type.String({ maxLength: 1000 });

/** A card's difficulty (the screens word each level). */
export const DIFFICULTY_BOUNDS = { min: 1, max: 5 } as const;
/** The API's answer to a difficulty outside them, in a card or in the list's filters. */
export const DIFFICULTY_MESSAGE = `Difficulty must be between ${DIFFICULTY_BOUNDS.min} and ${DIFFICULTY_BOUNDS.max}`;

/** Cards per page of the list and of search results: the screens' page, and the API's when none is asked for. */
export const CARD_PAGE_SIZE = 50;
export const CARD_PAGE_LIMIT = { min: 1, max: 1_000, default: CARD_PAGE_SIZE } as const;

/** A set id: that set's cards only. */
const SetFilter = QueryInteger(ID_BOUNDS, 'Category must be a positive integer');
const DifficultyFilter = QueryInteger(DIFFICULTY_BOUNDS, DIFFICULTY_MESSAGE);

/** The list's filters and paging (the minimum difficulty above the maximum: 400 from the service). */
const CardListFields = {
  category: SetFilter,
  college: Type.Optional(CardQueryValue),
  class_name: Type.Optional(CardQueryValue),
  difficultyMin: DifficultyFilter,
  difficultyMax: DifficultyFilter,
  /** true leaves out the cards marked known. */
  hideKnown: QueryFlag('hideKnown must be true or false'),
  limit: QueryInteger(CARD_PAGE_LIMIT, `Limit must be between ${CARD_PAGE_LIMIT.min} and ${CARD_PAGE_LIMIT.max}`),
  /** The cursor: the last card id of the previous page (its X-Next-Cursor). */
  before: QueryInteger(ID_BOUNDS, 'before must be a card id'),
};

export const CardListQuery = Type.Object(CardListFields);
/** `q` in the card browser's search syntax (card-browser.ts), with its sort. */
export const CardSearchQuery = Type.Object({
  ...CardListFields,
  q: Type.Optional(Type.String({ maxLength: 1000, errorMessage: 'Search query must be at most 1000 characters' })),
  ...CardSortFields,
});
/** Deletion cannot be undone: the client says it asked the learner with confirm=true. */
export const DeleteCardQuery = Type.Object({ confirm: Type.Optional(CardQueryValue) });
/** One set's cards only; all cards when absent. */
export const ExportQuery = Type.Object({ category: SetFilter });

export const CardSearchResults = Type.Object({ results: Type.Array(Card) });
export const FilterOptions = Type.Object({ colleges: Type.Array(Type.String()), classes: Type.Array(Type.String()) });
/** Every tag on the learner's cards with how many cards carry it, by name. */
export const TagList = Type.Object({ tags: Type.Array(Type.Object({ tag: Type.String(), count: Type.Integer() })) });
export const ResetKnownResult = Type.Object({ updated: Type.Integer() });

export const MoveToSetBody = Type.Object({
  // The 1-5000 and uniqueness rules are checked in the service, with readable messages.
  cardIds: Type.Array(Type.Integer(), { maxItems: 10_000 }),
  /** null: out of any set. */
  setId: Nullable(Type.Integer()),
});
export const MoveToSetResult = Type.Object({ moved: Type.Integer() });

/**
 * Anki's choices for a note already present (the same guid, or for text the same note type and
 * first field): update it (its cards keep their scheduling and history), skip it, or import it
 * anyway as a new note.
 */
export const DUPLICATE_CHOICES = ['update', 'skip', 'add'] as const;
export const DUPLICATES_MESSAGE = 'duplicates must be update, skip or add';
export const DuplicateChoiceSchema = Type.Union(
  DUPLICATE_CHOICES.map((choice) => Type.Literal(choice)),
  { errorMessage: DUPLICATES_MESSAGE },
);
/** How the notes of a file compare with the learner's: not present, present but different, present and the same. */
export const ImportCounts = Type.Object({
  new: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
});

export const ImportFormat = Type.Union([
  Type.Literal('csv'),
  Type.Literal('tsv'),
  Type.Literal('anki'),
  Type.Literal('quizlet'),
]);

export const ImportBody = Type.Object({
  /** CSV or tab-separated text, columns question, answer, tags. */
  text: Type.String(),
  /**
   * csv | tsv | anki (Anki's "Notes in Plain Text" with its # header lines) | quizlet (any case);
   * detected by the server when absent (Anki by its header lines, else csv or tsv).
   */
  format: Type.Optional(Type.String({ maxLength: 10, description: 'csv | tsv | anki | quizlet' })),
  /** Quizlet: what separates a term from its definition (default a tab). */
  termSeparator: Type.Optional(Type.String({ minLength: 1, maxLength: 10 })),
  /** Quizlet: what separates rows (default a line break). */
  rowSeparator: Type.Optional(Type.String({ minLength: 1, maxLength: 10 })),
  categoryId: Type.Optional(Nullable(Type.Integer())),
  /** Validate and preview only; nothing is written. */
  dryRun: Type.Optional(Type.Boolean()),
  /** What to do with a note the learner already has (default update). */
  duplicates: Type.Optional(DuplicateChoiceSchema),
});

export const ImportRow = Type.Object({
  /** 1-based line of data. */
  row: Type.Integer(),
  question: Type.String(),
  answer: Type.String(),
  tags: Nullable(Type.String()),
  /** Anki imports: the note type and the deck (our set, created by name when missing). */
  kind: Type.Optional(NoteKindSchema),
  set: Type.Optional(Nullable(Type.String())),
});
export const ImportRowError = Type.Object({ row: Type.Integer(), error: Type.String() });
export const ImportResult = Type.Object({
  /** Notes written as new. */
  imported: Type.Integer(),
  /** Notes a re-import found by their guid and updated instead of adding them again. */
  updated: Type.Integer(),
  total: Type.Integer(),
  rows: Type.Array(ImportRow),
  errors: Type.Array(ImportRowError),
  /** The notes compared with the learner's before writing (what a preview shows). */
  counts: ImportCounts,
  /** Notes already present and left as they were (the same, or `duplicates: 'skip'`). */
  skipped: Type.Integer(),
});

/** Largest Anki package accepted, in bytes. */
export const APKG_MAX_BYTES = 50 * 1024 * 1024;

export const ApkgImportQuery = Type.Object({
  /** 'true': read and report only, write nothing (the preview). */
  dryRun: Type.Optional(Type.String({ maxLength: 5 })),
  /** Notes of no deck go to this set (the deck's own set otherwise). */
  categoryId: Type.Optional(Type.String({ maxLength: 20 })),
  /** What to do with a note whose guid the learner already has (default update). */
  duplicates: Type.Optional(DuplicateChoiceSchema),
});

/** One set's notes only (`set`); all the learner's when absent. */
export const ApkgExportQuery = Type.Object({ set: SetFilter });

/**
 * Why an import did not keep a medium, for the screens to word: not an image by its name, not
 * one by its content, empty, over MEDIA_MAX_BYTES, over the learner's MEDIA_QUOTA_BYTES.
 */
export const SkippedMediaReason = Type.Union([
  Type.Literal('not_image'),
  Type.Literal('bad_image'),
  Type.Literal('empty'),
  Type.Literal('too_large'),
  Type.Literal('quota'),
]);
export const SkippedMedia = Type.Object({
  name: Type.String(),
  /** The reason in English, for older clients. */
  reason: Type.String(),
  /** The reason's key; null for one this API has no key for (show `reason`). */
  key: Nullable(SkippedMediaReason),
});

/** An Anki package import: the notes' report, and what came with them. */
export const ApkgImportResult = Type.Object({
  ...ImportResult.properties,
  format: Type.Union([Type.Literal('anki2'), Type.Literal('anki21'), Type.Literal('anki21b')]),
  /** Cards the notes make, and answers of their review history (brought as review logs). */
  cards: Type.Integer(),
  reviews: Type.Integer(),
  /** Images and sounds stored for the notes; media not kept (video, other types, too large) by name with the reason. */
  images: Type.Integer(),
  sounds: Type.Integer(),
  skippedMedia: Type.Array(SkippedMedia),
});

const cardResponses = { 200: Card, ...errorResponses(400, 401, 404) };

export const cardsEndpoints = {
  /** One page of the learner's cards, newest first (paging in headers). */
  list: endpoint('GET', '/cards', {
    querystring: CardListQuery,
    response: { 200: Type.Array(Card), ...errorResponses(400, 401) },
  }),
  /** Like list, among the cards whose question, answer or tags contain `q`. */
  search: endpoint('GET', '/cards/search', {
    querystring: CardSearchQuery,
    response: { 200: CardSearchResults, ...errorResponses(400, 401) },
  }),
  get: endpoint('GET', '/cards/:id', { params: CardParams, response: cardResponses }),
  create: endpoint('POST', '/cards', {
    headers: CreateCardHeaders,
    body: CardBody,
    response: { 201: Card, ...errorResponses(400, 401, 404) },
  }),
  /** The note's edit, unless the card changed after `editedAt` (then `kept: 'server'`, nothing written). */
  update: endpoint('PUT', '/cards/:id', {
    params: CardParams,
    body: CardEditBody,
    response: { 200: CardEditResult, ...errorResponses(400, 401, 404) },
  }),
  remove: endpoint('DELETE', '/cards/:id', {
    params: CardParams,
    querystring: DeleteCardQuery,
    response: { 200: MessageResponse, ...errorResponses(400, 401, 404) },
  }),
  markKnown: endpoint('PUT', '/cards/:id/known', { params: CardParams, response: cardResponses }),
  markUnknown: endpoint('PUT', '/cards/:id/unknown', { params: CardParams, response: cardResponses }),
  resetKnown: endpoint('PUT', '/cards/reset-known', { response: { 200: ResetKnownResult, ...errorResponses(401) } }),
  /** The colleges and classes the learner's cards name, sorted. */
  filterOptions: endpoint('GET', '/cards/filters/options', {
    response: { 200: FilterOptions, ...errorResponses(401) },
  }),
  tags: endpoint('GET', '/cards/tags', { response: { 200: TagList, ...errorResponses(401) } }),
  /** All or nothing: one card that is not the learner's and nothing moves. */
  moveToSet: endpoint('PUT', '/cards/move-to-set', {
    body: MoveToSetBody,
    response: { 200: MoveToSetResult, ...errorResponses(400, 401, 404) },
  }),
  /** Bad rows are reported and skipped; the good ones are written together (unless dryRun). */
  import: endpoint('POST', '/cards/import', {
    body: ImportBody,
    response: { 200: ImportResult, ...errorResponses(400, 401, 404, 413) },
  }),
  /**
   * The body is the .apkg file's bytes (application/zip or application/octet-stream). 413: the
   * package or what it unpacks to is too large; 422: a file inside is not the size it says;
   * 429 (Retry-After): the learner's previous import still runs, or the server runs its most.
   */
  importApkg: endpoint('POST', '/cards/import/apkg', {
    querystring: ApkgImportQuery,
    response: { 200: ApkgImportResult, ...errorResponses(400, 401, 404, 413, 422, 429) },
  }),
  /**
   * 200 is an Anki package (application/apkg, legacy collection.anki2 of schema 11, media
   * numbered) of the learner's notes (of one set), sent as an attachment; 404 for a set not theirs.
   */
  exportApkg: endpoint('GET', '/cards/export/apkg', {
    querystring: ApkgExportQuery,
    response: { 200: Type.String(), ...errorResponses(400, 401, 404) },
  }),
  /**
   * 200 is CSV text (text/csv, header question,answer,tags,notetype,set), sent as an attachment:
   * note type and set make a re-import of the file lossless.
   */
  export: endpoint('GET', '/cards/export', {
    querystring: ExportQuery,
    response: { 200: Type.String(), ...errorResponses(400, 401, 404) },
  }),
};

export type Card = Static<typeof Card>;
export type CardInput = Static<typeof CardBody>;
export type CardEditInput = Static<typeof CardEditBody>;
export type CardEditResult = Static<typeof CardEditResult>;
export type DuplicateChoice = Static<typeof DuplicateChoiceSchema>;
export type ImportCounts = Static<typeof ImportCounts>;
export type EditKept = Static<typeof EditKept>;
export type CardListQuery = Static<typeof CardListQuery>;
export type CardSearchQuery = Static<typeof CardSearchQuery>;
export type FilterOptions = Static<typeof FilterOptions>;
export type ImportFormat = Static<typeof ImportFormat>;
export type ImportInput = Static<typeof ImportBody>;
export type ApkgImportResult = Static<typeof ApkgImportResult>;
export type ImportResult = Static<typeof ImportResult>;
export type SkippedMediaReason = Static<typeof SkippedMediaReason>;
export type SkippedMedia = Static<typeof SkippedMedia>;

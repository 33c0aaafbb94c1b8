// SQL over cards (and the sets they point at). Every query is scoped to one user: a card or
// set id alone never reaches a row, so another learner's data cannot be read or changed.
import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { dialectOf, readOffThread } from '../../db';
import { cardSearchText, withSearchText } from '../../db/search-text';
import type { CardUpdate, Database, NewCard, NoteKind } from '../../db/schema';
import { runTransaction } from '../../db/transaction';
import type { SchedulingState } from '@flashcard/api-contract/scheduler';

/** The columns a card is presented with, plus its set's name. */
const CARD_COLUMNS = [
  'cards.id',
  'cards.note_guid',
  'cards.kind',
  'cards.ord',
  'cards.question',
  'cards.answer',
  'cards.difficulty_level',
  'cards.tags',
  'cards.college',
  'cards.class_name',
  'cards.category_id',
  'cards.known',
  'cards.repetitions',
  'cards.lapses',
  'cards.state',
  'cards.due',
  'cards.scheduled_days',
  'cards.suspended',
  'cards.buried_until',
  'cards.created_at',
  'cards.updated_at',
  'categories.name as category_name',
  'categories.language as language',
] as const;

export interface CardWithSet {
  id: number;
  note_guid: string;
  kind: NoteKind;
  ord: number;
  question: string;
  answer: string;
  difficulty_level: number;
  tags: string | null;
  college: string | null;
  class_name: string | null;
  category_id: number | null;
  known: boolean | 0 | 1;
  repetitions: number;
  lapses: number;
  state: number;
  due: string | null;
  scheduled_days: number;
  suspended: boolean | 0 | 1;
  buried_until: string | null;
  created_at: string;
  updated_at: string;
  category_name: string | null;
  language: string | null;
}

/** One card of a note: which one (`ord`) and its id. */
export interface NoteCard {
  id: number;
  ord: number;
}

/** A card an import added, by its note and ord. */
export interface AddedCard {
  noteGuid: string;
  ord: number;
  id: number;
}

export interface CardListFilters {
  categoryId?: number;
  college?: string;
  className?: string;
  difficultyMin?: number;
  difficultyMax?: number;
  hideKnown?: boolean;
}

/** Newest first: `limit` cards with ids below `before` (the previous page's last id). */
export interface Page {
  limit: number;
  before?: number;
}

/** One page of a list plus what the screen needs to go on: the total and whether more follow. */
export interface CardPage {
  cards: CardWithSet[];
  total: number;
  hasMore: boolean;
  /** A sorted search: where the next page starts (absent: after the last card's id). */
  after?: SearchCursor;
}

/** A search's position: the sort key and id of the card a page ends with. */
export type SearchCursor = [string | number, number];

export interface SearchSort {
  key: 'created' | 'due' | 'interval' | 'difficulty' | 'lapses';
  order: 'asc' | 'desc';
}

/** A search's page: `limit` cards after `after` (the previous page's last card), or all from the start. */
export interface SearchPage {
  limit: number;
  after?: SearchCursor;
}

export interface CsvRow {
  question: string;
  answer: string;
  tags: string | null;
  kind: NoteKind;
  set: string | null;
}

/** A note the learner has, as an import compares it: its text, set and cards. */
export interface ExistingNote {
  guid: string;
  question: string;
  answer: string;
  tags: string | null;
  kind: NoteKind;
  setName: string | null;
  cards: NoteCard[];
}

/**
 * The user's cards with their set name; the join re-checks the set's owner as well. The study
 * module adds its scheduling columns to the same query.
 */
export function selectCardsWithSet(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('cards')
    .leftJoin('categories', (join) =>
      join.onRef('categories.id', '=', 'cards.category_id').onRef('categories.user_id', '=', 'cards.user_id'),
    )
    .select(CARD_COLUMNS)
    .where('cards.user_id', '=', userId);
}

// Rows per INSERT: ~8 parameters each stays far below SQLite's and PostgreSQL's limits.
const INSERT_BATCH = 500;

export class CardsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: CardsRepository) => Promise<T>): Promise<T> {
    return runTransaction(this.db, (trx) => work(new CardsRepository(trx)));
  }

  get dialect() {
    return dialectOf(this.db);
  }

  private selectCards(userId: number) {
    return selectCardsWithSet(this.db, userId);
  }

  /**
   * One page of the user's cards matching `filters`, and how many match in all. The page is
   * keyset-paged on id (index user_id, id): a card created or deleted meanwhile neither
   * repeats nor skips a card on the next page, as an offset would. The count visits every
   * matching card, so it runs on the reader thread while the page is read here.
   */
  async list(userId: number, filters: CardListFilters, page: Page): Promise<CardPage> {
    const matching = this.applyFilters(this.selectCards(userId), filters);
    let rows = matching.orderBy('cards.id', 'desc').limit(page.limit + 1);
    if (page.before !== undefined) rows = rows.where('cards.id', '<', page.before);
    const [cards, [count]] = await Promise.all([
      rows.execute(),
      readOffThread(this.db, this.countMatching(userId, filters)),
    ]);
    return toPage(cards, page.limit, Number(count!.total));
  }

  /**
   * Cards matching `condition` (a compiled search, search-sql.ts) and `filters`, one page in
   * `sort`'s order (ties by id the same way), with the number of matches. On SQLite no index
   * serves a substring match, so the user's cards are scanned once (on the reader thread) for the
   * matching ids and sort keys, which also counts them, and only the page's cards are then read in
   * full. On PostgreSQL the trigram index finds text matches, and one statement reads the page
   * and counts them: a window over every match, before the cursor narrows them (one round trip and
   * one plan fewer; measured on 250 matches among 5,000 cards: 2.9 ms a search, 3.7 when it read
   * the ids and then the page). The next page starts after the last card's (sort key, id).
   */
  async search(
    userId: number,
    condition: Expression<SqlBool>,
    filters: CardListFilters,
    sort: SearchSort,
    page: SearchPage,
  ): Promise<CardPage> {
    const key = sortKey(sort.key);
    const descending = sort.order === 'desc';
    const after = page.after;
    if (dialectOf(this.db) === 'postgres') {
      const matching = this.applyFilters(this.selectCards(userId), filters)
        .where(condition)
        .select([sql<string>`count(*) over ()`.as('matches'), key.as('sort_key')]);
      let query = this.db.selectFrom(matching.as('matching')).selectAll();
      if (after) {
        const [value, id] = after;
        const [beyond, idBeyond] = descending ? (['<', '<'] as const) : (['>', '>'] as const);
        query = query.where((eb) =>
          eb.or([
            eb('matching.sort_key', beyond, value),
            eb.and([eb('matching.sort_key', '=', value), eb('matching.id', idBeyond, id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy('matching.sort_key', sort.order)
        .orderBy('matching.id', sort.order)
        .limit(page.limit + 1)
        .execute();
      // No row: no match at all, or a cursor past the last one (then they are counted apart).
      let total = rows.length ? Number(rows[0]!.matches) : 0;
      if (!rows.length && after) {
        const [count] = await this.countMatching(userId, filters).where(condition).execute();
        total = Number(count!.total);
      }
      const cards = rows.map(({ matches: _, sort_key: __, ...card }) => card as CardWithSet);
      return toPage(cards, page.limit, total, cursorOf(rows, page.limit));
    }
    const matches = await readOffThread(
      this.db,
      this.applyFilters(
        this.db
          .selectFrom('cards')
          .select(['cards.id', key.as('sort_key')])
          .where('cards.user_id', '=', userId),
        filters,
      )
        .where(condition)
        .orderBy('sort_key', sort.order)
        .orderBy('cards.id', sort.order),
    );
    const rest = after ? matches.filter((match) => isBeyond(match, after, descending)) : matches;
    const pageRows = rest.slice(0, page.limit + 1);
    const ids = pageRows.map((match) => match.id);
    const found = ids.length ? await this.selectCards(userId).where('cards.id', 'in', ids).execute() : [];
    const byId = new Map(found.map((card) => [card.id, card]));
    const cards = ids.map((id) => byId.get(id)).filter((card): card is CardWithSet => card !== undefined);
    return toPage(cards, page.limit, matches.length, cursorOf(pageRows, page.limit));
  }

  /** How many of the user's cards match `filters` (a query: callers may narrow it further). */
  private countMatching(userId: number, filters: CardListFilters) {
    return this.applyFilters(
      this.db
        .selectFrom('cards')
        .select((eb) => eb.fn.countAll<number | bigint>().as('total'))
        .where('cards.user_id', '=', userId),
      filters,
    );
  }

  /** `query` narrowed by the list filters; works on any select from cards. */
  private applyFilters<Q extends SelectQueryBuilder<Database, 'cards', object>>(query: Q, filters: CardListFilters): Q {
    let narrowed = query as SelectQueryBuilder<Database, 'cards', object>;
    if (filters.categoryId !== undefined) narrowed = narrowed.where('cards.category_id', '=', filters.categoryId);
    if (filters.college !== undefined) narrowed = narrowed.where('cards.college', '=', filters.college);
    if (filters.className !== undefined) narrowed = narrowed.where('cards.class_name', '=', filters.className);
    if (filters.difficultyMin !== undefined)
      narrowed = narrowed.where('cards.difficulty_level', '>=', filters.difficultyMin);
    if (filters.difficultyMax !== undefined)
      narrowed = narrowed.where('cards.difficulty_level', '<=', filters.difficultyMax);
    if (filters.hideKnown) narrowed = narrowed.where('cards.known', '=', false);
    return narrowed as Q;
  }

  findCard(userId: number, cardId: number): Promise<CardWithSet | undefined> {
    return this.selectCards(userId).where('cards.id', '=', cardId).executeTakeFirst();
  }

  /** The card a create with this Idempotency-Key made (the note's first card), if it is still there. */
  findCardByKey(userId: number, idempotencyKey: string): Promise<CardWithSet | undefined> {
    return this.selectCards(userId).where('cards.idempotency_key', '=', idempotencyKey).executeTakeFirst();
  }

  async insertCard(card: NewCard): Promise<number> {
    const row = await this.db
      .insertInto('cards')
      .values(withSearchText(card))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Inserts many cards in batches, answering their ids; run it inside transaction() for all-or-nothing. */
  async insertCards(cards: NewCard[]): Promise<AddedCard[]> {
    const added: AddedCard[] = [];
    for (let start = 0; start < cards.length; start += INSERT_BATCH) {
      const rows = await this.db
        .insertInto('cards')
        .values(cards.slice(start, start + INSERT_BATCH).map(withSearchText))
        .returning(['id', 'note_guid', 'ord'])
        .execute();
      for (const row of rows) added.push({ id: row.id, noteGuid: row.note_guid, ord: row.ord });
    }
    return added;
  }

  /** False when the user has no such card. */
  async updateCard(userId: number, cardId: number, changes: CardUpdate): Promise<boolean> {
    if (!('question' in changes || 'answer' in changes || 'tags' in changes)) {
      return this.updateRow(userId, cardId, changes);
    }
    // The search text needs all three fields as they end up: rewrite it from the updated row in
    // the same transaction, which also orders concurrent edits of one card (the row is locked
    // from the first UPDATE on), so the last edit leaves the text of the final row.
    const update = async (repository: CardsRepository) => {
      if (!(await repository.updateRow(userId, cardId, changes))) return false;
      const card = await repository.db
        .selectFrom('cards')
        .select(['question', 'answer', 'tags'])
        .where('user_id', '=', userId)
        .where('id', '=', cardId)
        .executeTakeFirstOrThrow();
      await repository.updateRow(userId, cardId, { search_text: cardSearchText(card) });
      return true;
    };
    return this.db.isTransaction ? update(this) : this.transaction(update);
  }

  private async updateRow(userId: number, cardId: number, changes: CardUpdate): Promise<boolean> {
    const result = await this.db
      .updateTable('cards')
      .set(changes)
      .where('user_id', '=', userId)
      .where('id', '=', cardId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async deleteCard(userId: number, cardId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('cards')
      .where('user_id', '=', userId)
      .where('id', '=', cardId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Deletes these cards of the user (with their history), in batches. */
  async deleteCards(userId: number, cardIds: number[]): Promise<void> {
    for (let start = 0; start < cardIds.length; start += INSERT_BATCH) {
      await this.db
        .deleteFrom('cards')
        .where('user_id', '=', userId)
        .where('id', 'in', cardIds.slice(start, start + INSERT_BATCH))
        .execute();
    }
  }

  /** Marks every known card of the user unknown again; returns how many changed. */
  async resetKnown(userId: number, now: string): Promise<number> {
    const result = await this.db
      .updateTable('cards')
      .set({ known: false, updated_at: now })
      .where('user_id', '=', userId)
      .where('known', '=', true)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async distinctValues(userId: number, column: 'college' | 'class_name'): Promise<string[]> {
    const rows = await this.db
      .selectFrom('cards')
      .select(column)
      .distinct()
      .where('user_id', '=', userId)
      .where(column, 'is not', null)
      .execute();
    return rows.map((row) => row[column]).filter((value): value is string => value !== null);
  }

  /** How many of `cardIds` are the user's. */
  async countOwnedCards(userId: number, cardIds: number[]): Promise<number> {
    const row = await this.db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('id', 'in', cardIds)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async moveCards(userId: number, cardIds: number[], categoryId: number | null, now: string): Promise<number> {
    const result = await this.db
      .updateTable('cards')
      .set({ category_id: categoryId, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', 'in', cardIds)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  // Bulk actions (bulk.ts): each one statement over the chosen cards of the user.

  /** The note and tags of each of these cards of the user. */
  notesOfCards(
    userId: number,
    cardIds: number[],
  ): Promise<Array<{ id: number; note_guid: string; tags: string | null }>> {
    return this.db
      .selectFrom('cards')
      .select(['id', 'note_guid', 'tags'])
      .where('user_id', '=', userId)
      .where('id', 'in', cardIds)
      .execute();
  }

  /** Suspends or unsuspends these cards; answers how many changed. */
  async setSuspended(userId: number, cardIds: number[], suspended: boolean, now: string): Promise<number> {
    const result = await this.db
      .updateTable('cards')
      .set({ suspended, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', 'in', cardIds)
      .where('suspended', '=', !suspended)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Makes these cards new again, as the study module's reset does (history kept): each card's
   * sched_version moves on, so a review racing it finds the card changed and retries.
   */
  async resetScheduling(userId: number, cardIds: number[], state: SchedulingState): Promise<number> {
    const result = await this.db
      .updateTable('cards')
      .set((eb) => ({ ...state, sched_version: eb('sched_version', '+', 1) }))
      .where('user_id', '=', userId)
      .where('id', 'in', cardIds)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The user's set, or undefined (another user's set is as absent as a deleted one). */
  findCategory(userId: number, categoryId: number): Promise<{ id: number; name: string } | undefined> {
    return this.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('id', '=', categoryId)
      .executeTakeFirst();
  }

  /**
   * Question, answer and tags of the user's notes (of one set), oldest first like a file: one row
   * per note, however many cards it makes (its cards share the text). Read `batchSize` cards at
   * a time (keyset on id), so an export holds one batch, not the whole collection.
   */
  async *exportRows(userId: number, categoryId: number | undefined, batchSize: number): AsyncGenerator<CsvRow[]> {
    const seen = new Set<string>();
    for (let after = 0; ;) {
      let query = this.db
        .selectFrom('cards')
        .leftJoin('categories', (join) =>
          join.onRef('categories.id', '=', 'cards.category_id').onRef('categories.user_id', '=', 'cards.user_id'),
        )
        .select([
          'cards.id',
          'cards.note_guid',
          'cards.question',
          'cards.answer',
          'cards.tags',
          'cards.kind',
          'categories.name as set',
        ])
        .where('cards.user_id', '=', userId)
        .where('cards.id', '>', after);
      if (categoryId !== undefined) query = query.where('cards.category_id', '=', categoryId);
      const rows = await query.orderBy('cards.id', 'asc').limit(batchSize).execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      yield rows
        .filter((row) => !seen.has(row.note_guid) && seen.add(row.note_guid))
        .map(({ question, answer, tags, kind, set }) => ({ question, answer, tags, kind, set }));
      if (rows.length < batchSize) return;
    }
  }

  /** The id of the user's set named `name` (any case), created when missing. */
  async setIdByName(userId: number, name: string, now: string): Promise<number> {
    const clean = name.trim().slice(0, 100);
    const key = clean.normalize('NFC').toLowerCase();
    const found = await this.db
      .selectFrom('categories')
      .select('id')
      .where('user_id', '=', userId)
      .where('name_key', '=', key)
      .executeTakeFirst();
    if (found) return found.id;
    const row = await this.db
      .insertInto('categories')
      .values({ user_id: userId, name: clean, name_key: key, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The cards of these notes (looked up in batches), by note. */
  async cardsOfNotes(userId: number, noteGuids: string[]): Promise<Map<string, NoteCard[]>> {
    const found = new Map<string, NoteCard[]>();
    for (let start = 0; start < noteGuids.length; start += INSERT_BATCH) {
      const rows = await this.db
        .selectFrom('cards')
        .select(['id', 'ord', 'note_guid'])
        .where('user_id', '=', userId)
        .where('note_guid', 'in', noteGuids.slice(start, start + INSERT_BATCH))
        .orderBy('ord')
        .execute();
      for (const row of rows) {
        const cards = found.get(row.note_guid) ?? [];
        cards.push({ id: row.id, ord: row.ord });
        found.set(row.note_guid, cards);
      }
    }
    return found;
  }

  /** The cards of one note, by ord. */
  noteCards(userId: number, noteGuid: string): Promise<NoteCard[]> {
    return this.db
      .selectFrom('cards')
      .select(['id', 'ord'])
      .where('user_id', '=', userId)
      .where('note_guid', '=', noteGuid)
      .orderBy('ord')
      .execute();
  }

  /**
   * The cards of one note with when each last changed, by ord; inside a transaction on PostgreSQL
   * they stay locked until it ends (SQLite has one writer at a time anyway).
   */
  lockNoteCards(userId: number, noteGuid: string): Promise<Array<NoteCard & { updated_at: string }>> {
    let query = this.db
      .selectFrom('cards')
      .select(['id', 'ord', 'updated_at'])
      .where('user_id', '=', userId)
      .where('note_guid', '=', noteGuid)
      .orderBy('ord');
    if (this.db.isTransaction && dialectOf(this.db) === 'postgres') query = query.forUpdate();
    return query.execute();
  }

  /** Writes the note's shared fields to each of its cards (with their search text). */
  async updateNote(userId: number, noteGuid: string, changes: CardUpdate): Promise<number> {
    let query = this.db.updateTable('cards').set(changes);
    if ('question' in changes || 'answer' in changes || 'tags' in changes) {
      // Every card of a note has the same text, so the first one's row gives the final fields.
      const first = await this.db
        .selectFrom('cards')
        .select(['question', 'answer', 'tags'])
        .where('user_id', '=', userId)
        .where('note_guid', '=', noteGuid)
        .limit(1)
        .executeTakeFirst();
      if (!first) return 0;
      query = query.set({ search_text: cardSearchText({ ...first, ...pickText(changes) }) });
    }
    const result = await query.where('user_id', '=', userId).where('note_guid', '=', noteGuid).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async deleteNoteCards(userId: number, noteGuid: string, ids?: number[]): Promise<number> {
    let query = this.db.deleteFrom('cards').where('user_id', '=', userId).where('note_guid', '=', noteGuid);
    if (ids) {
      if (ids.length === 0) return 0;
      query = query.where('id', 'in', ids);
    }
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every tag on the user's cards and how many cards carry it (tags are comma-separated text). */
  async tagCounts(userId: number): Promise<Map<string, { tag: string; count: number }>> {
    const rows = await readOffThread(
      this.db,
      this.db
        .selectFrom('cards')
        .select('tags')
        .where('user_id', '=', userId)
        .where('tags', 'is not', null)
        .orderBy('id'),
    );
    const counts = new Map<string, { tag: string; count: number }>();
    for (const { tags } of rows) {
      for (const tag of new Set(
        (tags ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )) {
        const key = tag.toLowerCase();
        const entry = counts.get(key) ?? { tag, count: 0 };
        entry.count += 1;
        counts.set(key, entry);
      }
    }
    return counts;
  }

  /** The learner's notes of these guids (looked up in batches), with their text, set and cards. */
  async existingNotes(userId: number, noteGuids: string[]): Promise<Map<string, ExistingNote>> {
    const found = new Map<string, ExistingNote>();
    for (let start = 0; start < noteGuids.length; start += INSERT_BATCH) {
      const rows = await this.db
        .selectFrom('cards')
        .leftJoin('categories', (join) =>
          join.onRef('categories.id', '=', 'cards.category_id').onRef('categories.user_id', '=', 'cards.user_id'),
        )
        .select([
          'cards.id',
          'cards.ord',
          'cards.note_guid',
          'cards.question',
          'cards.answer',
          'cards.tags',
          'cards.kind',
          'categories.name as set_name',
        ])
        .where('cards.user_id', '=', userId)
        .where('cards.note_guid', 'in', noteGuids.slice(start, start + INSERT_BATCH))
        .orderBy('cards.ord')
        .execute();
      for (const row of rows) {
        const note = found.get(row.note_guid) ?? {
          guid: row.note_guid,
          question: row.question,
          answer: row.answer,
          tags: row.tags,
          kind: row.kind,
          setName: row.set_name,
          cards: [],
        };
        note.cards.push({ id: row.id, ord: row.ord });
        found.set(row.note_guid, note);
      }
    }
    return found;
  }

  /** Every note's guid, type and first field (one row per card), `batchSize` cards at a time (keyset on id). */
  async *noteKeys(
    userId: number,
    batchSize: number,
  ): AsyncGenerator<Array<{ note_guid: string; kind: NoteKind; question: string }>> {
    for (let after = 0; ;) {
      const rows = await this.db
        .selectFrom('cards')
        .select(['id', 'note_guid', 'kind', 'question'])
        .where('user_id', '=', userId)
        .where('id', '>', after)
        .orderBy('id', 'asc')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      yield rows;
      if (rows.length < batchSize) return;
    }
  }
}

/** The text fields among `changes` that were given. */
function pickText(changes: CardUpdate): { question?: string; answer?: string; tags?: string | null } {
  const text: { question?: string; answer?: string; tags?: string | null } = {};
  if (changes.question !== undefined) text.question = changes.question as string;
  if (changes.answer !== undefined) text.answer = changes.answer as string;
  if (changes.tags !== undefined) text.tags = changes.tags as string | null;
  return text;
}

/** `rows` holds up to limit + 1 cards: the extra one only says that another page follows. */
function toPage(rows: CardWithSet[], limit: number, total: number, after?: SearchCursor): CardPage {
  return { cards: rows.slice(0, limit), total, hasMore: rows.length > limit, ...(after ? { after } : {}) };
}

/** A sort's key per card; a new card has no due date and sorts after every due one. */
function sortKey(sort: SearchSort['key']): RawBuilder<string | number> {
  switch (sort) {
    case 'created':
      return sql<number>`cards.id`;
    case 'due':
      return sql<string>`coalesce(cards.due, '~')`;
    case 'interval':
      return sql<number>`cards.scheduled_days`;
    case 'difficulty':
      return sql<number>`cards.difficulty`;
    case 'lapses':
      return sql<number>`cards.lapses`;
  }
}

/** Where the page after this one starts: the last card's (sort key, id), when a card follows it. */
function cursorOf(rows: Array<{ id: number; sort_key: unknown }>, limit: number): SearchCursor | undefined {
  if (rows.length <= limit) return undefined;
  const last = rows[limit - 1]!;
  return [typeof last.sort_key === 'string' ? last.sort_key : Number(last.sort_key), last.id];
}

function isBeyond(row: { id: number; sort_key: unknown }, [value, id]: SearchCursor, descending: boolean): boolean {
  const key = typeof value === 'string' ? String(row.sort_key) : Number(row.sort_key);
  if (key === value) return descending ? row.id < id : row.id > id;
  return descending ? key < value : key > value;
}

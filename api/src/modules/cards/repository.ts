// SQL over cards (and the sets they point at). Every query is scoped to one user: a card or
// set id alone never reaches a row, so another learner's data cannot be read or changed.
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db';
import { containsIgnoringCase } from '../../db/functions';
import type { CardUpdate, Database, NewCard } from '../../db/schema';

/** The columns a card is presented with, plus its set's name. */
const CARD_COLUMNS = [
  'cards.id',
  'cards.question',
  'cards.answer',
  'cards.difficulty_level',
  'cards.tags',
  'cards.college',
  'cards.class_name',
  'cards.category_id',
  'cards.known',
  'cards.repetitions',
  'cards.state',
  'cards.due',
  'cards.created_at',
  'cards.updated_at',
  'categories.name as category_name',
] as const;

export interface CardWithSet {
  id: number;
  question: string;
  answer: string;
  difficulty_level: number;
  tags: string | null;
  college: string | null;
  class_name: string | null;
  category_id: number | null;
  known: boolean | 0 | 1;
  repetitions: number;
  state: number;
  due: string | null;
  created_at: string;
  updated_at: string;
  category_name: string | null;
}

export interface CardListFilters {
  categoryId?: number;
  college?: string;
  className?: string;
  difficultyMin?: number;
  difficultyMax?: number;
  hideKnown?: boolean;
}

export interface Page {
  limit?: number;
  offset?: number;
}

export interface CsvRow {
  question: string;
  answer: string;
  tags: string | null;
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

// SQLite needs a LIMIT before an OFFSET; this one means "no limit" on both databases.
const NO_LIMIT = 2_147_483_647;
// Rows per INSERT: ~8 parameters each stays far below SQLite's and PostgreSQL's limits.
const INSERT_BATCH = 500;

export class CardsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: CardsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new CardsRepository(trx, this.dialect)));
  }

  private selectCards(userId: number) {
    return selectCardsWithSet(this.db, userId);
  }

  list(userId: number, filters: CardListFilters, page: Page = {}): Promise<CardWithSet[]> {
    let query = this.selectCards(userId);
    if (filters.categoryId !== undefined) query = query.where('cards.category_id', '=', filters.categoryId);
    if (filters.college !== undefined) query = query.where('cards.college', '=', filters.college);
    if (filters.className !== undefined) query = query.where('cards.class_name', '=', filters.className);
    if (filters.difficultyMin !== undefined) query = query.where('cards.difficulty_level', '>=', filters.difficultyMin);
    if (filters.difficultyMax !== undefined) query = query.where('cards.difficulty_level', '<=', filters.difficultyMax);
    if (filters.hideKnown) query = query.where('cards.known', '=', false);
    query = query.orderBy('cards.id', 'desc');
    if (page.limit !== undefined || page.offset !== undefined) {
      query = query.limit(page.limit ?? NO_LIMIT).offset(page.offset ?? 0);
    }
    return query.execute();
  }

  /** Cards whose question, answer or tags contain `text` (any case), newest first. */
  search(userId: number, text: string): Promise<CardWithSet[]> {
    return this.selectCards(userId)
      .where((eb) =>
        eb.or(
          ['cards.question', 'cards.answer', 'cards.tags'].map((column) =>
            containsIgnoringCase(this.dialect, column, text),
          ),
        ),
      )
      .orderBy('cards.id', 'desc')
      .execute();
  }

  findCard(userId: number, cardId: number): Promise<CardWithSet | undefined> {
    return this.selectCards(userId).where('cards.id', '=', cardId).executeTakeFirst();
  }

  async insertCard(card: NewCard): Promise<number> {
    const row = await this.db.insertInto('cards').values(card).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Inserts many cards in batches; run it inside transaction() for all-or-nothing. */
  async insertCards(cards: NewCard[]): Promise<void> {
    for (let start = 0; start < cards.length; start += INSERT_BATCH) {
      await this.db
        .insertInto('cards')
        .values(cards.slice(start, start + INSERT_BATCH))
        .execute();
    }
  }

  /** False when the user has no such card. */
  async updateCard(userId: number, cardId: number, changes: CardUpdate): Promise<boolean> {
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

  /** The user's set, or undefined (another user's set is as absent as a deleted one). */
  findCategory(userId: number, categoryId: number): Promise<{ id: number; name: string } | undefined> {
    return this.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('id', '=', categoryId)
      .executeTakeFirst();
  }

  /** Question, answer and tags of the user's cards (of one set), oldest first like a file. */
  exportRows(userId: number, categoryId?: number): Promise<CsvRow[]> {
    let query = this.db
      .selectFrom('cards')
      .select(['question', 'answer', 'tags'])
      .where('user_id', '=', userId);
    if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
    return query.orderBy('id', 'asc').execute();
  }
}

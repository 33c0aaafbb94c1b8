// SQL over sets (categories). Every query is scoped to one user.
import type { Kysely } from 'kysely';
import type { CategoryRow, Database, NewCategory } from '../../db/schema';
import { runTransaction } from '../../db/transaction';

export interface CategoryWithCount {
  id: number;
  name: string;
  language: string | null;
  created_at: string;
  card_count: number;
}

export class CategoriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: CategoriesRepository) => Promise<T>): Promise<T> {
    return runTransaction(this.db, (trx) => work(new CategoriesRepository(trx)));
  }

  /** The user's sets with how many of the user's cards each holds (unsorted: see service). */
  async listWithCounts(userId: number): Promise<CategoryWithCount[]> {
    const rows = await this.db
      .selectFrom('categories')
      .select((eb) => [
        'categories.id',
        'categories.name',
        'categories.language',
        'categories.created_at',
        // Per set, through the (user_id, category_id) index.
        eb
          .selectFrom('cards')
          .select(eb.fn.countAll<number>().as('count'))
          .whereRef('cards.user_id', '=', 'categories.user_id')
          .whereRef('cards.category_id', '=', 'categories.id')
          .as('card_count'),
      ])
      .where('categories.user_id', '=', userId)
      .execute();
    return rows.map((row) => ({ ...row, card_count: Number(row.card_count ?? 0) }));
  }

  async countCards(userId: number, categoryId: number): Promise<number> {
    const row = await this.db
      .selectFrom('cards')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('category_id', '=', categoryId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  find(userId: number, categoryId: number): Promise<CategoryRow | undefined> {
    return this.db
      .selectFrom('categories')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', categoryId)
      .executeTakeFirst();
  }

  insert(category: NewCategory): Promise<CategoryRow> {
    return this.db.insertInto('categories').values(category).returningAll().executeTakeFirstOrThrow();
  }

  update(
    userId: number,
    categoryId: number,
    changes: { name?: string; name_key?: string; language?: string | null },
    now: string,
  ): Promise<CategoryRow | undefined> {
    return this.db
      .updateTable('categories')
      .set({ ...changes, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', categoryId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Takes the set's cards out of it (they stay); returns how many there were. */
  async unfileCards(userId: number, categoryId: number, now: string): Promise<number> {
    const result = await this.db
      .updateTable('cards')
      .set({ category_id: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('category_id', '=', categoryId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async delete(userId: number, categoryId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('categories')
      .where('user_id', '=', userId)
      .where('id', '=', categoryId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

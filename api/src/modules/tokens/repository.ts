// The token ledger: every credit and debit is a row, the balance is their sum. Scoped to one user.
// Why tokens move (token_ledger.reason): lib/tokens.ts.
import type { Kysely } from 'kysely';
import type { Database, NewTokenLedgerEntry, TokenLedgerRow } from '../../db/schema';

export class TokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(entry: NewTokenLedgerEntry): Promise<void> {
    await this.db.insertInto('token_ledger').values(entry).execute();
  }

  async balance(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('token_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('balance'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.balance);
  }

  /** Newest first (ids grow with time). */
  history(userId: number, limit: number, offset: number): Promise<TokenLedgerRow[]> {
    return this.db
      .selectFrom('token_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}

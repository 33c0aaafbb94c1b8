// SQL for "Forgot password?" links (password_reset_tokens), beside the accounts' own SQL, so a
// reset changes the password, the sessions and the link in one transaction.
import type { Kysely } from 'kysely';
import type { Database, NewPasswordResetToken, PasswordResetTokenRow } from '../../db/schema';
import { runTransaction } from '../../db/transaction';
import { AuthRepository } from './repository';

export class RecoveryRepository {
  /** Users and refresh tokens, on the same handle (the same transaction inside `transaction`). */
  readonly accounts: AuthRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.accounts = new AuthRepository(db);
  }

  transaction<T>(work: (repository: RecoveryRepository) => Promise<T>): Promise<T> {
    return runTransaction(this.db, (trx) => work(new RecoveryRepository(trx)));
  }

  /** The account's new link; every earlier one of the account is deleted, so only the newest works. */
  async replaceResetTokens(token: NewPasswordResetToken): Promise<void> {
    await this.db.deleteFrom('password_reset_tokens').where('user_id', '=', token.user_id).execute();
    await this.db.insertInto('password_reset_tokens').values(token).execute();
  }

  /** The account's language setting (the e-mail's); null before any setting was saved. */
  async language(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('language')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.language ?? null;
  }

  findResetToken(tokenHash: string): Promise<PasswordResetTokenRow | undefined> {
    return this.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Spends a link; false when it was spent already (a concurrent reset won: `used_at is null` decides). */
  async markResetTokenUsed(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

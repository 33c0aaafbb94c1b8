// SQL for users and refresh tokens. Callers pass already-normalised e-mails and ISO timestamps.
import type { Kysely } from 'kysely';
import type { Database, NewRefreshToken, NewUser, RefreshTokenRow, Role, UserRow } from '../../db/schema';
import { runTransaction } from '../../db/transaction';

export class AuthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: AuthRepository) => Promise<T>): Promise<T> {
    return runTransaction(this.db, (trx) => work(new AuthRepository(trx)));
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async setDisplayName(userId: number, displayName: string): Promise<void> {
    await this.db.updateTable('users').set({ display_name: displayName }).where('id', '=', userId).execute();
  }

  findUserById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertUser(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async updatePasswordHash(userId: number, passwordHash: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  updateRoleByEmail(email: string, role: Role, now: string): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set((eb) => ({ role, updated_at: now, token_version: eb('token_version', '+', 1) }))
      .where('email', '=', email)
      .returningAll()
      .executeTakeFirst();
  }

  async insertRefreshToken(token: NewRefreshToken): Promise<number> {
    const row = await this.db.insertInto('refresh_tokens').values(token).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  findRefreshTokenById(id: number): Promise<RefreshTokenRow | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Marks a live token as used and points it at its successor. Only one caller can win: the
   * `revoked_at is null` condition makes a concurrent second use update nothing (false).
   */
  async markRotated(tokenId: number, replacedBy: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now, replaced_by: replacedBy })
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeFamily(familyId: string, now: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes one refresh token; the user it belonged to, or undefined (unknown or revoked already). */
  async revokeToken(tokenHash: string, now: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Ends every access token issued to the user so far (they carry the old version). */
  async bumpTokenVersion(userId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', userId)
      .execute();
  }

  async revokeAllForUser(userId: number, now: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

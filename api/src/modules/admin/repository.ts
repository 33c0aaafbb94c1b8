// Admin SQL: platform totals, user lists and search, role and disabled-flag updates, the audit trail.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdminEventsTable, Database, Role, UserRow } from '../../db/schema';
import type { AccountStatus } from '../../plugins/auth';

export type AdminEventRow = Selectable<AdminEventsTable>;
export type NewAdminEvent = Omit<AdminEventRow, 'id'>;

export interface Totals {
  users: number;
  activeToday: number;
  cards: number;
  reviews: number;
  sessions: number;
}

/** `%` and `_` typed by the admin match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class AdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the account may act (it exists, no admin disabled it) and its current token version. */
  async accountStatus(userId: number): Promise<AccountStatus> {
    const row = await this.db
      .selectFrom('users')
      .select(['disabled_at', 'token_version', 'time_zone'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return { status: 'missing' };
    return {
      status: row.disabled_at != null ? 'disabled' : 'active',
      tokenVersion: row.token_version,
      timeZone: row.time_zone,
    };
  }

  /** Sets the account's zone only where it has none (two first requests race harmlessly); the zone kept. */
  async adoptTimeZone(userId: number, zone: string): Promise<string | null> {
    await this.db
      .updateTable('users')
      .set({ time_zone: zone })
      .where('id', '=', userId)
      .where('time_zone', 'is', null)
      .execute();
    const row = await this.db.selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirst();
    return row?.time_zone ?? null;
  }

  /** `since`: the start of today (UTC), ISO text. */
  async totals(since: string): Promise<Totals> {
    const row = await sql<Record<keyof Totals, number | string>>`
      select
        (select count(*) from users) as "users",
        (select count(*) from (
          select user_id from review_logs where reviewed_at >= ${since}
          union
          select user_id from study_sessions where started_at >= ${since}
        ) active) as "activeToday",
        (select count(*) from cards) as "cards",
        (select count(*) from review_logs) as "reviews",
        (select count(*) from study_sessions) as "sessions"
    `.execute(this.db);
    const values = row.rows[0]!;
    return {
      users: Number(values.users),
      activeToday: Number(values.activeToday),
      cards: Number(values.cards),
      reviews: Number(values.reviews),
      sessions: Number(values.sessions),
    };
  }

  /** Users whose e-mail or display name contains `query` (any case), newest first, and how many match. */
  async searchUsers(query: string, limit: number, offset: number): Promise<{ users: UserRow[]; total: number }> {
    const needle = query.trim().toLowerCase();
    let base = this.db.selectFrom('users');
    if (needle) {
      const pattern = likePattern(needle);
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`email like ${pattern} escape '\\'`,
          sql<boolean>`lower(coalesce(display_name, '')) like ${pattern} escape '\\'`,
        ]),
      );
    }
    const [users, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { users, total: Number(count.total) };
  }

  findUser(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  updateRole(id: number, role: Role, now: string): Promise<UserRow | undefined> {
    // A new role ends the access tokens carrying the old one (token_version).
    return this.db
      .updateTable('users')
      .set((eb) => ({ role, updated_at: now, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Disabling also ends every sign-in of the account (its refresh tokens are revoked). */
  async setDisabled(id: number, disabledAt: string | null, now: string): Promise<UserRow | undefined> {
    const user = await this.db
      .updateTable('users')
      .set((eb) => ({ disabled_at: disabledAt, updated_at: now, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (user && disabledAt) {
      await this.db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    }
    return user;
  }

  async addEvent(event: NewAdminEvent): Promise<void> {
    await this.db.insertInto('admin_events').values(event).execute();
  }

  async events(limit: number, offset: number): Promise<{ events: AdminEventRow[]; total: number }> {
    const [events, count] = await Promise.all([
      this.db
        .selectFrom('admin_events')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('admin_events')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { events, total: Number(count.total) };
  }
}

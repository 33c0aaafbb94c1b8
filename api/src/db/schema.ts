// The one description of the database Kysely type-checks every query against.
// Row types per table come from Selectable/Insertable/Updateable, never written twice.
// Timestamps are ISO 8601 UTC strings on both SQLite and PostgreSQL (text columns), so values
// compare, sort and serialise the same way everywhere.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

export const SESSION_TYPES = ['practice', 'review', 'other'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** Set once when the row is written, never updated. */
type CreatedAt = ColumnType<string, string, never>;

export interface UsersTable {
  id: Generated<number>;
  /** Stored trimmed and lower-cased, so the unique index is case-insensitive in effect. */
  email: string;
  password_hash: string;
  display_name: string | null;
  role: Generated<Role>;
  created_at: CreatedAt;
  updated_at: string;
}

/** Only the SHA-256 of a refresh token is kept: a leaked table does not sign anyone in. */
export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** Every token rotated from one sign-in shares a family; reuse of an old one revokes it all. */
  family_id: string;
  expires_at: string;
  created_at: CreatedAt;
  revoked_at: string | null;
  /** Id of the token this one was rotated into; set means "used", so a second use is theft. */
  replaced_by: number | null;
}

export interface StudySessionsTable {
  id: Generated<number>;
  user_id: number;
  session_type: SessionType;
  cards_studied: Generated<number>;
  correct_count: Generated<number>;
  /** Percent correct, 0-100. */
  accuracy: Generated<number>;
  started_at: string;
  ended_at: string | null;
  created_at: CreatedAt;
}

export interface UserSettingsTable {
  user_id: number;
  daily_goal: Generated<number>;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  study_sessions: StudySessionsTable;
  user_settings: UserSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type NewRefreshToken = Insertable<RefreshTokensTable>;

export type StudySessionRow = Selectable<StudySessionsTable>;
export type NewStudySession = Insertable<StudySessionsTable>;

export type UserSettingsRow = Selectable<UserSettingsTable>;

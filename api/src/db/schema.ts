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
  /** When an admin disabled the account; null while it may sign in. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** In every access token; a bump (sign-out, password or role change, disabling) ends them all. */
  token_version: Generated<number>;
  /** The learner's IANA zone (days, streaks, the bonus); null until a request names one. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last change of time_zone through settings (one a day at most). */
  time_zone_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Idempotency-Keys of undone reviews: a key stays used, so a late retry is not a second review. */
export interface UndoneReviewKeysTable {
  user_id: number;
  idempotency_key: string;
  created_at: string;
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

/** "Forgot password?" links: only the sha256 of the e-mailed token is kept; each works once, 30 minutes. */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  /** When a reset spent it; null while it may still be used. */
  used_at: string | null;
  created_at: CreatedAt;
}

export interface StudySessionsTable {
  id: Generated<number>;
  user_id: number;
  session_type: SessionType;
  /** Distinct cards counted (study_session_cards), however often each was rated. */
  cards_studied: Generated<number>;
  /** Of those, the cards whose first answer in the session was right. */
  correct_count: Generated<number>;
  /** Percent correct, 0-100. */
  accuracy: Generated<number>;
  started_at: string;
  ended_at: string | null;
  /** Closed by the server after being left open (never ended): not listed as completed, no XP. */
  abandoned: Generated<boolean | 0 | 1>;
  /** When a card was last counted in it; null until the first (its start is then its last activity). */
  last_activity_at: string | null;
  created_at: CreatedAt;
}

/** A card a study session counted (migration 0038): once per session, however often rated. */
export interface StudySessionCardsTable {
  session_id: number;
  card_id: number;
  user_id: number;
  /** Its answers in the session; undo takes one back, and the row goes at 0. */
  answers: number;
  /** Its first answer in the session was right. */
  correct: BooleanColumn;
}

export interface UserSettingsTable {
  user_id: number;
  daily_goal: Generated<number>;
  /** FSRS target probability of recall, 0.70-0.99. */
  desired_retention: Generated<number>;
  /** Longest interval the scheduler may give, in days. */
  maximum_interval: Generated<number>;
  /** New cards introduced per calendar day (learner's time zone). */
  new_cards_per_day: Generated<number>;
  /** Anki's notation, "1m 10m" (migration 0036). */
  learning_steps: Generated<string>;
  /** "10m"; "" for none. */
  relearning_steps: Generated<string>;
  /** The default preset's review limit a day (migration 0037). */
  maximum_reviews_per_day: Generated<number>;
  email_notifications: Generated<boolean | 0 | 1>;
  push_notifications: Generated<boolean | 0 | 1>;
  /** Off: no daily-bonus reminders. */
  study_reminders: Generated<boolean | 0 | 1>;
  /** Off: no friend request / acceptance notifications. */
  friend_notifications: Generated<boolean | 0 | 1>;
  /** Off: no achievement notifications (the unlock itself still happens). */
  achievement_notifications: Generated<boolean | 0 | 1>;
  dark_mode: Generated<boolean | 0 | 1>;
  autoplay: Generated<boolean | 0 | 1>;
  /** en | es | fr | de | it */
  language: Generated<string>;
  updated_at: string;
}

/** A set of cards ("category" in the URLs and columns, "set" on screen). */
export interface CategoriesTable {
  id: Generated<number>;
  user_id: number;
  /** As the learner typed it, trimmed. */
  name: string;
  /** `name` lower-cased: the unique index (user_id, name_key) makes names unique ignoring case. */
  name_key: string;
  /** BCP 47 tag ('fr-FR') its cards are read aloud in; null: the page's language. */
  language: string | null;
  /** The set's option preset (study_presets, migration 0037); null: the default preset. */
  preset_id: Generated<number | null>;
  created_at: CreatedAt;
  updated_at: string;
}

/** A learner's option preset shared by sets (migration 0037). */
export interface StudyPresetsTable {
  id: Generated<number>;
  user_id: number;
  /** As the learner typed it, trimmed. */
  name: string;
  /** `name` lower-cased: unique per learner. */
  name_key: string;
  new_cards_per_day: number;
  maximum_reviews_per_day: number;
  learning_steps: string;
  relearning_steps: string;
  desired_retention: number;
  maximum_interval: number;
  /** JSON of its own 21 FSRS-6 weights; null: the learner's. */
  fsrs_parameters: string | null;
  created_at: string;
  updated_at: string;
}

/** Scheduler states, numbered as ts-fsrs's State enum. */
export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type CardStateName = (typeof CARD_STATES)[number];

/**
 * A boolean column reads back as true/false on PostgreSQL and 1/0 on SQLite (which has no
 * boolean type); writes take true/false on both (db/sqlite-connection.ts binds them as 1/0 for SQLite).
 */
type BooleanColumn = ColumnType<boolean | 0 | 1, boolean | undefined, boolean>;

/**
 * basic: one card; reversed: two (front->back, back->front); cloze: one per cloze number;
 * occlusion: one per mask number; typed: one, answer typed.
 */
export const NOTE_KINDS = ['basic', 'reversed', 'cloze', 'occlusion', 'typed'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export interface CardsTable {
  id: Generated<number>;
  user_id: number;
  question: string;
  answer: string;
  /** 1 Easy .. 5 Expert. */
  difficulty_level: Generated<number>;
  /** Free text, comma separated. */
  tags: string | null;
  college: string | null;
  class_name: string | null;
  category_id: number | null;
  known: BooleanColumn;
  created_at: CreatedAt;
  updated_at: string;
  // Spaced-repetition state: the fields of a ts-fsrs Card.
  /** Index into CARD_STATES. */
  state: Generated<number>;
  due: string | null;
  stability: Generated<number>;
  difficulty: Generated<number>;
  elapsed_days: Generated<number>;
  scheduled_days: Generated<number>;
  learning_steps: Generated<number>;
  repetitions: Generated<number>;
  lapses: Generated<number>;
  last_review: string | null;
  /** Bumped by every scheduling write (review, undo, reset): optimistic concurrency. */
  sched_version: Generated<number>;
  /**
   * cardSearchText() of question, answer and tags: what search matches. The cards repository
   * writes it with them (a row inserted elsewhere is not found by search until then).
   */
  search_text: Generated<string>;
  /**
   * The note this card belongs to: the cards of a note share (user_id, note_guid) and its text,
   * written together by the cards service; `ord` tells them apart. Every insert names it (a
   * new random guid, or the imported note's), so it is not Generated.
   */
  note_guid: string;
  kind: Generated<NoteKind>;
  /** reversed: 0 forward, 1 backward; cloze and occlusion: the cloze number (1, 2...); basic: 0. */
  ord: Generated<number>;
  /** Left out of every queue until unsuspended (a leech is suspended automatically). */
  suspended: BooleanColumn;
  /** Left out of the queues until this instant (buried until the learner's next day). */
  buried_until: string | null;
  /** The Idempotency-Key of the create that made this note (on its first card only), else null. */
  idempotency_key: string | null;
}

/** One rating of one card, with the card's scheduling state before it (what undo restores). */
export interface ReviewLogsTable {
  id: Generated<number>;
  user_id: number;
  card_id: number;
  session_id: number | null;
  /** ts-fsrs Rating: 1 Again, 2 Hard, 3 Good, 4 Easy. */
  rating: number;
  reviewed_at: string;
  time_spent_ms: number;
  state: number;
  due: string | null;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  repetitions: number;
  lapses: number;
  last_review: string | null;
  sched_version: number;
  state_after: number;
  due_after: string;
  stability_after: number;
  scheduled_days_after: number;
  sched_version_after: number;
  idempotency_key: string | null;
}

/** The experience-point ledger: XP = the sum of a user's rows. */
export interface ExperienceEventsTable {
  id: Generated<number>;
  user_id: number;
  source: string;
  amount: number;
  review_log_id: number | null;
  session_id: number | null;
  created_at: CreatedAt;
}

/** An achievement of the catalogue (modules/gamification/achievements.ts) a user unlocked. */
export interface UserAchievementsTable {
  id: Generated<number>;
  user_id: number;
  achievement_key: string;
  unlocked_at: CreatedAt;
}

/** One claimed daily bonus; unique per (user_id, claim_day). */
export interface DailyBonusClaimsTable {
  id: Generated<number>;
  user_id: number;
  /** Local calendar day of the claim (days since 1970-01-01 in the learner's time zone). */
  claim_day: number;
  claimed_at: CreatedAt;
  /** Consecutive claim days ending with this one. */
  streak: number;
  tokens: number;
  xp: number;
}

/** The token ledger: balance = the sum of a user's rows (credits positive, debits negative). */
export interface TokenLedgerTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  reason: string;
  reference: string | null;
  created_at: CreatedAt;
}

/** Streak freezes (migration 0039): held while used_on is null, then the local date they kept. */
export interface StreakFreezesTable {
  id: Generated<number>;
  user_id: number;
  bought_at: string;
  used_on: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  message: string;
  /**
   * JSON object of the values the screens word the text with (NotificationParams of the
   * contract, by type); null on rows older than migration 0029, shown as title and message.
   */
  params: string | null;
  /** Unique per user when set: a notification that must exist at most once. */
  dedupe_key: string | null;
  read_at: string | null;
  created_at: CreatedAt;
}

/** An immutable release of a remote area; unique per (name, version). */
export interface RemoteReleasesTable {
  id: Generated<number>;
  name: string;
  version: string;
  package_version: string;
  kernel_range: string;
  /** JSON { routes, navigation, exposes } (modules/platform/presenter.ts reads it). */
  metadata: string;
  first_load_gzip: number;
  total_bytes: number;
  file_count: number;
  published_by: string;
  published_at: CreatedAt;
}

export interface ReleaseFilesTable {
  id: Generated<number>;
  release_id: number;
  path: string;
  content_type: string;
  content: Buffer;
}

/** Which release of a remote browsers load: the active one, or the canary for `canary_percent` of users. */
export interface RemoteStateTable {
  name: string;
  active_version: string;
  canary_version: string | null;
  canary_percent: ColumnType<number, number | undefined, number>;
  /** JSON arrays: these roles and accounts always get the canary (migration 0028). */
  canary_roles: ColumnType<string, string | undefined, string>;
  canary_user_ids: ColumnType<string, string | undefined, string>;
  updated_at: string;
}

/** The audit trail of the registry: who changed what, from which version to which. */
export interface RegistryEventsTable {
  id: Generated<number>;
  remote: string;
  action: 'publish' | 'promote' | 'rollback' | 'canary' | 'halt';
  from_version: string | null;
  to_version: string | null;
  percent: number | null;
  actor: string;
  /** A canary's cohort, a halt's figures (migration 0028). */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
  /** A halt's figures as JSON, for the console to word (migration 0031); null otherwise. */
  params: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface DeployTokensTable {
  id: Generated<number>;
  label: string;
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: string | null;
  /** JSON array of the remote names the token may change (migration 0027). */
  remotes: ColumnType<string, string | undefined, string>;
  expires_at: string | null;
  revoked_at: string | null;
}

/** Which signed-in user the manifest gave which version, and when last (migration 0028). */
export interface RemoteServedTable {
  remote: string;
  version: string;
  user_id: number;
  /** The last hour it was served: 'YYYY-MM-DDTHH', UTC. */
  hour: string;
}

/** What browsers saw of a served version: once per user, kind and hour (migration 0028). */
export interface RemoteHealthReportsTable {
  id: Generated<number>;
  remote: string;
  version: string;
  user_id: number;
  kind: 'load-failure' | 'render-error' | 'vitals';
  hour: string;
  message: string | null;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  created_at: CreatedAt;
}

/** A waiting version pinned for whoever opens the link; only the token's sha256 is kept. */
export interface PreviewLinksTable {
  id: Generated<number>;
  token_hash: string;
  remote: string;
  version: string;
  created_by: string;
  created_at: CreatedAt;
  expires_at: string;
}

/** A team's own server the gateway proxies /api/services/<name>/* to (migration 0033). */
export interface GatewayServicesTable {
  name: string;
  url: string;
  /** JSON array of remotes whose deploy tokens may read the service's health. */
  remotes: string;
  created_by: string;
  created_at: CreatedAt;
}

/** The audit of service registrations: who registered or removed which service, and its url then. */
export interface GatewayServiceEventsTable {
  id: Generated<number>;
  service: string;
  action: 'register' | 'remove';
  url: string;
  remotes: string;
  actor: string;
  created_at: CreatedAt;
}

/** The gateway's signing keys (ES256, JWK JSON); `generation` is unique, so instances agree on one. */
export interface GatewaySigningKeysTable {
  id: Generated<number>;
  generation: number;
  kid: string;
  algorithm: string;
  public_jwk: string;
  private_jwk: string;
  created_at: CreatedAt;
  signs_from: string;
}

/** One admin act on an account: a role change, a disable or an enable. */
/** A learner's uploaded or imported file (images), served only to its owner. */
export interface MediaTable {
  id: Generated<number>;
  user_id: number;
  /** What cards refer to (`![alt](name.png)`); unique per learner. */
  name: string;
  mime: string;
  size: number;
  sha256: string;
  data: Buffer;
  created_at: CreatedAt;
}

export interface AdminEventsTable {
  id: Generated<number>;
  action: 'role_change' | 'disable' | 'enable';
  actor_id: number | null;
  actor_email: string;
  target_id: number | null;
  target_email: string;
  detail: string | null;
  created_at: CreatedAt;
}

export interface FriendRequestsTable {
  id: Generated<number>;
  sender_id: number;
  /** The learner it reached; null for a request by e-mail that reached no one (migration 0030). */
  receiver_id: number | null;
  created_at: CreatedAt;
  /** The address a request by e-mail was sent to (what its sender sees); null for one by id. */
  receiver_email: ColumnType<string | null, string | null | undefined, never>;
  /** When its receiver declined it: hidden from them, still pending for its sender. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FriendshipsTable {
  id: Generated<number>;
  user_id: number;
  friend_id: number;
  created_at: CreatedAt;
}

export interface FollowsTable {
  id: Generated<number>;
  follower_id: number;
  followee_id: number;
  created_at: CreatedAt;
}

export interface SocialProfilesTable {
  user_id: number;
  /** everyone | friends | nobody */
  visibility: string;
  updated_at: string;
}

/** A learner's fitted FSRS-6 parameters (modules/optimizer writes; the study scheduler reads those in use). */
export interface FsrsParametersTable {
  user_id: number;
  /** JSON array of the 21 weights; null until a fit finished. */
  parameters: string | null;
  /** Reviews in the history the last fit used. */
  review_count: Generated<number>;
  default_log_loss: number | null;
  default_rmse: number | null;
  fitted_log_loss: number | null;
  fitted_rmse: number | null;
  /** True only when the fitted parameters predicted the history better than the defaults. */
  in_use: Generated<boolean | 0 | 1>;
  fitted_at: string | null;
  /** A fit under way since then (any instance); null when none. */
  running_since: string | null;
}

/** A card's review totals: the sums over its review_logs, kept with them (migration 0017). */
export interface CardReviewTotalsTable {
  card_id: number;
  user_id: number;
  reviews: number;
  /** Reviews rated above Again. */
  remembered: number;
  time_spent_ms: number;
  /** The card's own, copied and kept by triggers (migration 0023); never written by the app. */
  difficulty_level: ColumnType<number, never, never>;
  category_id: ColumnType<number | null, never, never>;
  lapses: ColumnType<number, never, never>;
}

/** A learner's running totals over review_logs and cards, kept by triggers (migration 0022). */
export interface UserTotalsTable {
  user_id: number;
  reviews: number;
  /** Reviews rated above Again. */
  remembered: number;
  time_spent_ms: number;
  cards: number;
  new_cards: number;
  learning_cards: number;
  review_cards: number;
  relearning_cards: number;
  known_cards: number;
  /** Over every study session (migration 0026): cards studied; the sum and count of the accuracies of sessions that studied a card. */
  cards_studied: number;
  accuracy_sum: number;
  accuracy_sessions: number;
}

/** Reviews per learner, card difficulty and set (category_key 0: unfiled), kept by triggers (migration 0025). */
export interface RetentionGroupsTable {
  user_id: number;
  difficulty_level: number;
  category_key: number;
  reviews: number;
  remembered: number;
}

/** Each UTC day with reviews and its first and last reviewed quarter hour, kept by triggers (migration 0024). */
export interface ReviewDaysTable {
  user_id: number;
  /** The UTC date, '2024-06-11'. */
  day: string;
  first_quarter: string;
  last_quarter: string;
}

/** Reviews per learner and UTC quarter hour, kept by triggers on review_logs (migration 0018). */
export interface ReviewQuartersTable {
  user_id: number;
  /** The quarter hour's start, as ISO text like review_logs.reviewed_at. */
  quarter: string;
  reviews: number;
  /** Reviews rated above Again. */
  remembered: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  study_sessions: StudySessionsTable;
  study_session_cards: StudySessionCardsTable;
  user_settings: UserSettingsTable;
  categories: CategoriesTable;
  study_presets: StudyPresetsTable;
  cards: CardsTable;
  review_logs: ReviewLogsTable;
  card_review_totals: CardReviewTotalsTable;
  review_quarters: ReviewQuartersTable;
  user_totals: UserTotalsTable;
  review_days: ReviewDaysTable;
  retention_groups: RetentionGroupsTable;
  experience_events: ExperienceEventsTable;
  user_achievements: UserAchievementsTable;
  daily_bonus_claims: DailyBonusClaimsTable;
  token_ledger: TokenLedgerTable;
  streak_freezes: StreakFreezesTable;
  notifications: NotificationsTable;
  remote_releases: RemoteReleasesTable;
  release_files: ReleaseFilesTable;
  remote_state: RemoteStateTable;
  registry_events: RegistryEventsTable;
  deploy_tokens: DeployTokensTable;
  remote_served: RemoteServedTable;
  remote_health_reports: RemoteHealthReportsTable;
  preview_links: PreviewLinksTable;
  gateway_services: GatewayServicesTable;
  gateway_service_events: GatewayServiceEventsTable;
  gateway_signing_keys: GatewaySigningKeysTable;
  friend_requests: FriendRequestsTable;
  friendships: FriendshipsTable;
  follows: FollowsTable;
  social_profiles: SocialProfilesTable;
  admin_events: AdminEventsTable;
  media: MediaTable;
  undone_review_keys: UndoneReviewKeysTable;
  fsrs_parameters: FsrsParametersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type NewRefreshToken = Insertable<RefreshTokensTable>;

export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;
export type NewPasswordResetToken = Insertable<PasswordResetTokensTable>;

export type StudySessionRow = Selectable<StudySessionsTable>;
export type NewStudySession = Insertable<StudySessionsTable>;

export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;

export type NewCard = Insertable<CardsTable>;
export type CardUpdate = Updateable<CardsTable>;

export type ReviewLogRow = Selectable<ReviewLogsTable>;
export type NewReviewLog = Insertable<ReviewLogsTable>;

export type NewExperienceEvent = Insertable<ExperienceEventsTable>;

export type UserAchievementRow = Selectable<UserAchievementsTable>;

export type DailyBonusClaimRow = Selectable<DailyBonusClaimsTable>;
export type NewDailyBonusClaim = Insertable<DailyBonusClaimsTable>;

export type TokenLedgerRow = Selectable<TokenLedgerTable>;
export type NewTokenLedgerEntry = Insertable<TokenLedgerTable>;
export type StreakFreezeRow = Selectable<StreakFreezesTable>;

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;

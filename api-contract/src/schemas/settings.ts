// /api/user/*: the account's settings (GET|PUT /user/settings, the spec's calls) and its display
// name. `studyGoal` is the study daily goal (the same value as /spaced-repetition/settings
// `dailyGoal`); the scheduler fields are those of /spaced-repetition/settings too, and with
// `maximumReviewsPerDay` they are the default option preset's (/spaced-repetition/presets). Body
// values are checked by the API's settings service, so a wrong one gets a message naming the field.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { User } from './auth';
import { Checked, errorResponses, within } from './common';
import { DEFAULT_MAXIMUM_REVIEWS_PER_DAY, DEFAULT_STUDY_SETTINGS, STUDY_SETTINGS_BOUNDS } from './study';

export const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'it'] as const;
export const Language = Type.Union(LANGUAGE_CODES.map((code) => Type.Literal(code)));

export const UserSettings = Type.Object({
  emailNotifications: Type.Boolean(),
  pushNotifications: Type.Boolean(),
  /** Off: no 'daily_bonus' reminder notifications. */
  studyReminders: Type.Boolean(),
  /** Off: no notifications of friend requests and acceptances. */
  friendNotifications: Type.Boolean(),
  /** Off: no notification when an achievement unlocks (the unlock and its rewards still happen). */
  achievementNotifications: Type.Boolean(),
  darkMode: Type.Boolean(),
  autoplay: Type.Boolean(),
  /** Cards a day: the daily goal of the hub, the dashboard and the XP rule. */
  studyGoal: Type.Integer(within(STUDY_SETTINGS_BOUNDS.dailyGoal)),
  language: Language,
  desiredRetention: Type.Number(within(STUDY_SETTINGS_BOUNDS.desiredRetention)),
  newCardsPerDay: Type.Integer(within(STUDY_SETTINGS_BOUNDS.newCardsPerDay)),
  /** Review cards a day: the default preset's limit. */
  maximumReviewsPerDay: Type.Integer(within(STUDY_SETTINGS_BOUNDS.maximumReviewsPerDay)),
  /** Days. */
  maximumInterval: Type.Integer(within(STUDY_SETTINGS_BOUNDS.maximumInterval)),
  /** As StudySettings has them: "1m 10m". */
  learningSteps: Type.String(),
  /** "10m"; "" for none. */
  relearningSteps: Type.String(),
  /**
   * The account's IANA time zone: where its days begin (streaks, the daily bonus, "today").
   * Taken from the first signed-in device; changed here, at most once a day.
   */
  timeZone: Type.String(),
});

/**
 * An account's settings until it saves some: the product's defaults; the notification
 * kinds it does not name start on. The API answers them, the shell paints with them meanwhile.
 */
export const DEFAULT_USER_SETTINGS: Readonly<UserSettings> = {
  emailNotifications: true,
  pushNotifications: false,
  studyReminders: true,
  friendNotifications: true,
  achievementNotifications: true,
  darkMode: false,
  autoplay: true,
  studyGoal: DEFAULT_STUDY_SETTINGS.dailyGoal,
  language: 'en',
  desiredRetention: DEFAULT_STUDY_SETTINGS.desiredRetention,
  newCardsPerDay: DEFAULT_STUDY_SETTINGS.newCardsPerDay,
  maximumReviewsPerDay: DEFAULT_MAXIMUM_REVIEWS_PER_DAY,
  maximumInterval: DEFAULT_STUDY_SETTINGS.maximumInterval,
  learningSteps: DEFAULT_STUDY_SETTINGS.learningSteps,
  relearningSteps: DEFAULT_STUDY_SETTINGS.relearningSteps,
  timeZone: 'UTC',
};

/** Any JSON value: the settings service checks each field, so every wrong one gets its message. */
const Value = Type.Optional(Checked('string', 'number', 'boolean', 'null', 'array', 'object'));
const Flag = Value;
const NumberValue = Value;

/** Changes the fields given; the others keep their value. */
export const UserSettingsBody = Type.Object({
  emailNotifications: Flag,
  pushNotifications: Flag,
  studyReminders: Flag,
  friendNotifications: Flag,
  achievementNotifications: Flag,
  darkMode: Flag,
  autoplay: Flag,
  studyGoal: NumberValue,
  language: Value,
  desiredRetention: NumberValue,
  newCardsPerDay: NumberValue,
  maximumReviewsPerDay: NumberValue,
  maximumInterval: NumberValue,
  learningSteps: Value,
  relearningSteps: Value,
  timeZone: Value,
});

export const ProfileBody = Type.Object({
  /** 1-100 characters once trimmed. */
  displayName: Checked('string', 'number', 'boolean', 'null'),
});

export const settingsEndpoints = {
  getSettings: endpoint('GET', '/user/settings', {
    response: { 200: UserSettings, ...errorResponses(401) },
  }),
  updateSettings: endpoint('PUT', '/user/settings', {
    body: UserSettingsBody,
    response: { 200: UserSettings, ...errorResponses(400, 401, 429) },
  }),
  updateProfile: endpoint('PUT', '/user/profile', {
    body: ProfileBody,
    response: { 200: User, ...errorResponses(400, 401) },
  }),
};

export type Language = Static<typeof Language>;
export type UserSettings = Static<typeof UserSettings>;
/** What the app sends: typed values (the schema also lets wrong ones reach the service's message). */
export type UserSettingsInput = Partial<UserSettings>;
export type ProfileInput = { displayName: string };

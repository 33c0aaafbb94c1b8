// The account's settings: the spec's defaults until saved, each field of a change checked (a 400
// naming it), the study fields through the study module's own rules (studyGoal is its daily goal).
import { LANGUAGE_CODES, type Language, type UserSettings } from '@flashcard/api-contract/schemas';
import { badRequest } from '../../lib/http-error';
import { toTimestamp } from '../../lib/time';
import { DEFAULT_STUDY_SETTINGS, applyStudySettings } from '../study';
import type { SettingsRepository } from './repository';

/** The spec's defaults (section 9); the notification kinds it does not name start on. */
export const DEFAULT_USER_SETTINGS: UserSettings = {
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
  maximumInterval: DEFAULT_STUDY_SETTINGS.maximumInterval,
};

const SWITCHES = [
  'emailNotifications',
  'pushNotifications',
  'studyReminders',
  'friendNotifications',
  'achievementNotifications',
  'darkMode',
  'autoplay',
] as const satisfies readonly (keyof UserSettings)[];

export const MESSAGES = {
  switchInvalid: (field: string) => `${field} must be true or false`,
  language: `Language must be one of: ${LANGUAGE_CODES.join(', ')}`,
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** What PUT /user/settings may carry: any JSON value per field, checked here. */
export type SettingsChange = Partial<Record<keyof UserSettings, unknown>>;

/** A study field's value as the study rules take it (anything else is refused by them). */
const studyValue = (value: unknown) => (typeof value === 'number' || typeof value === 'string' || value === null ? value : NaN);

export interface SettingsServiceDeps {
  repository: SettingsRepository;
  now: () => Date;
}

export class SettingsService {
  constructor(private readonly deps: SettingsServiceDeps) {}

  async get(userId: number): Promise<UserSettings> {
    return (await this.deps.repository.find(userId)) ?? { ...DEFAULT_USER_SETTINGS };
  }

  /** Changes the fields given (all checked before anything is written); answers the whole settings. */
  async update(userId: number, change: SettingsChange): Promise<UserSettings> {
    const next = { ...(await this.get(userId)) };
    for (const field of SWITCHES) {
      const value = change[field];
      if (value === undefined) continue;
      if (typeof value !== 'boolean') throw badRequest(MESSAGES.switchInvalid(field));
      next[field] = value;
    }
    if (change.language !== undefined) {
      if (!isLanguage(change.language)) throw badRequest(MESSAGES.language);
      next.language = change.language;
    }
    const study = applyStudySettings(
      { dailyGoal: next.studyGoal, desiredRetention: next.desiredRetention, maximumInterval: next.maximumInterval, newCardsPerDay: next.newCardsPerDay },
      {
        dailyGoal: change.studyGoal === undefined ? undefined : studyValue(change.studyGoal),
        desiredRetention: change.desiredRetention === undefined ? undefined : studyValue(change.desiredRetention),
        maximumInterval: change.maximumInterval === undefined ? undefined : studyValue(change.maximumInterval),
        newCardsPerDay: change.newCardsPerDay === undefined ? undefined : studyValue(change.newCardsPerDay),
      },
    );
    const saved: UserSettings = {
      ...next,
      studyGoal: study.dailyGoal,
      desiredRetention: study.desiredRetention,
      maximumInterval: study.maximumInterval,
      newCardsPerDay: study.newCardsPerDay,
    };
    await this.deps.repository.save(userId, saved, toTimestamp(this.deps.now()));
    return saved;
  }
}

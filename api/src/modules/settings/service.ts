// The account's settings: the spec's defaults until saved, each field of a change checked (a 400
// naming it), the study fields through the study module's own rules (studyGoal is its daily goal).
import {
  DEFAULT_USER_SETTINGS,
  LANGUAGE_CODES,
  type Language,
  type UserSettings,
} from '@flashcard/api-contract/schemas';
import { badRequest, HttpError } from '../../lib/http-error';
import { canonicalTimeZone, toTimestamp } from '../../lib/time';
import { applyStudySettings, checkedSetting } from '../study';
import type { SettingsRepository } from './repository';

/**
 * How often the account's time zone may change. Moving a day boundary ahead gives at most one
 * extra day (a bonus claimed twice in one real day); moving it back costs that day again, so a
 * change a day gains nothing over time, and still lets a traveller follow the clock.
 */
export const TIME_ZONE_CHANGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

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
  timeZone: 'Time zone must be a name from the time zone database, such as Europe/Berlin',
  timeZoneTooSoon: 'The time zone can be changed once a day. Please try again tomorrow.',
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** What PUT /user/settings may carry: any JSON value per field, checked here. */
export type SettingsChange = Partial<Record<keyof UserSettings, unknown>>;

/** A study field's value as the study rules take it (anything else is refused by them). */
const studyValue = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' || value === null ? value : NaN;

export interface SettingsServiceDeps {
  repository: SettingsRepository;
  now: () => Date;
}

export class SettingsService {
  constructor(private readonly deps: SettingsServiceDeps) {}

  async get(userId: number): Promise<UserSettings> {
    const [saved, timeZone] = await Promise.all([
      this.deps.repository.find(userId),
      this.deps.repository.timeZone(userId),
    ]);
    return { ...(saved ?? DEFAULT_USER_SETTINGS), timeZone: timeZone ?? DEFAULT_USER_SETTINGS.timeZone };
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
      {
        dailyGoal: next.studyGoal,
        desiredRetention: next.desiredRetention,
        maximumInterval: next.maximumInterval,
        newCardsPerDay: next.newCardsPerDay,
        learningSteps: next.learningSteps,
        relearningSteps: next.relearningSteps,
      },
      {
        dailyGoal: change.studyGoal === undefined ? undefined : studyValue(change.studyGoal),
        desiredRetention: change.desiredRetention === undefined ? undefined : studyValue(change.desiredRetention),
        maximumInterval: change.maximumInterval === undefined ? undefined : studyValue(change.maximumInterval),
        newCardsPerDay: change.newCardsPerDay === undefined ? undefined : studyValue(change.newCardsPerDay),
        learningSteps: change.learningSteps === undefined ? undefined : studyValue(change.learningSteps),
        relearningSteps: change.relearningSteps === undefined ? undefined : studyValue(change.relearningSteps),
      },
    );
    const saved: UserSettings = {
      ...next,
      studyGoal: study.dailyGoal,
      desiredRetention: study.desiredRetention,
      maximumInterval: study.maximumInterval,
      newCardsPerDay: study.newCardsPerDay,
      learningSteps: study.learningSteps,
      relearningSteps: study.relearningSteps,
      maximumReviewsPerDay:
        change.maximumReviewsPerDay === undefined
          ? next.maximumReviewsPerDay
          : checkedSetting('maximumReviewsPerDay', studyValue(change.maximumReviewsPerDay), true),
    };
    const zone =
      change.timeZone === undefined
        ? null
        : canonicalTimeZone(typeof change.timeZone === 'string' ? change.timeZone : undefined);
    if (change.timeZone !== undefined && !zone) throw badRequest(MESSAGES.timeZone);
    const now = this.deps.now();
    if (zone && zone !== next.timeZone) {
      const notChangedSince = toTimestamp(new Date(now.getTime() - TIME_ZONE_CHANGE_INTERVAL_MS));
      // Checked and written in one statement: two racing changes cannot both pass.
      if (!(await this.deps.repository.changeTimeZone(userId, zone, toTimestamp(now), notChangedSince))) {
        throw new HttpError(429, MESSAGES.timeZoneTooSoon);
      }
      saved.timeZone = zone;
    }
    await this.deps.repository.save(userId, saved, toTimestamp(now));
    return saved;
  }
}

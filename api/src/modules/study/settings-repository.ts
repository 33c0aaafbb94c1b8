// SQL of the learner's scheduler settings (user_settings; the defaults until saved) and the
// FSRS weights in use (fsrs_parameters, which modules/optimizer writes).
import { DEFAULT_STUDY_SETTINGS, type StudySettings } from '@flashcard/api-contract/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UserSettingsTable } from '../../db/schema';

/** The learner's study settings, as GET /spaced-repetition/settings answers them. */
export type { StudySettings };

/** The scheduler's columns of a settings row; the account's settings (modules/settings) share them. */
const SCHEDULER_COLUMNS = [
  'daily_goal',
  'desired_retention',
  'maximum_interval',
  'new_cards_per_day',
  'learning_steps',
  'relearning_steps',
] as const;
type SchedulerColumns = Pick<Selectable<UserSettingsTable>, (typeof SCHEDULER_COLUMNS)[number]>;

/** A settings row's scheduler columns as the contract's StudySettings (the retention is a decimal on PostgreSQL). */
export function studySettingsOf(row: SchedulerColumns): StudySettings {
  return {
    dailyGoal: row.daily_goal,
    desiredRetention: Number(row.desired_retention),
    maximumInterval: row.maximum_interval,
    newCardsPerDay: row.new_cards_per_day,
    learningSteps: row.learning_steps,
    relearningSteps: row.relearning_steps,
  };
}

/** StudySettings as a settings row's scheduler columns. */
export function schedulerColumnsOf(settings: StudySettings): SchedulerColumns {
  return {
    daily_goal: settings.dailyGoal,
    desired_retention: settings.desiredRetention,
    maximum_interval: settings.maximumInterval,
    new_cards_per_day: settings.newCardsPerDay,
    learning_steps: settings.learningSteps,
    relearning_steps: settings.relearningSteps,
  };
}

export class SchedulerSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async settings(userId: number): Promise<StudySettings> {
    const row = await this.db
      .selectFrom('user_settings')
      .select(SCHEDULER_COLUMNS)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? studySettingsOf(row) : { ...DEFAULT_STUDY_SETTINGS };
  }

  async saveSettings(userId: number, settings: StudySettings, now: string): Promise<void> {
    const values = { ...schedulerColumnsOf(settings), updated_at: now };
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  /** The learner's fitted FSRS weights when in use (modules/optimizer writes them), else null. */
  async activeParameters(userId: number): Promise<number[] | null> {
    const row = await this.db
      .selectFrom('fsrs_parameters')
      .select('parameters')
      .where('user_id', '=', userId)
      .where('in_use', '=', true)
      .executeTakeFirst();
    return parseParameters(row?.parameters ?? null);
  }
}

/** Stored weights as numbers; null when absent (the defaults apply). */
export function parseParameters(text: string | null): number[] | null {
  if (!text) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) && parsed.every((value) => typeof value === 'number') ? parsed : null;
}

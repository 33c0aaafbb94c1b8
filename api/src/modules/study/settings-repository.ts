// SQL of the learner's scheduler settings (user_settings; the defaults until saved), the FSRS
// weights in use (fsrs_parameters, which modules/optimizer writes) and the option presets their
// sets use (study_presets, which modules/presets writes).
import {
  DEFAULT_MAXIMUM_REVIEWS_PER_DAY,
  DEFAULT_STUDY_SETTINGS,
  type SchedulerSettings,
  type StudySettings,
} from '@flashcard/api-contract/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { Database, StudyPresetsTable, UserSettingsTable } from '../../db/schema';

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

/** What a preset schedules and limits a set's cards with (the default preset: the account's settings). */
export interface PresetOptions {
  newCardsPerDay: number;
  maximumReviewsPerDay: number;
  scheduler: SchedulerSettings;
}

/** A study_presets row's options; its own weights, else the learner's in use (`parameters`). */
export function presetOptionsOf(
  row: Omit<Selectable<StudyPresetsTable>, 'id' | 'user_id' | 'name' | 'name_key' | 'created_at' | 'updated_at'>,
  parameters: number[] | null,
): PresetOptions {
  return {
    newCardsPerDay: row.new_cards_per_day,
    maximumReviewsPerDay: row.maximum_reviews_per_day,
    scheduler: {
      desiredRetention: Number(row.desired_retention),
      maximumInterval: row.maximum_interval,
      parameters: parseParameters(row.fsrs_parameters) ?? parameters,
      learningSteps: row.learning_steps,
      relearningSteps: row.relearning_steps,
    },
  };
}

/** The study settings as the default preset's options. */
export function defaultPresetOptions(
  settings: StudySettings,
  maximumReviewsPerDay: number,
  parameters: number[] | null,
): PresetOptions {
  return {
    newCardsPerDay: settings.newCardsPerDay,
    maximumReviewsPerDay,
    scheduler: {
      desiredRetention: settings.desiredRetention,
      maximumInterval: settings.maximumInterval,
      parameters,
      learningSteps: settings.learningSteps,
      relearningSteps: settings.relearningSteps,
    },
  };
}

/** Every option a learner's cards are studied with: the default preset's and, by set id, the other presets'. */
export interface LearnerOptions {
  settings: StudySettings;
  defaults: PresetOptions;
  bySet: ReadonlyMap<number, PresetOptions>;
}

/** The options of a card's set (or of a set): its preset's, else the default preset's. */
export function optionsOf(options: LearnerOptions, categoryId: number | null | undefined): PresetOptions {
  return (categoryId != null && options.bySet.get(categoryId)) || options.defaults;
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

  /** The default preset's review limit a day (user_settings; Anki's 200 until saved). */
  async maximumReviewsPerDay(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('maximum_reviews_per_day')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.maximum_reviews_per_day ?? DEFAULT_MAXIMUM_REVIEWS_PER_DAY;
  }

  /**
   * The learner's options: settings, weights in use and every set's preset, in three queries
   * (the sets with a preset through one join), however many cards are studied with them.
   */
  async learnerOptions(userId: number): Promise<LearnerOptions> {
    const [settings, maximumReviews, parameters, presetRows] = await Promise.all([
      this.settings(userId),
      this.maximumReviewsPerDay(userId),
      this.activeParameters(userId),
      this.db
        .selectFrom('categories')
        .innerJoin('study_presets', (join) =>
          join
            .onRef('study_presets.id', '=', 'categories.preset_id')
            .onRef('study_presets.user_id', '=', 'categories.user_id'),
        )
        .select([
          'categories.id as category_id',
          'study_presets.id',
          'study_presets.new_cards_per_day',
          'study_presets.maximum_reviews_per_day',
          'study_presets.learning_steps',
          'study_presets.relearning_steps',
          'study_presets.desired_retention',
          'study_presets.maximum_interval',
          'study_presets.fsrs_parameters',
        ])
        .where('categories.user_id', '=', userId)
        .execute(),
    ]);
    // Sets sharing a preset share its options object: a queue tells presets apart by identity.
    const byPreset = new Map<number, PresetOptions>();
    const bySet = new Map<number, PresetOptions>();
    for (const row of presetRows) {
      let options = byPreset.get(row.id);
      if (!options) byPreset.set(row.id, (options = presetOptionsOf(row, parameters)));
      bySet.set(row.category_id, options);
    }
    return { settings, defaults: defaultPresetOptions(settings, maximumReviews, parameters), bySet };
  }

  /** Saves the settings (and the default preset's review limit when given). */
  async saveSettings(
    userId: number,
    settings: StudySettings,
    now: string,
    maximumReviewsPerDay?: number,
  ): Promise<void> {
    const values = {
      ...schedulerColumnsOf(settings),
      ...(maximumReviewsPerDay !== undefined && { maximum_reviews_per_day: maximumReviewsPerDay }),
      updated_at: now,
    };
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

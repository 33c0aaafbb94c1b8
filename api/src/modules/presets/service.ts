// Option presets (Anki's deck option presets): named sets of scheduler options that sets share.
// The default preset is the account's study settings: it always exists (id 0), cannot be
// deleted or renamed, takes no FSRS parameters of its own (the learner's fitted ones apply), and
// editing it edits those settings. Every value is checked as the settings are (their bounds
// and messages, `applyStudySettings`); the study module schedules each card with its set's preset.
import { validFsrsParameters } from '@flashcard/api-contract/scheduler';
import {
  DEFAULT_PRESET_ID,
  MAX_PRESETS,
  PRESET_NAME_MAX,
  type StudySettings,
  type StudySettingsInput,
} from '@flashcard/api-contract/schemas';
import { isUniqueViolation } from '../../db/errors';
import { compareNames } from '../../lib/collate';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/params';
import { toTimestamp } from '../../lib/time';
import { applyStudySettings, checkedSetting, parseParameters, type SchedulerSettingsRepository } from '../study';
import type { PresetChanges, PresetRow, PresetsRepository } from './repository';

export const MESSAGES = {
  notFound: 'Preset not found',
  setNotFound: 'Set not found',
  nameRequired: 'Preset name is required',
  nameTooLong: `Preset name must be at most ${PRESET_NAME_MAX} characters`,
  duplicate: 'A preset with this name already exists',
  tooMany: `You can have at most ${MAX_PRESETS} presets`,
  defaultName: 'The default preset cannot be renamed',
  defaultParameters: 'The default preset uses your own FSRS parameters: give them to another preset',
  defaultDelete: 'The default preset cannot be deleted',
  parameters: 'FSRS parameters must be 21 numbers, each within the range FSRS-6 allows, or null for none',
} as const;

export const DEFAULT_PRESET_NAME = 'Default';

export const deletedMessage = (setsMoved: number) => `Preset deleted; its ${setsMoved} sets use the default preset now`;

/** What a body may carry: any JSON per field, each checked here. */
export type PresetFields = Partial<Record<keyof PresetValues | 'name', unknown>>;

/** A preset's values (the default's: the account's settings and review limit). */
export interface PresetValues {
  newCardsPerDay: number;
  maximumReviewsPerDay: number;
  learningSteps: string;
  relearningSteps: string;
  desiredRetention: number;
  maximumInterval: number;
  fsrsParameters: number[] | null;
}

/** A preset as listed: its values and the learner's sets using it. */
export interface Preset extends PresetValues {
  id: number;
  name: string;
  isDefault: boolean;
  sets: { id: number; name: string }[];
}

export interface PresetsServiceDeps {
  repository: PresetsRepository;
  settings: SchedulerSettingsRepository;
  now: () => Date;
}

/** Trimmed name and its uniqueness key (lower-cased, so "Languages" and "languages" clash). */
function normalizeName(raw: unknown): { name: string; name_key: string } {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) throw badRequest(MESSAGES.nameRequired);
  if (name.length > PRESET_NAME_MAX) throw badRequest(MESSAGES.nameTooLong);
  return { name, name_key: name.normalize('NFC').toLowerCase() };
}

/** The preset id of a path: 0 the default, else a row id; anything else names no preset (404). */
function parsePresetId(raw: string | number | null): number {
  if (raw === null || String(raw) === String(DEFAULT_PRESET_ID)) return DEFAULT_PRESET_ID;
  const id = parseId(raw);
  if (id === null) throw notFound(MESSAGES.notFound);
  return id;
}

/** `current` with the given fields changed, each checked as the study settings are. */
function applyValues(current: PresetValues, input: PresetFields): PresetValues {
  const study = applyStudySettings(settingsOf(current), {
    desiredRetention: input.desiredRetention,
    maximumInterval: input.maximumInterval,
    newCardsPerDay: input.newCardsPerDay,
    learningSteps: input.learningSteps,
    relearningSteps: input.relearningSteps,
  } as StudySettingsInput);
  const next: PresetValues = {
    ...current,
    newCardsPerDay: study.newCardsPerDay,
    learningSteps: study.learningSteps,
    relearningSteps: study.relearningSteps,
    desiredRetention: study.desiredRetention,
    maximumInterval: study.maximumInterval,
  };
  if (input.maximumReviewsPerDay !== undefined) {
    next.maximumReviewsPerDay = checkedSetting(
      'maximumReviewsPerDay',
      input.maximumReviewsPerDay as number | string | null,
      true,
    );
  }
  if (input.fsrsParameters !== undefined) {
    if (input.fsrsParameters !== null && !validFsrsParameters(input.fsrsParameters)) {
      throw badRequest(MESSAGES.parameters);
    }
    next.fsrsParameters = input.fsrsParameters;
  }
  return next;
}

/** The values as StudySettings (the daily goal is the account's, not a preset's: unused here). */
function settingsOf(values: PresetValues): StudySettings {
  return {
    dailyGoal: 0,
    desiredRetention: values.desiredRetention,
    maximumInterval: values.maximumInterval,
    newCardsPerDay: values.newCardsPerDay,
    learningSteps: values.learningSteps,
    relearningSteps: values.relearningSteps,
  };
}

function valuesOf(row: PresetRow): PresetValues {
  return {
    newCardsPerDay: row.new_cards_per_day,
    maximumReviewsPerDay: row.maximum_reviews_per_day,
    learningSteps: row.learning_steps,
    relearningSteps: row.relearning_steps,
    desiredRetention: Number(row.desired_retention),
    maximumInterval: row.maximum_interval,
    fsrsParameters: parseParameters(row.fsrs_parameters),
  };
}

function columnsOf(values: PresetValues) {
  return {
    new_cards_per_day: values.newCardsPerDay,
    maximum_reviews_per_day: values.maximumReviewsPerDay,
    learning_steps: values.learningSteps,
    relearning_steps: values.relearningSteps,
    desired_retention: values.desiredRetention,
    maximum_interval: values.maximumInterval,
    fsrs_parameters: values.fsrsParameters && JSON.stringify(values.fsrsParameters),
  } satisfies PresetChanges;
}

export class PresetsService {
  constructor(private readonly deps: PresetsServiceDeps) {}

  private timestamp(): string {
    return toTimestamp(this.deps.now());
  }

  /** The default preset's values: the account's settings. */
  private async defaultValues(userId: number): Promise<PresetValues> {
    const [settings, maximumReviewsPerDay] = await Promise.all([
      this.deps.settings.settings(userId),
      this.deps.settings.maximumReviewsPerDay(userId),
    ]);
    return { ...settings, maximumReviewsPerDay, fsrsParameters: null };
  }

  /** Every preset, the default first, the others by name, each with its sets by name. */
  async list(userId: number): Promise<Preset[]> {
    const [defaults, rows, sets] = await Promise.all([
      this.defaultValues(userId),
      this.deps.repository.list(userId),
      this.deps.repository.sets(userId),
    ]);
    const setsOf = (presetId: number | null) =>
      sets
        .filter((set) => set.preset_id === presetId)
        .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id)
        .map(({ id, name }) => ({ id, name }));
    return [
      { ...this.defaultPreset(defaults), sets: setsOf(null) },
      ...rows
        .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id)
        .map((row) => ({ ...this.presetOf(row), sets: setsOf(row.id) })),
    ];
  }

  private defaultPreset(values: PresetValues): Omit<Preset, 'sets'> {
    return { id: DEFAULT_PRESET_ID, name: DEFAULT_PRESET_NAME, isDefault: true, ...values };
  }

  private presetOf(row: PresetRow): Omit<Preset, 'sets'> {
    return { id: row.id, name: row.name, isDefault: false, ...valuesOf(row) };
  }

  /** A new preset named `input.name`; the fields not given take the default preset's values. */
  async create(userId: number, input: PresetFields): Promise<Preset> {
    const name = normalizeName(input.name);
    const values = applyValues(await this.defaultValues(userId), input);
    if ((await this.deps.repository.count(userId)) >= MAX_PRESETS) throw badRequest(MESSAGES.tooMany);
    const now = this.timestamp();
    const row = await this.unique(() =>
      this.deps.repository.insert({ user_id: userId, ...name, ...columnsOf(values), created_at: now, updated_at: now }),
    );
    return { ...this.presetOf(row), sets: [] };
  }

  /** Changes the given fields (the default preset: the account's settings). */
  async update(userId: number, rawId: string, input: PresetFields): Promise<Preset> {
    const id = parsePresetId(rawId);
    if (id === DEFAULT_PRESET_ID) {
      if (input.name !== undefined && input.name !== DEFAULT_PRESET_NAME) throw badRequest(MESSAGES.defaultName);
      if (input.fsrsParameters !== undefined && input.fsrsParameters !== null)
        throw badRequest(MESSAGES.defaultParameters);
      const values = applyValues(await this.defaultValues(userId), input);
      const current = await this.deps.settings.settings(userId);
      await this.deps.settings.saveSettings(
        userId,
        { ...settingsOf(values), dailyGoal: current.dailyGoal },
        this.timestamp(),
        values.maximumReviewsPerDay,
      );
      return this.listed(userId, id);
    }
    const row = await this.deps.repository.find(userId, id);
    if (!row) throw notFound(MESSAGES.notFound);
    const name = input.name === undefined ? {} : normalizeName(input.name);
    const values = applyValues(valuesOf(row), input);
    const updated = await this.unique(() =>
      this.deps.repository.update(userId, id, { ...name, ...columnsOf(values), updated_at: this.timestamp() }),
    );
    if (!updated) throw notFound(MESSAGES.notFound);
    return this.listed(userId, id);
  }

  /** Deletes a preset; its sets use the default again. */
  async remove(userId: number, rawId: string): Promise<number> {
    const id = parsePresetId(rawId);
    if (id === DEFAULT_PRESET_ID) throw badRequest(MESSAGES.defaultDelete);
    const removed = await this.deps.repository.transaction((repository) => repository.remove(userId, id));
    if (!removed) throw notFound(MESSAGES.notFound);
    return removed.setsMoved;
  }

  /** Puts a set on a preset (0 or null: the default); both must be the learner's (404 otherwise). */
  async assign(
    userId: number,
    rawSetId: string,
    rawPresetId: string | number | null,
  ): Promise<{ setId: number; presetId: number }> {
    const setId = parseId(rawSetId);
    if (setId === null) throw notFound(MESSAGES.setNotFound);
    const presetId = parsePresetId(rawPresetId);
    if (presetId !== DEFAULT_PRESET_ID && !(await this.deps.repository.find(userId, presetId)))
      throw notFound(MESSAGES.notFound);
    const assigned = await this.deps.repository.assign(
      userId,
      setId,
      presetId === DEFAULT_PRESET_ID ? null : presetId,
      this.timestamp(),
    );
    if (!assigned) throw notFound(MESSAGES.setNotFound);
    return { setId, presetId };
  }

  /** One preset as the list has it (its sets included). */
  private async listed(userId: number, id: number): Promise<Preset> {
    return (await this.list(userId)).find((preset) => preset.id === id)!;
  }

  /** A write the unique index (user_id, name_key) may refuse: a taken name is a 409. */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.duplicate);
      throw error;
    }
  }
}

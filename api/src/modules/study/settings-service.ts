// The learner's scheduler settings (desired retention, maximum interval, new cards per day,
// daily goal, (re)learning steps): read, and changed field by field, each within its range.
import {
  parseSteps,
  STEPS_BOUNDS,
  STUDY_SETTINGS_BOUNDS,
  type StudySettingsInput,
} from '@flashcard/api-contract/schemas';
import { badRequest } from '../../lib/http-error';
import { toTimestamp } from '../../lib/time';
import { MESSAGES } from './limits';
import type { SchedulerSettingsRepository, StudySettings } from './settings-repository';

export interface SchedulerSettingsServiceDeps {
  repository: SchedulerSettingsRepository;
  now: () => Date;
}

/** A study setting's value when it is a number within its bounds (a whole one when `integer`), else a 400 naming it. */
export function checkedSetting(
  setting: keyof typeof STUDY_SETTINGS_BOUNDS,
  value: string | number | null,
  integer: boolean,
): number {
  const { min, max } = STUDY_SETTINGS_BOUNDS[setting];
  const valid = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
  if (!valid || (integer && !Number.isInteger(value))) throw badRequest(MESSAGES[setting]);
  return value;
}

/** Steps as Anki writes them (`parseSteps`), stored normalised ("1m 10m"), else a 400 naming the field. */
function checkedSteps(
  setting: keyof typeof STEPS_BOUNDS & keyof typeof MESSAGES,
  value: string | number | null,
): string {
  const steps = typeof value === 'string' ? parseSteps(value, STEPS_BOUNDS[setting]) : null;
  if (!steps) throw badRequest(MESSAGES[setting]);
  return steps.join(' ');
}

/**
 * The study settings with the given fields changed, each checked against its bounds (the
 * contract's; a 400 naming the field otherwise). The one definition of these rules:
 * /user/settings uses it too.
 */
export function applyStudySettings(current: StudySettings, input: StudySettingsInput): StudySettings {
  const next: StudySettings = { ...current };
  if (input.desiredRetention !== undefined) {
    next.desiredRetention = checkedSetting('desiredRetention', input.desiredRetention, false);
  }
  if (input.maximumInterval !== undefined) {
    next.maximumInterval = checkedSetting('maximumInterval', input.maximumInterval, true);
  }
  if (input.newCardsPerDay !== undefined) {
    next.newCardsPerDay = checkedSetting('newCardsPerDay', input.newCardsPerDay, true);
  }
  if (input.dailyGoal !== undefined) {
    next.dailyGoal = checkedSetting('dailyGoal', input.dailyGoal, true);
  }
  if (input.learningSteps !== undefined) next.learningSteps = checkedSteps('learningSteps', input.learningSteps);
  if (input.relearningSteps !== undefined)
    next.relearningSteps = checkedSteps('relearningSteps', input.relearningSteps);
  return next;
}

export class SchedulerSettingsService {
  constructor(private readonly deps: SchedulerSettingsServiceDeps) {}

  settings(userId: number): Promise<StudySettings> {
    return this.deps.repository.settings(userId);
  }

  /** Changes the fields given; the others keep their value. */
  async updateSettings(userId: number, input: StudySettingsInput): Promise<StudySettings> {
    const next = applyStudySettings(await this.deps.repository.settings(userId), input);
    await this.deps.repository.saveSettings(userId, next, toTimestamp(this.deps.now()));
    return next;
  }
}

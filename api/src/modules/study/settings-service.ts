// The learner's scheduler settings (desired retention, maximum interval, new cards per day,
// daily goal): read, and changed field by field, each within its range.
import type { StudySettingsInput } from '@flashcard/api-contract/schemas';
import { badRequest } from '../../lib/http-error';
import { toTimestamp } from '../../lib/time';
import { LIMITS, MESSAGES } from './limits';
import type { SchedulerSettingsRepository, StudySettings } from './settings-repository';

export interface SchedulerSettingsServiceDeps {
  repository: SchedulerSettingsRepository;
  now: () => Date;
}

function inRange(
  value: string | number | null,
  [min, max]: readonly [number, number],
  integer: boolean,
  message: string,
): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) throw badRequest(message);
  if (integer && !Number.isInteger(value)) throw badRequest(message);
  return value;
}

/**
 * The study settings with the given fields changed, each checked against its range (a 400 naming
 * the field otherwise). The one definition of these rules: /user/settings uses it too.
 */
export function applyStudySettings(current: StudySettings, input: StudySettingsInput): StudySettings {
  const next: StudySettings = { ...current };
  if (input.desiredRetention !== undefined) {
    next.desiredRetention = inRange(input.desiredRetention, LIMITS.desiredRetention, false, MESSAGES.desiredRetention);
  }
  if (input.maximumInterval !== undefined) {
    next.maximumInterval = inRange(input.maximumInterval, LIMITS.maximumInterval, true, MESSAGES.maximumInterval);
  }
  if (input.newCardsPerDay !== undefined) {
    next.newCardsPerDay = inRange(input.newCardsPerDay, LIMITS.newCardsPerDay, true, MESSAGES.newCardsPerDay);
  }
  if (input.dailyGoal !== undefined) {
    next.dailyGoal = inRange(input.dailyGoal, LIMITS.dailyGoal, true, MESSAGES.dailyGoal);
  }
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

// A card as every study call answers it: its row and what each rating would schedule now, by
// the learner's own scheduler (their settings and the FSRS weights in use).
import { Scheduler } from '@flashcard/api-contract/scheduler';
import { LEARN_AHEAD_MS, type SchedulerSettings, type SchedulingPreview } from '@flashcard/api-contract/schemas';
import { toTimestamp } from '../../lib/time';
import type { StudyCardRow } from './card-rows';
import type { DueWindow } from './queue-repository';
import type { SchedulerSettingsRepository, StudySettings } from './settings-repository';

export interface StudyCard {
  card: StudyCardRow;
  preview: SchedulingPreview;
}

export function withPreview(scheduler: Scheduler, card: StudyCardRow, now: Date): StudyCard {
  return { card, preview: scheduler.preview(card, now) };
}

/**
 * The learner's scheduler, what it is built from (their retention, maximum interval and the
 * fitted weights in use) and their study settings.
 */
export async function schedulerFor(
  repository: Pick<SchedulerSettingsRepository, 'settings' | 'activeParameters'>,
  userId: number,
): Promise<{ scheduler: Scheduler; schedulerSettings: SchedulerSettings; settings: StudySettings }> {
  const [settings, parameters] = await Promise.all([repository.settings(userId), repository.activeParameters(userId)]);
  const schedulerSettings = {
    desiredRetention: settings.desiredRetention,
    maximumInterval: settings.maximumInterval,
    parameters,
    learningSteps: settings.learningSteps,
    relearningSteps: settings.relearningSteps,
  };
  return { scheduler: new Scheduler(schedulerSettings), schedulerSettings, settings };
}

/** What is due at `now`: review cards due by then, (re)learning ones within the learn-ahead. */
export function dueWindow(now: Date): DueWindow {
  return { now: toTimestamp(now), learnAheadUntil: toTimestamp(new Date(now.getTime() + LEARN_AHEAD_MS)) };
}

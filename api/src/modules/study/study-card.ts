// A card as every study call answers it: its row and what each rating would schedule now, by
// the learner's own scheduler (their settings and the FSRS weights in use).
import { LEARN_AHEAD_MS } from '@flashcard/api-contract/schemas';
import { toTimestamp } from '../../lib/time';
import type { StudyCardRow } from './card-rows';
import type { DueWindow } from './queue-repository';
import { Scheduler, type SchedulingPreview } from './scheduler';
import type { SchedulerSettingsRepository, StudySettings } from './settings-repository';

export interface StudyCard {
  card: StudyCardRow;
  preview: SchedulingPreview;
}

export function withPreview(scheduler: Scheduler, card: StudyCardRow, now: Date): StudyCard {
  return { card, preview: scheduler.preview(card, now) };
}

/** The learner's scheduler (their settings and fitted weights in use), and those settings. */
export async function schedulerFor(
  repository: Pick<SchedulerSettingsRepository, 'settings' | 'activeParameters'>,
  userId: number,
): Promise<{ scheduler: Scheduler; settings: StudySettings }> {
  const [settings, parameters] = await Promise.all([repository.settings(userId), repository.activeParameters(userId)]);
  return { scheduler: new Scheduler({ ...settings, parameters }), settings };
}

/** What is due at `now`: review cards due by then, (re)learning ones within the learn-ahead. */
export function dueWindow(now: Date): DueWindow {
  return { now: toTimestamp(now), learnAheadUntil: toTimestamp(new Date(now.getTime() + LEARN_AHEAD_MS)) };
}

// A card as every study call answers it: its row and what each rating would schedule now, by
// the learner's own scheduler (their settings and the FSRS weights in use).
import { Scheduler } from '@flashcard/api-contract/scheduler';
import { LEARN_AHEAD_MS, type SchedulerSettings, type SchedulingPreview } from '@flashcard/api-contract/schemas';
import { toTimestamp } from '../../lib/time';
import type { StudyCardRow } from './card-rows';
import type { DueWindow } from './queue-repository';
import { optionsOf, type LearnerOptions, type PresetOptions } from './settings-repository';

export interface StudyCard {
  card: StudyCardRow;
  preview: SchedulingPreview;
}

export function withPreview(scheduler: Scheduler, card: StudyCardRow, now: Date): StudyCard {
  return { card, preview: scheduler.preview(card, now) };
}

/** What is due at `now`: review cards due by then, (re)learning ones within the learn-ahead. */
export function dueWindow(now: Date): DueWindow {
  return { now: toTimestamp(now), learnAheadUntil: toTimestamp(new Date(now.getTime() + LEARN_AHEAD_MS)) };
}

/** One Scheduler per preset, each card previewed with its set's; `others` names the presets not the queue's own. */
export class SchedulersBySet {
  private readonly built = new Map<PresetOptions, Scheduler>();
  private readonly used = new Map<number, PresetOptions>();

  constructor(
    private readonly options: LearnerOptions,
    private readonly main: PresetOptions = options.defaults,
  ) {}

  /** The card's set's preset's scheduler. */
  schedulerOf(card: StudyCardRow): Scheduler {
    const preset = optionsOf(this.options, card.category_id);
    if (preset !== this.main && card.category_id !== null) this.used.set(card.category_id, preset);
    let scheduler = this.built.get(preset);
    if (!scheduler) this.built.set(preset, (scheduler = new Scheduler(preset.scheduler)));
    return scheduler;
  }

  preview(card: StudyCardRow, now: Date): StudyCard {
    return withPreview(this.schedulerOf(card), card, now);
  }

  /** By set id, the schedulers of the previewed cards whose preset is not the main one. */
  others(): Record<string, SchedulerSettings> {
    return Object.fromEntries([...this.used].map(([set, preset]) => [String(set), preset.scheduler]));
  }
}

// The numbers behind the study statistics (cards per state, due now, reviews and retention on
// review cards), the schedule (studied cards by due time, with their retrievability) and the
// forecast (cards falling due on each coming local day).
import type { ForecastQuery, ScheduleQuery, StudyStats } from '@flashcard/api-contract/schemas';
import { dayRanges, dayToDate } from '../../lib/local-time';
import { percent } from '../../lib/percent';
import { localDayNumber, MS_PER_DAY, toTimestamp } from '../../lib/time';
import { TODAY_LOOKBACK_MS } from './limits';
import type { QueueRepository } from './queue-repository';
import type { SchedulerSettingsRepository } from './settings-repository';
import type { StudyStatsRepository } from './stats-repository';
import { dueWindow, SchedulersBySet, type StudyCard } from './study-card';

/** The numbers of GET /spaced-repetition/stats (the contract's shape). */
export type { StudyStats };

export interface StudyStatsServiceDeps {
  stats: StudyStatsRepository;
  queue: Pick<QueueRepository, 'countDue'>;
  settings: SchedulerSettingsRepository;
  now: () => Date;
}

export interface ScheduledCard extends StudyCard {
  retrievability: number | null;
}

export class StudyStatsService {
  constructor(private readonly deps: StudyStatsServiceDeps) {}

  async stats(userId: number, timeZone: string): Promise<StudyStats> {
    const { stats, queue } = this.deps;
    const now = this.deps.now();
    const monthAgo = toTimestamp(new Date(now.getTime() - 30 * MS_PER_DAY));
    const since = toTimestamp(new Date(now.getTime() - TODAY_LOOKBACK_MS));
    const [byState, dueNow, all, recent, today, settings] = await Promise.all([
      stats.countByState(userId),
      queue.countDue(userId, dueWindow(now)),
      stats.reviewCounts(userId),
      stats.reviewCounts(userId, monthAgo),
      stats.countReviewsOn(userId, localDayNumber(now, timeZone), timeZone, since),
      this.deps.settings.settings(userId),
    ]);
    const [fresh, learning, review, relearning] = byState;
    return {
      cards: { total: fresh + learning + review + relearning, new: fresh, learning, review, relearning },
      dueNow,
      reviews: { total: all.total, today, last30Days: recent.total },
      retention: {
        overall: percent(all.recalled, all.ofReviewCards),
        last30Days: percent(recent.recalled, recent.ofReviewCards),
      },
      desiredRetention: settings.desiredRetention,
    };
  }

  async schedule(userId: number, { limit, offset }: ScheduleQuery): Promise<ScheduledCard[]> {
    const now = this.deps.now();
    const [options, cards] = await Promise.all([
      this.deps.settings.learnerOptions(userId),
      this.deps.stats.scheduledCards(userId, limit, offset),
    ]);
    // Each card by its set's preset.
    const schedulers = new SchedulersBySet(options);
    return cards.map((card) => ({
      ...schedulers.preview(card, now),
      retrievability: schedulers.schedulerOf(card).retrievability(card, now),
    }));
  }

  /** Cards falling due on each of the next `days` local days; today includes the overdue ones. */
  async forecast(
    userId: number,
    timeZone: string,
    { days }: ForecastQuery,
  ): Promise<Array<{ date: string; due: number }>> {
    const today = localDayNumber(this.deps.now(), timeZone);
    const ranges = dayRanges(timeZone, today, today + days - 1);
    // Overdue cards count for today: its range starts before every timestamp.
    const counted = [{ ...ranges[0]!, start: '' }, ...ranges.slice(1)];
    const counts = new Array<number>(days).fill(0);
    for (const { day, count } of await this.deps.stats.dueCountsByDay(userId, counted)) counts[day - today] = count;
    return counts.map((due, index) => ({ date: dayToDate(today + index), due }));
  }
}

// Insights: what the learner's reviews say about them (retention by difficulty, by set, the
// cards they forget most, the hour they remember best), a few sentences built from those
// numbers, and the next things worth doing. Retention = percent of reviews rated above Again.
import type {
  BestStudyHour as BestStudyHourJson,
  ComprehensiveInsights,
  DifficultyRetention,
  HardestCard,
  Insight,
  InsightByType,
  RecommendedAction,
  SetRetention,
} from '@flashcard/api-contract/schemas';
import { notFound } from '../../lib/http-error';
import { percent } from '../../lib/percent';
import { MS_PER_DAY, toTimestamp } from '../../lib/time';
import { dueWindow, type QueueRepository } from '../study';
import { localHour, offsetSpans } from '../../lib/local-time';
import type { DailyGoalProgress, DashboardRepository } from '../dashboard';
import type { InsightsRepository } from './repository';

export const HARDEST_CARDS_LIMIT = 10;
/** The best study hour looks at this many recent days. */
export const BEST_HOUR_DAYS = 90;
/** How far past now the best hour's offset spans reach (reviews a clock set ahead dated). */
const FUTURE_SPAN_MS = 366 * MS_PER_DAY;
/**
 * An hour needs this many reviews, and this share of the period's, to be called the best: a
 * few lucky reviews at an odd hour are no pattern.
 */
export const MIN_HOUR_REVIEWS = 10;
export const MIN_HOUR_SHARE = 0.05;
/** A difficulty level or set needs this many reviews before a sentence singles it out. */
export const MIN_GROUP_REVIEWS = 10;

/** The English names of difficulty levels 1-5. */
export const DIFFICULTY_LABELS: Record<number, string> = {
  1: 'Easy',
  2: 'Medium',
  3: 'Hard',
  4: 'Very Hard',
  5: 'Expert',
};
const NO_SET = 'No set';

// The shapes these numbers leave the server in are the contract's (api-contract/src/schemas/insights.ts).
export type { DifficultyRetention, SetRetention, HardestCard, RecommendedAction, Insight };
/** The best hour when there is one (the JSON says null when there is not). */
export type BestStudyHour = NonNullable<BestStudyHourJson>;

interface CardStatistics {
  byDifficulty: DifficultyRetention[];
  bySet: SetRetention[];
  hardest: HardestCard[];
  /** All reviews, and those remembered. */
  reviews: number;
  remembered: number;
}

export type Comprehensive = ComprehensiveInsights;
export type InsightData = InsightByType;

export interface InsightsServiceDeps {
  repository: InsightsRepository;
  /** queueCounts: the same counts the study queue shows. */
  queue: Pick<QueueRepository, 'queueCounts'>;
  /** countCards, for the empty-collection action. */
  dashboard: DashboardRepository;
  /** Cards studied today and the goal, as the dashboard counts them. */
  dailyGoal: (userId: number, timeZone: string) => Promise<DailyGoalProgress>;
  now: () => Date;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const wholePercent = (value: number | null) => `${Math.round(value ?? 0)}%`;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** What an unknown type is echoed as: its first 40 letters, digits, dashes and underscores. */
const sanitisedType = (type: string) => type.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40);

export class InsightsService {
  constructor(private readonly deps: InsightsServiceDeps) {}

  /**
   * Both retention breakdowns and the hardest cards, from one query: retention grouped by
   * (difficulty, set), folded here into the two breakdowns (at most 5 x (sets + 1) rows).
   */
  private async cardStatistics(userId: number): Promise<CardStatistics> {
    const { groups, hardest } = await this.deps.repository.cardStatistics(userId, HARDEST_CARDS_LIMIT);
    const difficulty = new Map<number, { reviews: number; remembered: number }>();
    const sets = new Map<number | null, { name: string; reviews: number; remembered: number }>();
    let reviews = 0;
    let remembered = 0;
    for (const group of groups) {
      reviews += group.reviews;
      remembered += group.remembered;
      const level = difficulty.get(group.difficulty_level) ?? { reviews: 0, remembered: 0 };
      level.reviews += group.reviews;
      level.remembered += group.remembered;
      difficulty.set(group.difficulty_level, level);
      const set = sets.get(group.category_id) ?? { name: group.name ?? NO_SET, reviews: 0, remembered: 0 };
      set.reviews += group.reviews;
      set.remembered += group.remembered;
      sets.set(group.category_id, set);
    }
    const byDifficulty = [...difficulty.entries()]
      .sort(([a], [b]) => a - b)
      .map(([level, totals]) => ({
        difficulty_level: level,
        reviews: totals.reviews,
        retention: percent(totals.remembered, totals.reviews),
      }));
    const bySet = [...sets.entries()]
      .map(([id, totals]) => ({
        category_id: id,
        name: totals.name,
        reviews: totals.reviews,
        retention: percent(totals.remembered, totals.reviews),
      }))
      // Most reviewed first; among equals, sets by name and unfiled cards last.
      .sort(
        (a, b) =>
          b.reviews - a.reviews ||
          Number(a.category_id === null) - Number(b.category_id === null) ||
          a.name.localeCompare(b.name),
      );
    return { byDifficulty, bySet, hardest, reviews, remembered };
  }

  /**
   * The local hour with the best retention over the last BEST_HOUR_DAYS days (recent habits;
   * it also bounds the rows read), among hours with at least MIN_HOUR_REVIEWS reviews and
   * MIN_HOUR_SHARE of the period's (ties: more reviews, then the earlier hour); null when no
   * hour has enough.
   */
  private async bestStudyHour(userId: number, timeZone: string): Promise<BestStudyHour | null> {
    const { repository } = this.deps;
    const now = this.deps.now().getTime();
    const since = now - BEST_HOUR_DAYS * MS_PER_DAY;
    // The offsets in force from `since` to a year ahead (a review a clock set ahead dated after
    // now is placed in its own offset too; anything later takes the last span's): the
    // quarter-hour counts below are placed in local hours span by span. A year of spans costs
    // a few more CASE branches, where asking for the latest review cost a query.
    const spans = offsetSpans(timeZone, since, now + FUTURE_SPAN_MS);
    const counts = await repository.reviewsByQuarterHour(userId, toTimestamp(new Date(since)), spans);

    const hours = Array.from({ length: 24 }, () => ({ reviews: 0, remembered: 0 }));
    for (const count of counts) {
      const offset = spans[count.span]?.offsetMs ?? 0;
      const hour = hours[localHour(count.quarter * 15, offset)]!;
      hour.reviews += count.reviews;
      hour.remembered += count.remembered;
    }
    const total = hours.reduce((sum, hour) => sum + hour.reviews, 0);
    const enough = Math.max(MIN_HOUR_REVIEWS, MIN_HOUR_SHARE * total);
    let best: { hour: number; reviews: number; remembered: number } | null = null;
    for (const [hour, candidate] of hours.entries()) {
      if (candidate.reviews < enough) continue;
      // remembered/reviews compared without rounding: a/b > c/d <=> a*d > c*b.
      const lead = best ? candidate.remembered * best.reviews - best.remembered * candidate.reviews : 1;
      if (!best || lead > 0 || (lead === 0 && candidate.reviews > best.reviews)) best = { hour, ...candidate };
    }
    return best ? { hour: best.hour, reviews: best.reviews, retention: percent(best.remembered, best.reviews) } : null;
  }

  async comprehensive(userId: number, timeZone: string): Promise<Comprehensive> {
    const [statistics, bestStudyHour, recommendedActions] = await Promise.all([
      this.cardStatistics(userId),
      this.bestStudyHour(userId, timeZone),
      this.recommendedActions(userId, timeZone),
    ]);
    return {
      retentionByDifficulty: statistics.byDifficulty,
      retentionBySet: statistics.bySet,
      hardestCards: statistics.hardest,
      bestStudyHour,
      recommendedActions,
    };
  }

  async byType(userId: number, timeZone: string, type: string): Promise<InsightData> {
    switch (type) {
      case 'retention-by-difficulty':
        return { type, data: (await this.cardStatistics(userId)).byDifficulty };
      case 'retention-by-set':
        return { type, data: (await this.cardStatistics(userId)).bySet };
      case 'hardest-cards':
        return { type, data: (await this.cardStatistics(userId)).hardest };
      case 'best-study-hour':
        return { type, data: await this.bestStudyHour(userId, timeZone) };
      default:
        throw notFound(`Unknown insight type: ${sanitisedType(type)}`);
    }
  }

  /** Short sentences from the same numbers; none before the first review. */
  async userInsights(userId: number, timeZone: string): Promise<Insight[]> {
    const [retention, bestHour] = await Promise.all([
      this.cardStatistics(userId),
      this.bestStudyHour(userId, timeZone),
    ]);
    const insights: Insight[] = [];
    if (retention.reviews === 0) return insights;
    const overall = Math.round((100 * retention.remembered) / retention.reviews);
    insights.push({
      type: 'retention',
      params: { percent: overall },
      title: 'Overall retention',
      message: `You remember ${overall}% of your reviews`,
    });

    // Single out the weakest level or set only when there is another to compare it with.
    const levels = retention.byDifficulty.filter((level) => level.reviews >= MIN_GROUP_REVIEWS);
    if (levels.length >= 2) {
      const weakest = levels.reduce((a, b) => ((b.retention ?? 0) < (a.retention ?? 0) ? b : a));
      const label = DIFFICULTY_LABELS[weakest.difficulty_level] ?? `level ${weakest.difficulty_level}`;
      insights.push({
        type: 'retention-by-difficulty',
        params: { difficulty: weakest.difficulty_level, percent: Math.round(weakest.retention ?? 0) },
        title: 'Hardest difficulty',
        message: `You remember ${wholePercent(weakest.retention)} of ${label} cards`,
      });
    }
    const sets = retention.bySet.filter((set) => set.reviews >= MIN_GROUP_REVIEWS);
    if (sets.length >= 2) {
      const weakest = sets.reduce((a, b) => ((b.retention ?? 0) < (a.retention ?? 0) ? b : a));
      insights.push({
        type: 'retention-by-set',
        params: { set: clip(weakest.name, 40), percent: Math.round(weakest.retention ?? 0) },
        title: 'Weakest set',
        message: `${clip(weakest.name, 40)} is your weakest set: you remember ${wholePercent(weakest.retention)} of it`,
      });
    }
    const [hardestCard] = retention.hardest;
    if (hardestCard && hardestCard.againCount > 0) {
      insights.push({
        type: 'hardest-cards',
        params: { question: clip(hardestCard.question, 60), count: hardestCard.againCount },
        title: 'Hardest card',
        message: `You forgot "${clip(hardestCard.question, 60)}" ${plural(hardestCard.againCount, 'time', 'times')}`,
      });
    }
    if (bestHour) {
      insights.push({
        type: 'best-study-hour',
        params: { hour: bestHour.hour, percent: Math.round(bestHour.retention ?? 0), reviews: bestHour.reviews },
        title: 'Best time to study',
        message: `You remember best around ${hourLabel(bestHour.hour)}: ${wholePercent(bestHour.retention)} of ${plural(bestHour.reviews, 'review', 'reviews')}`,
      });
    }
    return insights;
  }

  /** What to do next, most urgent first, from the learner's cards, queue and daily goal. */
  async recommendedActions(userId: number, timeZone: string): Promise<RecommendedAction[]> {
    const { queue, dashboard, now } = this.deps;
    const window = dueWindow(now());
    const [cards, { due, fresh }, goal] = await Promise.all([
      dashboard.countCards(userId),
      queue.queueCounts(userId, window),
      this.deps.dailyGoal(userId, timeZone),
    ]);
    if (cards === 0) {
      return [
        {
          key: 'create-cards',
          params: {},
          title: 'Create your first cards',
          description: 'Add a few cards to start studying.',
          route: '/cards',
          priority: 1,
        },
      ];
    }

    const actions: RecommendedAction[] = [];
    if (due > 0) {
      actions.push({
        key: 'review-due',
        params: { count: due },
        title: `${plural(due, 'card', 'cards')} due`,
        description: 'Review them now, while they are still easy to recall.',
        route: '/study/review',
        priority: 1,
      });
    }
    // The goal is worth a nudge only when there is something to study towards it.
    const toGo = goal.dailyGoal - goal.cardsStudied;
    if (toGo > 0 && due + fresh > 0) {
      actions.push({
        key: 'daily-goal',
        params: { count: toGo, studied: goal.cardsStudied, goal: goal.dailyGoal },
        title: `Daily goal: ${plural(toGo, 'card', 'cards')} to go`,
        description: `You studied ${goal.cardsStudied} of ${goal.dailyGoal} cards today.`,
        route: '/study',
        priority: 2,
      });
    }
    if (fresh > 0) {
      actions.push({
        key: 'learn-new',
        params: { count: fresh },
        title: `${plural(fresh, 'new card', 'new cards')} to learn`,
        description: 'Start learning cards you have not studied yet.',
        route: '/study/new',
        priority: 3,
      });
    }
    if (actions.length === 0) {
      actions.push({
        key: 'all-caught-up',
        params: {},
        title: 'All caught up',
        description: 'Nothing is due right now. Add more cards or come back later.',
        route: '/cards',
        priority: 4,
      });
    }
    return actions.sort((a, b) => a.priority - b.priority);
  }
}

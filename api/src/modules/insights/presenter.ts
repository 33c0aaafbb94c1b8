// Insight numbers -> JSON. The service already speaks in the shapes the screens read; copies
// keep internal objects from leaking by reference.
import type {
  ComprehensiveInsights,
  InsightByType,
  RecommendedActions,
  UserInsights,
} from '@flashcard/api-contract/schemas';
import type { Comprehensive, Insight, InsightData, RecommendedAction } from './service';

export const presentActions = (actions: RecommendedAction[]): RecommendedActions => ({
  actions: actions.map((action) => ({ ...action })),
});

export const presentComprehensive = (insights: Comprehensive): ComprehensiveInsights => ({
  retentionByDifficulty: insights.retentionByDifficulty.map((row) => ({ ...row })),
  retentionBySet: insights.retentionBySet.map((row) => ({ ...row })),
  hardestCards: insights.hardestCards.map((card) => ({ ...card })),
  bestStudyHour: insights.bestStudyHour && { ...insights.bestStudyHour },
  recommendedActions: presentActions(insights.recommendedActions).actions,
});

export const presentInsight = (insight: InsightData): InsightByType => ({ ...insight });

export const presentUserInsights = (insights: Insight[]): UserInsights => ({
  insights: insights.map((insight) => ({ ...insight })),
});

// /api/insights/*: what the learner's own review logs say (retention by difficulty and by set,
// hardest cards, best study hour) and what to do next. Retention values are percents with one
// decimal, null when there is nothing to measure.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, Percent, TextParams, TimeZoneHeaders } from './common';

export const DifficultyRetention = Type.Object({
  difficulty_level: Type.Integer(),
  reviews: Type.Integer(),
  retention: Percent,
});

export const SetRetention = Type.Object({
  /** null: the cards in no set. */
  category_id: Nullable(Type.Integer()),
  name: Type.String(),
  reviews: Type.Integer(),
  retention: Percent,
});

export const HardestCard = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  lapses: Type.Integer(),
  reviews: Type.Integer(),
  againCount: Type.Integer(),
});

/** The local hour (0-23) with the best retention; null until there are enough reviews to tell. */
export const BestStudyHour = Nullable(
  Type.Object({ hour: Type.Integer({ minimum: 0, maximum: 23 }), reviews: Type.Integer(), retention: Percent }),
);

export const RecommendedActionKey = Type.Union([
  Type.Literal('create-cards'),
  Type.Literal('review-due'),
  Type.Literal('daily-goal'),
  Type.Literal('learn-new'),
  Type.Literal('all-caught-up'),
]);

export const RecommendedAction = Type.Object({
  /** The text's key; `params` its values (review-due, learn-new: count; daily-goal: count, studied, goal). */
  key: RecommendedActionKey,
  params: TextParams,
  /** In English. */
  title: Type.String(),
  description: Type.String(),
  /** The app path that acts on it. */
  route: Type.String(),
  /** 1 is the most urgent; lists are sorted by it. */
  priority: Type.Integer(),
});

export const ComprehensiveInsights = Type.Object({
  retentionByDifficulty: Type.Array(DifficultyRetention),
  retentionBySet: Type.Array(SetRetention),
  hardestCards: Type.Array(HardestCard),
  bestStudyHour: BestStudyHour,
  recommendedActions: Type.Array(RecommendedAction),
});

/** GET /insights/:type: one insight, tagged with its type. */
export const InsightByType = Type.Union([
  Type.Object({ type: Type.Literal('retention-by-difficulty'), data: Type.Array(DifficultyRetention) }),
  Type.Object({ type: Type.Literal('retention-by-set'), data: Type.Array(SetRetention) }),
  Type.Object({ type: Type.Literal('hardest-cards'), data: Type.Array(HardestCard) }),
  Type.Object({ type: Type.Literal('best-study-hour'), data: BestStudyHour }),
]);

/**
 * A sentence about the learner's reviews: `type` is its key, `params` its values (retention:
 * percent; retention-by-difficulty: difficulty, percent; retention-by-set: set, percent;
 * hardest-cards: question, count; best-study-hour: hour, percent, reviews), title and message in
 * English.
 */
export const Insight = Type.Object({
  type: Type.String(),
  params: TextParams,
  title: Type.String(),
  message: Type.String(),
});
export const UserInsights = Type.Object({ insights: Type.Array(Insight) });
export const RecommendedActions = Type.Object({ actions: Type.Array(RecommendedAction) });

export const insightsEndpoints = {
  comprehensive: endpoint('GET', '/insights/comprehensive', {
    headers: TimeZoneHeaders,
    response: { 200: ComprehensiveInsights, ...errorResponses(401) },
  }),
  userInsights: endpoint('GET', '/insights/user-insights', {
    headers: TimeZoneHeaders,
    response: { 200: UserInsights, ...errorResponses(401) },
  }),
  recommendedActions: endpoint('GET', '/insights/actions/recommended', {
    headers: TimeZoneHeaders,
    response: { 200: RecommendedActions, ...errorResponses(401) },
  }),
  /** retention-by-difficulty | retention-by-set | hardest-cards | best-study-hour; other types: 404. */
  byType: endpoint('GET', '/insights/:type', {
    headers: TimeZoneHeaders,
    params: Type.Object({ type: Type.String() }),
    response: { 200: InsightByType, ...errorResponses(401, 404) },
  }),
};

export type DifficultyRetention = Static<typeof DifficultyRetention>;
export type SetRetention = Static<typeof SetRetention>;
export type HardestCard = Static<typeof HardestCard>;
export type BestStudyHour = Static<typeof BestStudyHour>;
export type RecommendedAction = Static<typeof RecommendedAction>;
export type ComprehensiveInsights = Static<typeof ComprehensiveInsights>;
export type InsightByType = Static<typeof InsightByType>;
export type InsightType = InsightByType['type'];
export type Insight = Static<typeof Insight>;
export type UserInsights = Static<typeof UserInsights>;
export type RecommendedActions = Static<typeof RecommendedActions>;

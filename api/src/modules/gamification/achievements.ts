// The achievement catalogue. Progress toward each is computed from the learner's own data
// (GamificationRepository.facts); an achievement unlocks once, on a check, and pays its XP
// and tokens then. Keys are stored in user_achievements: never rename one.

/** What the repository measures for a learner (see GamificationRepository.facts). */
export interface AchievementFacts {
  /** Reviews logged (undone reviews no longer count). */
  reviews: number;
  /** Cards the learner has now. */
  cards: number;
  /** Longest run of consecutive local days with at least one review. */
  bestReviewStreak: number;
  /** Sessions ended after studying at least one card. */
  finishedSessions: number;
  /** Most cards studied (in sessions) on one local day. */
  bestDayCards: number;
  /** The learner's daily goal (cards per day). */
  dailyGoal: number;
}

type Metric = Exclude<keyof AchievementFacts, 'dailyGoal'>;

export interface AchievementDefinition {
  key: string;
  name: string;
  description: string;
  metric: Metric;
  /** A number, or the learner's own daily goal. */
  target: number | 'dailyGoal';
  xp: number;
  tokens: number;
}

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    key: 'first_review',
    name: 'First Steps',
    description: 'Review your first card',
    metric: 'reviews',
    target: 1,
    xp: 10,
    tokens: 5,
  },
  {
    key: 'reviews_100',
    name: 'Centurion',
    description: 'Review 100 cards',
    metric: 'reviews',
    target: 100,
    xp: 50,
    tokens: 20,
  },
  {
    key: 'reviews_1000',
    name: 'Memory Master',
    description: 'Review 1,000 cards',
    metric: 'reviews',
    target: 1000,
    xp: 200,
    tokens: 100,
  },
  {
    key: 'cards_10',
    name: 'Card Maker',
    description: 'Create 10 cards',
    metric: 'cards',
    target: 10,
    xp: 20,
    tokens: 10,
  },
  {
    key: 'cards_100',
    name: 'Librarian',
    description: 'Create 100 cards',
    metric: 'cards',
    target: 100,
    xp: 100,
    tokens: 50,
  },
  {
    key: 'streak_3',
    name: 'On a Roll',
    description: 'Review cards 3 days in a row',
    metric: 'bestReviewStreak',
    target: 3,
    xp: 30,
    tokens: 15,
  },
  {
    key: 'streak_7',
    name: 'Week Warrior',
    description: 'Review cards 7 days in a row',
    metric: 'bestReviewStreak',
    target: 7,
    xp: 100,
    tokens: 50,
  },
  {
    key: 'first_session',
    name: 'Session Complete',
    description: 'Finish your first study session',
    metric: 'finishedSessions',
    target: 1,
    xp: 10,
    tokens: 5,
  },
  {
    key: 'daily_goal',
    name: 'Goal Getter',
    description: 'Reach your daily goal',
    metric: 'bestDayCards',
    target: 'dailyGoal',
    xp: 25,
    tokens: 10,
  },
];

export interface AchievementStatus {
  definition: AchievementDefinition;
  target: number;
  /** Capped at the target; the target once unlocked (even if, say, cards were deleted since). */
  progress: number;
  unlockedAt: string | null;
  earned: boolean;
}

/** Every achievement of the catalogue, as `facts` and the unlocked ones (key -> time) say. */
export function achievementStatuses(
  facts: AchievementFacts,
  unlocked: ReadonlyMap<string, string>,
): AchievementStatus[] {
  return ACHIEVEMENTS.map((definition) => {
    const target = definition.target === 'dailyGoal' ? facts.dailyGoal : definition.target;
    const unlockedAt = unlocked.get(definition.key) ?? null;
    const value = facts[definition.metric];
    return {
      definition,
      target,
      progress: unlockedAt !== null ? target : Math.min(value, target),
      unlockedAt,
      earned: value >= target,
    };
  });
}

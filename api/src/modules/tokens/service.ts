// Tokens: the balance and history of the ledger, and the ways to earn more. Tokens are only
// credited by the server (daily bonus, achievements); nothing here writes to the ledger.
import type { TokenHistoryQuery, TokenOpportunity } from '@flashcard/api-contract/schemas';
import type { TokenLedgerRow } from '../../db/schema';
import { DAILY_GOAL_XP } from '../../lib/experience';
import { DAILY_BONUS_STREAK_CAP, type DailyBonusStatus } from '../daily-bonus';
import type { AchievementStatus } from '../gamification';
import type { TokensRepository } from './repository';

/** A way to earn tokens (the contract's shape). */
export type Opportunity = TokenOpportunity;

export interface TokensServiceDeps {
  repository: TokensRepository;
  dailyBonus: { status(userId: number, timeZone: string): Promise<DailyBonusStatus> };
  achievements: (userId: number, timeZone: string) => Promise<AchievementStatus[]>;
}

export class TokensService {
  constructor(private readonly deps: TokensServiceDeps) {}

  balance(userId: number): Promise<number> {
    return this.deps.repository.balance(userId);
  }

  history(userId: number, { limit, offset }: TokenHistoryQuery): Promise<TokenLedgerRow[]> {
    return this.deps.repository.history(userId, limit, offset);
  }

  /** What the learner can still earn: the daily bonus, the daily goal, locked achievements. */
  async opportunities(userId: number, timeZone: string): Promise<Opportunity[]> {
    const [bonus, achievements] = await Promise.all([
      this.deps.dailyBonus.status(userId, timeZone),
      this.deps.achievements(userId, timeZone),
    ]);
    const streakRule = `It grows with each day in a row, up to ${DAILY_BONUS_STREAK_CAP} days.`;
    return [
      {
        key: 'daily_bonus',
        params: { claimable: bonus.available ? 1 : 0, streak_cap: DAILY_BONUS_STREAK_CAP },
        title: 'Daily bonus',
        description: bonus.available
          ? `Claim today's bonus. ${streakRule}`
          : `Already claimed today: come back tomorrow. ${streakRule}`,
        reward: bonus.reward,
      },
      {
        key: 'daily_goal',
        params: {},
        title: 'Daily goal',
        description: 'Study as many cards as your daily goal, once a day.',
        reward: { tokens: 0, xp: DAILY_GOAL_XP },
      },
      ...achievements
        .filter((status) => status.unlockedAt === null)
        .map(({ definition, progress, target }) => ({
          key: `achievement:${definition.key}`,
          params: { achievement: definition.key, progress, target },
          title: definition.name,
          description: `${definition.description} (${progress}/${target}).`,
          reward: { tokens: definition.tokens, xp: definition.xp },
        })),
    ];
  }
}

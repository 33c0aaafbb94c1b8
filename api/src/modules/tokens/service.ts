// Tokens: the balance and history of the ledger, the ways to earn more, and what they buy. Tokens
// are only credited by the server (daily bonus, achievements); the one debit here is a purchase.
import {
  STREAK_FREEZE,
  type StreakFreezeStatus,
  type TokenHistoryQuery,
  type TokenOpportunity,
} from '@flashcard/api-contract/schemas';
import type { TokenLedgerRow } from '../../db/schema';
import type { InTransaction } from '../../db/transaction';
import { DAILY_GOAL_XP } from '../../lib/experience';
import { badRequest } from '../../lib/http-error';
import { TOKEN_REASONS } from '../../lib/tokens';
import { DAILY_BONUS_STREAK_CAP, type DailyBonusStatus } from '../daily-bonus';
import type { AchievementStatus } from '../gamification';
import type { StreakFreezesRepository } from './freezes-repository';
import type { TokensRepository } from './repository';

/** A way to earn tokens (the contract's shape). */
export type Opportunity = TokenOpportunity;

/** What a purchase writes, in one transaction. */
export interface TokensRepos {
  tokens: TokensRepository;
  freezes: StreakFreezesRepository;
}

export interface TokensServiceDeps {
  repos: TokensRepos;
  inTransaction: InTransaction<TokensRepos>;
  now: () => Date;
  dailyBonus: { status(userId: number, timeZone: string): Promise<DailyBonusStatus> };
  achievements: (userId: number, timeZone: string) => Promise<AchievementStatus[]>;
}

export class TokensService {
  constructor(private readonly deps: TokensServiceDeps) {}

  balance(userId: number): Promise<number> {
    return this.deps.repos.tokens.balance(userId);
  }

  history(userId: number, { limit, offset }: TokenHistoryQuery): Promise<TokenLedgerRow[]> {
    return this.deps.repos.tokens.history(userId, limit, offset);
  }

  async streakFreezes(userId: number): Promise<StreakFreezeStatus> {
    const { tokens, freezes } = this.deps.repos;
    const [held, balance] = await Promise.all([freezes.held(userId), tokens.balance(userId)]);
    return { held, maxHeld: STREAK_FREEZE.maxHeld, price: STREAK_FREEZE.price, balance };
  }

  /**
   * Buys a streak freeze: the debit and the freeze in one transaction, after the learner's row is
   * locked, so two buys at once read one after the other and the balance never goes below zero.
   */
  buyStreakFreeze(userId: number): Promise<StreakFreezeStatus> {
    const { price, maxHeld } = STREAK_FREEZE;
    return this.deps.inTransaction(async ({ tokens, freezes }) => {
      await freezes.lockLearner(userId);
      const [held, balance] = await Promise.all([freezes.held(userId), tokens.balance(userId)]);
      if (held >= maxHeld) throw badRequest(`You already hold the most streak freezes (${maxHeld})`);
      if (balance < price) {
        throw badRequest(`A streak freeze costs ${price} tokens; your balance is ${balance}`);
      }
      const boughtAt = this.deps.now().toISOString();
      const id = await freezes.add(userId, boughtAt);
      await tokens.add({
        user_id: userId,
        amount: -price,
        reason: TOKEN_REASONS.streakFreeze,
        reference: `streak_freeze:${id}`,
        created_at: boughtAt,
      });
      return { held: held + 1, maxHeld, price, balance: balance - price };
    });
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

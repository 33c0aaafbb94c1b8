// The daily bonus: claimable once per local day (the learner's time zone), paying tokens and
// XP that grow with the streak of consecutive claim days, up to a cap.
//
// Concurrency: the unique (user_id, claim_day) index admits one claim per day; a claim that
// loses the race is refused like any second claim. Day numbers only move forward (a claim
// needs today > the latest claim's day), so switching time zones gains at most one extra claim.
import type { Reward } from '@flashcard/api-contract/schemas';
import { isUniqueViolation } from '../../db/errors';
import type { NewTokenLedgerEntry } from '../../db/schema';
import type { InTransaction } from '../../db/transaction';
import { DAILY_BONUS_XP_PER_DAY, XP_SOURCES } from '../../lib/experience';
import { conflict } from '../../lib/http-error';
import { dayStarts, dayToDate } from '../../lib/local-time';
import { localDayNumber, toTimestamp } from '../../lib/time';
import { TOKEN_REASONS } from '../../lib/tokens';
import type { ExperienceRepository } from '../experience';
import type { DailyBonusRepository } from './repository';

export const DAILY_BONUS_TOKENS_PER_DAY = 10;
/** Streak days beyond this pay no more: a week-long streak earns the top reward. */
export const DAILY_BONUS_STREAK_CAP = 7;

export const MESSAGES = {
  alreadyClaimed: 'Daily bonus already claimed today',
} as const;

/** Tokens and XP a claim pays (the contract's shape). */
export type { Reward };

/** The reward of a claim that makes the streak `streak` days long. */
export function dailyBonusReward(streak: number): Reward {
  const days = Math.min(Math.max(streak, 1), DAILY_BONUS_STREAK_CAP);
  return { tokens: DAILY_BONUS_TOKENS_PER_DAY * days, xp: DAILY_BONUS_XP_PER_DAY * days };
}

/** The "bonus available" notification of local day `day`: one per day (its dedupe key). */
export const bonusNotificationKey = (day: number) => `daily_bonus:${day}`;

/** The instant local day `day` begins in `timeZone`. */
export function startOfLocalDay(day: number, timeZone: string): Date {
  return new Date(dayStarts(timeZone, day, day)[0]!);
}

export interface DailyBonusStatus {
  available: boolean;
  /** Today's local day number. */
  today: number;
  /** The current streak: the latest claim's, if it was today or yesterday; else 0. */
  streak: number;
  /** What the next claim pays (now if available, else at nextClaimAt). */
  reward: Reward;
  nextClaimAt: string;
  lastClaimedAt: string | null;
  /** What the latest claim paid. */
  lastReward: Reward | null;
}

export interface Claimed {
  streak: number;
  reward: Reward;
  nextClaimAt: string;
}

export interface DailyBonusRepos {
  dailyBonus: DailyBonusRepository;
  tokens: TokenLedger;
  experience: ExperienceRepository;
  notifications: BonusNotifications;
}

// The token ledger and the notifications belong to modules above this one (tokens/ and
// notifications/ show the bonus), so it names only what a claim writes to them; their
// repositories are what modules/engagement passes in.
export interface TokenLedger {
  add(entry: NewTokenLedgerEntry): Promise<void>;
}

export interface BonusNotifications {
  /** Deletes the learner's "bonus available" offers (none: nothing happens). */
  removeBonusOffers(userId: number): Promise<void>;
}

export interface DailyBonusServiceDeps {
  repos: DailyBonusRepos;
  inTransaction: InTransaction<DailyBonusRepos>;
  now: () => Date;
}

export class DailyBonusService {
  constructor(private readonly deps: DailyBonusServiceDeps) {}

  /** `timeZone` is a canonical IANA name (routes fall back to UTC). */
  async status(userId: number, timeZone: string): Promise<DailyBonusStatus> {
    const now = this.deps.now();
    const today = localDayNumber(now, timeZone);
    const last = await this.deps.repos.dailyBonus.latest(userId);
    const available = !last || last.claim_day < today;
    const continues = last !== undefined && last.claim_day >= today - 1;
    return {
      available,
      today,
      streak: continues ? last.streak : 0,
      // Claimed today: the next claim (tomorrow) continues the streak.
      reward: dailyBonusReward(continues ? last.streak + 1 : 1),
      nextClaimAt: available || !last ? toTimestamp(now) : toTimestamp(startOfLocalDay(last.claim_day + 1, timeZone)),
      lastClaimedAt: last?.claimed_at ?? null,
      lastReward: last ? { tokens: last.tokens, xp: last.xp } : null,
    };
  }

  /** Pays the bonus (tokens, XP) in one transaction; 409 when today's was claimed already. */
  async claim(userId: number, timeZone: string): Promise<Claimed> {
    const now = this.deps.now();
    const at = toTimestamp(now);
    const today = localDayNumber(now, timeZone);
    try {
      return await this.deps.inTransaction(async ({ dailyBonus, tokens, experience, notifications }) => {
        const last = await dailyBonus.latest(userId);
        if (last && last.claim_day >= today) throw conflict(MESSAGES.alreadyClaimed);
        const streak = last && last.claim_day === today - 1 ? last.streak + 1 : 1;
        const reward = dailyBonusReward(streak);
        await dailyBonus.insert({ user_id: userId, claim_day: today, claimed_at: at, streak, ...reward });
        await tokens.add({
          user_id: userId,
          amount: reward.tokens,
          reason: TOKEN_REASONS.dailyBonus,
          // The local date claimed, e.g. 2024-06-11.
          reference: dayToDate(today),
          created_at: at,
        });
        await experience.grant({ user_id: userId, source: XP_SOURCES.dailyBonus, amount: reward.xp, created_at: at });
        // "Bonus available" offers nothing once claimed: gone from the bell, not just read.
        await notifications.removeBonusOffers(userId);
        return { streak, reward, nextClaimAt: toTimestamp(startOfLocalDay(today + 1, timeZone)) };
      });
    } catch (error) {
      // A concurrent claim of the same day committed first.
      if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyClaimed);
      throw error;
    }
  }
}

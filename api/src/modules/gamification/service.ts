// Levels, achievements, the leaderboard and the one XP grant a client may ask for.
//
// XP is never minted on request: experience/add accepts only the daily-goal reward, of its
// exact amount, once per local day, and only when the server counts the goal as reached.
// Achievements unlock once (unique index), paying their XP and tokens in the same transaction.
import type { AddExperienceInput, LeaderboardQuery } from '@flashcard/api-contract/schemas';
import type { NewNotification, NewTokenLedgerEntry } from '../../db/schema';
import type { InTransaction } from '../../db/transaction';
import { DAILY_GOAL_XP, XP_SOURCES } from '../../lib/experience';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { notificationKey } from '../../lib/notification-text';
import { parseId } from '../../lib/params';
import { localDayNumber, toTimestamp } from '../../lib/time';
import { TOKEN_REASONS } from '../../lib/tokens';
import type { ExperienceRepository } from '../experience';
import { achievementStatuses, type AchievementStatus } from './achievements';
import type { GamificationRepository, LeaderboardRow, PublicUser } from './repository';

// Local "today" began less than 48 hours ago in every time zone (offsets span UTC-12..UTC+14).
const TODAY_LOOKBACK_MS = 48 * 60 * 60 * 1000;

export const MESSAGES = {
  userNotFound: 'User not found',
  sourceRequired: 'Source is required',
  sourceRefused: (source: string) => `Experience points are earned by studying; source "${source}" cannot be added`,
  amountInvalid: `The daily goal is worth exactly ${DAILY_GOAL_XP} experience points`,
  goalNotReached: (studied: number, goal: number) =>
    `Reach your daily goal first: ${studied} of ${goal} cards studied today`,
  goalAlreadyRewarded: "Today's daily goal experience points were already added",
} as const;

export interface GamificationRepos {
  gamification: GamificationRepository;
  experience: ExperienceRepository;
  tokens: TokenLedger;
  notifications: NotificationWriter;
}

// The token ledger and the notifications belong to modules above this one (tokens/ and
// notifications/ read achievements from here), so it names only what it writes to them; their
// repositories are what modules/engagement passes in.
export interface TokenLedger {
  add(entry: NewTokenLedgerEntry): Promise<void>;
  balance(userId: number): Promise<number>;
}

export interface NotificationWriter {
  /** False when one with the same dedupe key exists already. */
  create(notification: NewNotification): Promise<boolean>;
}

export interface GamificationServiceDeps {
  repos: GamificationRepos;
  inTransaction: InTransaction<GamificationRepos>;
  /** Cards studied today and the goal, as the dashboard counts them. */
  dailyGoal: (userId: number, timeZone: string) => Promise<{ cardsStudied: number; dailyGoal: number }>;
  /** The current (alive since yesterday) and longest review streak, as the dashboard counts them. */
  streaks: (userId: number, timeZone: string) => Promise<{ current: number; longest: number }>;
  now: () => Date;
}

export interface PublicProfile {
  user: PublicUser;
  experiencePoints: number;
  achievementsUnlocked: number;
}

export interface Profile extends PublicProfile {
  tokens: number;
  currentStreak: number;
  longestStreak: number;
  cards: number;
  reviews: number;
}

export interface Leaderboard {
  entries: LeaderboardRow[];
  me: { rank: number; experiencePoints: number };
}

export interface CheckResult {
  unlocked: AchievementStatus[];
  achievements: AchievementStatus[];
}

export class GamificationService {
  constructor(private readonly deps: GamificationServiceDeps) {}

  /**
   * The learner's own profile: tokens, and the numbers of their own history (streaks in local
   * days of `timeZone`, a streak that ended yesterday still alive; cards; reviews).
   */
  async profile(userId: number, timeZone = 'UTC'): Promise<Profile> {
    const { gamification } = this.deps.repos;
    const [publicProfile, tokens, streaks, facts] = await Promise.all([
      this.profileOf(userId, userId),
      this.deps.repos.tokens.balance(userId),
      this.deps.streaks(userId, timeZone),
      gamification.counts(userId),
    ]);
    if (!publicProfile) throw notFound(MESSAGES.userNotFound);
    return { ...publicProfile, tokens, currentStreak: streaks.current, longestStreak: streaks.longest, ...facts };
  }

  /**
   * A learner's public profile, as their privacy setting lets the viewer see it: a malformed,
   * unknown, hidden or disabled one is the same "not found" (no oracle of who exists).
   */
  async publicProfile(viewerId: number, rawId: string): Promise<PublicProfile> {
    const id = parseId(rawId);
    const profile = id === null ? undefined : await this.profileOf(viewerId, id);
    if (!profile) throw notFound(MESSAGES.userNotFound);
    return profile;
  }

  private async profileOf(viewerId: number, userId: number): Promise<PublicProfile | undefined> {
    const { gamification, experience } = this.deps.repos;
    const [user, experiencePoints, achievementsUnlocked] = await Promise.all([
      gamification.publicUser(viewerId, userId),
      experience.total(userId),
      gamification.countUnlocked(userId),
    ]);
    return user && { user, experiencePoints, achievementsUnlocked };
  }

  async leaderboard(userId: number, { limit }: LeaderboardQuery): Promise<Leaderboard> {
    const { gamification, experience } = this.deps.repos;
    const [entries, experiencePoints] = await Promise.all([
      gamification.leaderboard(userId, limit),
      experience.total(userId),
    ]);
    return { entries, me: { rank: await gamification.rankOf(userId, experiencePoints), experiencePoints } };
  }

  /** The catalogue with the learner's progress; unlocking happens in checkAchievements. */
  async achievements(userId: number, timeZone: string): Promise<AchievementStatus[]> {
    const { gamification } = this.deps.repos;
    const [facts, streaks, unlocked] = await Promise.all([
      gamification.facts(userId, timeZone),
      this.deps.streaks(userId, timeZone),
      gamification.unlocked(userId),
    ]);
    return achievementStatuses(
      { ...facts, bestReviewStreak: streaks.longest },
      new Map(unlocked.map((row) => [row.achievement_key, row.unlocked_at])),
    );
  }

  /**
   * Unlocks every achievement now earned and not yet unlocked, paying its XP and tokens and
   * notifying the learner. Concurrent checks unlock (and pay) each achievement once.
   */
  async checkAchievements(userId: number, timeZone: string): Promise<CheckResult> {
    const due = (await this.achievements(userId, timeZone)).filter(
      (status) => status.earned && status.unlockedAt === null,
    );
    const newlyUnlocked = new Set<string>();
    if (due.length > 0) {
      const at = toTimestamp(this.deps.now());
      await this.deps.inTransaction(async ({ gamification, experience, tokens, notifications }) => {
        for (const { definition } of due) {
          // Another check got there first: it paid, this one must not.
          if (!(await gamification.unlock(userId, definition.key, at))) continue;
          newlyUnlocked.add(definition.key);
          const reference = `achievement:${definition.key}`;
          await experience.grant({
            user_id: userId,
            source: XP_SOURCES.achievement,
            amount: definition.xp,
            created_at: at,
          });
          await tokens.add({
            user_id: userId,
            amount: definition.tokens,
            reason: TOKEN_REASONS.achievement,
            reference,
            created_at: at,
          });
          await notifications.create({
            user_id: userId,
            ...notificationKey('achievement_unlocked', {
              achievement: definition.key,
              xp: definition.xp,
              tokens: definition.tokens,
            }),
            // The English text: what an older client shows.
            title: `Achievement unlocked: ${definition.name}`,
            message: `${definition.description}. You earned ${definition.xp} XP and ${definition.tokens} tokens.`,
            dedupe_key: reference,
            created_at: at,
          });
        }
      });
    }
    const achievements = await this.achievements(userId, timeZone);
    return { unlocked: achievements.filter((status) => newlyUnlocked.has(status.definition.key)), achievements };
  }

  /**
   * The client's "add XP" call. Only the daily-goal reward exists: exact amount, goal reached
   * today (cards studied in the learner's time zone), once per local day. Another time zone
   * means another "today", whose goal must be reached by studying too.
   */
  async addExperience(
    userId: number,
    timeZone: string,
    input: AddExperienceInput,
  ): Promise<{ experiencePoints: number; granted: number }> {
    if (input.source === undefined || input.source === null || input.source === '')
      throw badRequest(MESSAGES.sourceRequired);
    if (input.source !== XP_SOURCES.dailyGoal) {
      const shown =
        typeof input.source === 'string' ? input.source.slice(0, 40) : JSON.stringify(input.source).slice(0, 40);
      throw badRequest(MESSAGES.sourceRefused(shown));
    }
    if (input.amount !== DAILY_GOAL_XP) throw badRequest(MESSAGES.amountInvalid);

    const now = this.deps.now();
    const today = localDayNumber(now, timeZone);
    const since = toTimestamp(new Date(now.getTime() - TODAY_LOOKBACK_MS));
    const goal = await this.deps.dailyGoal(userId, timeZone);
    await this.deps.inTransaction(async ({ gamification, experience }) => {
      // No unique index can say "once per local day" over the ledger: take the user's lock,
      // then look, so a concurrent request sees this grant.
      await gamification.lockUser(userId);
      if (await gamification.dailyGoalGrantedOn(userId, today, timeZone, since))
        throw conflict(MESSAGES.goalAlreadyRewarded);
      if (goal.cardsStudied < goal.dailyGoal)
        throw badRequest(MESSAGES.goalNotReached(goal.cardsStudied, goal.dailyGoal));
      await experience.grant({
        user_id: userId,
        source: XP_SOURCES.dailyGoal,
        amount: DAILY_GOAL_XP,
        created_at: toTimestamp(now),
      });
    });
    return { experiencePoints: await this.deps.repos.experience.total(userId), granted: DAILY_GOAL_XP };
  }
}

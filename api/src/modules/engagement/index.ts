// Wiring of the engagement modules (gamification, daily bonus, tokens, notifications), so
// app.ts only registers their routes. Their writes span the XP ledger, the token ledger and
// notifications: one transaction over these repositories.
//
// This module sits above the four and imports them (through their index.ts); none of them
// imports it or one above itself. Layers, bottom up: gamification (achievements) -> daily-bonus
// -> tokens, notifications (they show the bonus and the achievements). Where a lower one writes
// to a higher one's table (an achievement pays tokens and notifies), it declares the methods it
// needs (gamification's TokenLedger, NotificationWriter; daily-bonus's TokenLedger,
// BonusNotifications) and this wiring passes the repositories that have them.
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import { DailyBonusRepository, dailyBonusRoutes, DailyBonusService } from '../daily-bonus';
import { ExperienceRepository } from '../experience';
import {
  GamificationRepository,
  gamificationRoutes,
  GamificationService,
  type GamificationServiceDeps,
} from '../gamification';
import { NotificationsRepository, notificationRoutes, NotificationsService } from '../notifications';
import { StreakFreezesRepository, TokensRepository, tokenRoutes, TokensService, type TokensRepos } from '../tokens';

// The dashboard's streaks use the freezes the tokens module sells (app.ts passes this).
export { dailyBonusRoutes, gamificationRoutes, notificationRoutes, StreakFreezesRepository, tokenRoutes };

export interface EngagementDeps {
  now: () => Date;
  /** Cards studied today and the goal, as the dashboard counts them. */
  dailyGoal: GamificationServiceDeps['dailyGoal'];
  streaks: GamificationServiceDeps['streaks'];
}

export function createEngagementServices(db: Db, { now, dailyGoal, streaks }: EngagementDeps) {
  const reposOn = (handle: Db) => ({
    gamification: new GamificationRepository(handle),
    dailyBonus: new DailyBonusRepository(handle),
    tokens: new TokensRepository(handle),
    notifications: new NotificationsRepository(handle),
    experience: new ExperienceRepository(handle),
  });
  const repos = reposOn(db);
  const transactional = { repos, inTransaction: inTransaction(db, reposOn) };

  const gamification = new GamificationService({ ...transactional, dailyGoal, streaks, now });
  const dailyBonus = new DailyBonusService({ ...transactional, now });
  const tokenRepos = (handle: Db): TokensRepos => ({
    tokens: new TokensRepository(handle),
    freezes: new StreakFreezesRepository(handle),
  });
  const tokens = new TokensService({
    repos: tokenRepos(db),
    inTransaction: inTransaction(db, tokenRepos),
    now,
    dailyBonus,
    achievements: (userId, timeZone) => gamification.achievements(userId, timeZone),
  });
  const notifications = new NotificationsService({ repository: repos.notifications, dailyBonus, now });
  return { gamification, dailyBonus, tokens, notifications };
}

// Wiring of the engagement modules (gamification, daily bonus, tokens, notifications), so
// app.ts only registers their routes. Their writes span the XP ledger, the token ledger and
// notifications: one transaction over these repositories.
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import { DailyBonusRepository } from '../daily-bonus/repository';
import dailyBonusRoutes from '../daily-bonus/routes';
import { DailyBonusService } from '../daily-bonus/service';
import { ExperienceRepository } from '../experience/repository';
import { NotificationsRepository } from '../notifications/repository';
import notificationRoutes from '../notifications/routes';
import { NotificationsService } from '../notifications/service';
import { TokensRepository } from '../tokens/repository';
import tokenRoutes from '../tokens/routes';
import { TokensService } from '../tokens/service';
import { GamificationRepository } from './repository';
import gamificationRoutes from './routes';
import { GamificationService, type GamificationServiceDeps } from './service';

export { dailyBonusRoutes, gamificationRoutes, notificationRoutes, tokenRoutes };

export interface EngagementDeps {
  now: () => Date;
  /** Cards studied today and the goal, as the dashboard counts them. */
  dailyGoal: GamificationServiceDeps['dailyGoal'];
}

export function createEngagementServices(db: Db, { now, dailyGoal }: EngagementDeps) {
  const reposOn = (handle: Db) => ({
    gamification: new GamificationRepository(handle),
    dailyBonus: new DailyBonusRepository(handle),
    tokens: new TokensRepository(handle),
    notifications: new NotificationsRepository(handle),
    experience: new ExperienceRepository(handle),
  });
  const repos = reposOn(db);
  const transactional = { repos, inTransaction: inTransaction(db, reposOn) };

  const gamification = new GamificationService({ ...transactional, dailyGoal, now });
  const dailyBonus = new DailyBonusService({ ...transactional, now });
  const tokens = new TokensService({
    repository: repos.tokens,
    dailyBonus,
    achievements: (userId, timeZone) => gamification.achievements(userId, timeZone),
  });
  const notifications = new NotificationsService({ repository: repos.notifications, dailyBonus, now });
  return { gamification, dailyBonus, tokens, notifications };
}

// What the rest of the API uses of the gamification module (other modules import it from here only).
export { ACHIEVEMENTS, type AchievementStatus } from './achievements';
export { GamificationRepository } from './repository';
export { default as gamificationRoutes } from './routes';
export { GamificationService, type GamificationServiceDeps } from './service';

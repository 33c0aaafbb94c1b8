// What the rest of the API uses of the daily-bonus module (other modules import it from here only).
export { DailyBonusRepository } from './repository';
export { default as dailyBonusRoutes } from './routes';
export {
  bonusNotificationKey,
  DAILY_BONUS_STREAK_CAP,
  DailyBonusService,
  type DailyBonusStatus,
  type Reward,
} from './service';

// What the rest of the API uses of the dashboard module (other modules import it from here only).
export { presentSession } from './presenter';
export { DashboardRepository, RATING_AGAIN } from './repository';
export { default as dashboardRoutes } from './routes';
export { DashboardService, type DailyGoalProgress } from './service';

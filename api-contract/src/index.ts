// The app-side contract: the schemas' types plus the typed call functions. Bundled into each
// app that imports it (not a federation singleton): a remote released alone brings its own
// calls, so a call it adds is never missing at run time.
export * from './schemas';
// The FSRS-6 scheduler the API schedules with (ts-fsrs is bundled only where it is used).
export * from './scheduler';
export { callEndpoint } from './calls/call';
export { authApi } from './calls/auth';
export { recoveryApi } from './calls/recovery';
export { healthApi } from './calls/health';
export { dashboardApi } from './calls/dashboard';
export {
  cardQueryParams,
  cardsApi,
  categoriesApi,
  type CardCursor,
  type CardFilters,
  type CardPage,
  type CardSortChoice,
} from './calls/cards';
export { learningApi, settingsApi, spacedRepetitionApi, type StudyScope } from './calls/study';
export { optimizerApi } from './calls/optimizer';
export { mediaApi } from './calls/media';
export { workloadApi } from './calls/workload';
export { presetsApi } from './calls/presets';
export { gamificationApi } from './calls/gamification';
export { dailyBonusApi, insightsApi, notificationsApi, tokensApi } from './calls/engagement';
export { platformApi } from './calls/platform';
export { serviceApi, type ServiceCalls } from './calls/gateway';
export { socialApi } from './calls/social';
export { adminApi } from './calls/admin';
export { userApi } from './calls/user';

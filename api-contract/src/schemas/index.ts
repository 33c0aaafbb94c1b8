// The server-safe half of the contract: schemas, types and endpoints, no HTTP client.
// The API imports this entry (`@flashcard/api-contract/schemas`).
export * from '../endpoint';
export * from '../notes';
export * from '../occlusion';
export * from '../anki-math';
export * from '../choices';
export * from '../steps';
export * from '../card-search';
export * from './common';
export * from './auth';
export * from './health';
export * from './dashboard';
export * from './sessions';
export * from './cards';
export * from './card-browser';
export * from './categories';
export * from './study';
export * from './insights';
export * from './gamification';
export * from './daily-bonus';
export * from './tokens';
export * from './notifications';
export * from './platform';
export * from './gateway';
export * from './social';
export * from './admin';
export * from './settings';
export * from './optimizer';
export * from './media';
export * from './workload';
export * from './presets';

import { adminEndpoints } from './admin';
import { authEndpoints } from './auth';
import { cardsEndpoints } from './cards';
import { cardBrowserEndpoints } from './card-browser';
import { categoriesEndpoints } from './categories';
import { dailyBonusEndpoints } from './daily-bonus';
import { dashboardEndpoints } from './dashboard';
import { gamificationEndpoints } from './gamification';
import { gatewayEndpoints } from './gateway';
import { healthEndpoints } from './health';
import { insightsEndpoints } from './insights';
import { notificationsEndpoints } from './notifications';
import { optimizerEndpoints } from './optimizer';
import { mediaEndpoints } from './media';
import { platformEndpoints } from './platform';
import { presetsEndpoints } from './presets';
import { sessionsEndpoints } from './sessions';
import { socialEndpoints } from './social';
import { settingsEndpoints } from './settings';
import { studyEndpoints } from './study';
import { tokensEndpoints } from './tokens';
import { workloadEndpoints } from './workload';

/** Every endpoint of the contract, by area; the contract test walks this table. */
export const ENDPOINTS = {
  auth: authEndpoints,
  health: healthEndpoints,
  dashboard: dashboardEndpoints,
  sessions: sessionsEndpoints,
  cards: cardsEndpoints,
  cardBrowser: cardBrowserEndpoints,
  categories: categoriesEndpoints,
  study: studyEndpoints,
  insights: insightsEndpoints,
  gamification: gamificationEndpoints,
  dailyBonus: dailyBonusEndpoints,
  tokens: tokensEndpoints,
  notifications: notificationsEndpoints,
  platform: platformEndpoints,
  gateway: gatewayEndpoints,
  social: socialEndpoints,
  admin: adminEndpoints,
  settings: settingsEndpoints,
  optimizer: optimizerEndpoints,
  media: mediaEndpoints,
  workload: workloadEndpoints,
  presets: presetsEndpoints,
};

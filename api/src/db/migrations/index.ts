// The list of migrations, registered in code rather than found by scanning a folder, so the
// same list works from src/*.ts (tsx, jest) and dist/*.js. Add new files at the end; names
// sort in the order they run.
import type { Migration } from 'kysely';
import type { DialectName } from '../index';
import * as auth from './0001_auth';
import * as study from './0002_study';
import * as cards from './0003_cards';
import * as reviews from './0004_reviews';
import * as engagement from './0005_engagement';
import * as statistics from './0006_statistics';
import * as cardSearch from './0007_card_search';
import * as platform from './0008_platform';
import * as social from './0009_social';
import * as admin from './0010_admin';
import * as userPreferences from './0011_user_preferences';
import * as richCards from './0012_rich_cards';
import * as revocation from './0014_revocation';
import * as fsrsParameters from './0015_fsrs_parameters';
import * as accountTimeZone from './0016_account_time_zone';
import * as cardReviewTotals from './0017_card_review_totals';
import * as reviewQuarters from './0018_review_quarters';
import * as cardStatisticsIndex from './0019_card_statistics_index';
import * as forecastIndex from './0020_forecast_index';
import * as cardSearchTrigram from './0021_card_search_trigram';
import * as userTotals from './0022_user_totals';
import * as cardReviewTotalsAttributes from './0023_card_review_totals_attributes';
import * as reviewDays from './0024_review_days';
import * as retentionGroups from './0025_retention_groups';
import * as sessionTotals from './0026_session_totals';
import * as deployTokenScopes from './0027_deploy_token_scopes';
import * as releaseHealth from './0028_release_health';
import * as notificationParams from './0029_notification_params';
import * as friendRequestPrivacy from './0030_friend_request_privacy';
import * as registryEventParams from './0031_registry_event_params';
import * as serviceGateway from './0033_service_gateway';
import * as cardCreateKeys from './0034_card_create_keys';
import * as passwordResetTokens from './0035_password_reset_tokens';
import * as learningSteps from './0036_learning_steps';
import * as studyPresets from './0037_study_presets';
import * as sessionCards from './0038_session_cards';
import * as streakFreezes from './0039_streak_freezes';

interface MigrationModule {
  up(db: Parameters<Migration['up']>[0], dialect: DialectName): Promise<void>;
  down?(db: Parameters<Migration['up']>[0], dialect: DialectName): Promise<void>;
}

const MIGRATIONS: Record<string, MigrationModule> = {
  '0001_auth': auth,
  '0002_study': study,
  '0003_cards': cards,
  '0004_reviews': reviews,
  '0005_engagement': engagement,
  '0006_statistics': statistics,
  '0007_card_search': cardSearch,
  '0008_platform': platform,
  '0009_social': social,
  '0010_admin': admin,
  '0011_user_preferences': userPreferences,
  '0012_rich_cards': richCards,
  '0014_revocation': revocation,
  '0015_fsrs_parameters': fsrsParameters,
  '0016_account_time_zone': accountTimeZone,
  '0017_card_review_totals': cardReviewTotals,
  '0018_review_quarters': reviewQuarters,
  '0019_card_statistics_index': cardStatisticsIndex,
  '0020_forecast_index': forecastIndex,
  '0021_card_search_trigram': cardSearchTrigram,
  '0022_user_totals': userTotals,
  '0023_card_review_totals_attributes': cardReviewTotalsAttributes,
  '0024_review_days': reviewDays,
  '0025_retention_groups': retentionGroups,
  '0026_session_totals': sessionTotals,
  '0027_deploy_token_scopes': deployTokenScopes,
  '0028_release_health': releaseHealth,
  '0029_notification_params': notificationParams,
  '0030_friend_request_privacy': friendRequestPrivacy,
  '0031_registry_event_params': registryEventParams,
  '0033_service_gateway': serviceGateway,
  '0034_card_create_keys': cardCreateKeys,
  '0035_password_reset_tokens': passwordResetTokens,
  '0036_learning_steps': learningSteps,
  '0037_study_presets': studyPresets,
  '0038_session_cards': sessionCards,
  '0039_streak_freezes': streakFreezes,
};

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, module]) => [
      name,
      {
        up: (db) => module.up(db, dialect),
        down: module.down ? (db) => module.down!(db, dialect) : undefined,
      } satisfies Migration,
    ]),
  );
}

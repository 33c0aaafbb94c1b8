// What the rest of the API uses of the social module (other modules import it from here only).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ACHIEVEMENTS } from '../gamification';
import { NotificationsRepository } from '../notifications';
import { SocialRepository } from './repository';
import { SocialService, type SocialServiceDeps } from './service';

export { SocialRepository } from './repository';
export { default as socialRoutes } from './routes';
export { SocialService } from './service';

/** The service on this database: notifications written through the notifications module. */
export function createSocialService(db: Kysely<Database>, deps: Pick<SocialServiceDeps, 'currentStreak' | 'now'>): SocialService {
  return new SocialService(
    { repository: new SocialRepository(db), notifications: new NotificationsRepository(db), ...deps },
    new Map(ACHIEVEMENTS.map((a) => [a.key, a.name])),
  );
}

// What the rest of the API uses of the social module (other modules import it from here only).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { ACHIEVEMENTS } from '../gamification';
import { NotificationsRepository } from '../notifications';
import { SocialRepository } from './repository';
import { SocialService, type SocialServiceDeps } from './service';

export { SocialRepository } from './repository';
export { default as socialRoutes } from './routes';
export { SocialService } from './service';

/** The service on this database: notifications written through the notifications module, in a request's transaction. */
export function createSocialService(
  db: Kysely<Database>,
  deps: Pick<SocialServiceDeps, 'currentStreak' | 'now'>,
): SocialService {
  const reposOn = (handle: Kysely<Database>) => ({
    repository: new SocialRepository(handle),
    notifications: new NotificationsRepository(handle),
  });
  return new SocialService(
    { ...reposOn(db), inTransaction: inTransaction(db, reposOn), ...deps },
    new Map(ACHIEVEMENTS.map((a) => [a.key, a.name])),
  );
}

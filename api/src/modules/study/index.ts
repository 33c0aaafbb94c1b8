// What the rest of the API uses of the study module (other modules import it from here only):
// its routes with the services behind them and the repository each other module needs (the
// queue's counts, review logs and whether a card exists, the scheduler settings). The scheduler
// itself is the contract's (`@flashcard/api-contract/scheduler`), shared with the browsers.
import type { Db } from '../../db';
import { inTransaction } from '../../db/transaction';
import { ExperienceRepository } from '../experience';
import { NotificationsRepository } from '../notifications';
import { SessionsRepository } from '../sessions';
import { DueLoadRepository } from './load-repository';
import { QueueRepository } from './queue-repository';
import { QueueService, type QueueServiceDeps } from './queue-service';
import { ReviewRepository } from './review-repository';
import { ReviewService } from './review-service';
import type { StudyServices } from './routes';
import { SchedulerSettingsRepository } from './settings-repository';
import { SchedulerSettingsService } from './settings-service';
import { StudyStatsRepository } from './stats-repository';
import { StudyStatsService } from './stats-service';

export { QueueRepository } from './queue-repository';
export { ReviewRepository } from './review-repository';
export { default as studyRoutes, type StudyServices } from './routes';
export {
  SchedulerSettingsRepository,
  schedulerColumnsOf,
  studySettingsOf,
  parseParameters,
} from './settings-repository';
export { applyStudySettings, checkedSetting } from './settings-service';
export { dueWindow } from './study-card';

/** The study services on this database; a review writes its card, log, session count and XP in one transaction. */
export function createStudyServices(
  db: Db,
  deps: Pick<QueueServiceDeps, 'dailyGoal' | 'now'> & { random?: () => number },
): StudyServices {
  const { now, random } = deps;
  const reviewRepos = (handle: Db) => ({
    reviews: new ReviewRepository(handle),
    sessions: new SessionsRepository(handle),
    experience: new ExperienceRepository(handle),
    notifications: new NotificationsRepository(handle),
    load: new DueLoadRepository(handle),
  });
  const queue = new QueueRepository(db);
  const settings = new SchedulerSettingsRepository(db);
  return {
    queue: new QueueService({ queue, settings, ...deps }),
    review: new ReviewService({
      repos: reviewRepos(db),
      inTransaction: inTransaction(db, reviewRepos),
      now,
      random,
    }),
    settings: new SchedulerSettingsService({ repository: settings, now }),
    stats: new StudyStatsService({ stats: new StudyStatsRepository(db), queue, settings, now }),
  };
}

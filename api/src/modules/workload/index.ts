// What the rest of the API uses of the workload module (other modules import it from here only).
import type { Db } from '../../db';
import { SchedulerSettingsRepository } from '../study';
import { WorkloadRepository } from './repository';
import { WorkloadService } from './service';

export { default as workloadRoutes } from './routes';
export { WorkloadService } from './service';

/** The workload service on this database. */
export function createWorkloadService(db: Db, now: () => Date): WorkloadService {
  return new WorkloadService({
    repository: new WorkloadRepository(db),
    schedulerSettings: new SchedulerSettingsRepository(db),
    now,
  });
}

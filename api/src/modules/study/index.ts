// What the rest of the API uses of the study module (other modules import it from here only).
export { StudyRepository } from './repository';
export { default as studyRoutes } from './routes';
export { NEW_STATE, Scheduler, type SchedulerSettings, type SchedulingState } from './scheduler';
export { StudyService, applyStudySettings } from './service';

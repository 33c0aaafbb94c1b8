// What the rest of the API uses of the study module (other modules import it from here only).
export { DEFAULT_SETTINGS as DEFAULT_STUDY_SETTINGS, StudyRepository } from './repository';
export { default as studyRoutes } from './routes';
export { LEARN_AHEAD_MS, NEW_STATE, Scheduler, type SchedulerSettings, type SchedulingState } from './scheduler';
export { StudyService, applyStudySettings } from './service';

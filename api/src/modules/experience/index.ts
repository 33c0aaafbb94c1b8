// The experience-point ledger every module that grants XP writes to (lib/experience.ts says what earns it).
export { ExperienceRepository } from './repository';

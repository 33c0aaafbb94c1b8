export { Spinner } from './Spinner';
export { StandaloneHarness } from './StandaloneHarness';
export { AccessDenied } from './AccessDenied';
export { UI_NAMESPACE, useUiText } from './i18n';
export { toastFailure } from './toastFailure';
export { RichText, loadRenderer, type RichTextProps } from './rich/RichText';
export { RichMediaProvider, cachedMediaResolver, type MediaResolver } from './rich/media';
export { achievementText, isKnownAchievement, useAchievementText, type AchievementText } from './achievementText';
export { learnerName, useLearnerName, type NamedLearner } from './learnerName';

// Presets -> the JSON the set options dialog reads.
import type { StudyPreset } from '@flashcard/api-contract/schemas';
import type { Preset } from './service';

export function presentPreset(preset: Preset): StudyPreset {
  return {
    id: preset.id,
    name: preset.name,
    isDefault: preset.isDefault,
    newCardsPerDay: preset.newCardsPerDay,
    maximumReviewsPerDay: preset.maximumReviewsPerDay,
    learningSteps: preset.learningSteps,
    relearningSteps: preset.relearningSteps,
    desiredRetention: preset.desiredRetention,
    maximumInterval: preset.maximumInterval,
    fsrsParameters: preset.fsrsParameters,
    sets: preset.sets.map(({ id, name }) => ({ id, name })),
  };
}

// /api/spaced-repetition/presets and /api/categories/:id/preset: named option presets shared by
// sets, as Anki's deck option presets. The default preset is the account's study settings
// (/user/settings, /spaced-repetition/settings): it always exists (id 0), is never deleted, and a
// set without a preset uses it. Body values are checked by the API's presets service with the
// settings' bounds (STUDY_SETTINGS_BOUNDS, STEPS_BOUNDS), so a wrong one gets a message naming it.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { BodyId, Checked, errorResponses, Nullable, PathId } from './common';

/** The default preset's id: the account's study settings. */
export const DEFAULT_PRESET_ID = 0;
/** Presets a learner may have besides the default. */
export const MAX_PRESETS = 50;
/** A preset name's length once trimmed. */
export const PRESET_NAME_MAX = 100;
/** FSRS-6's weights: a preset's own parameters are exactly this many numbers. */
export const FSRS_PARAMETER_COUNT = 21;

export const PresetSet = Type.Object({ id: Type.Integer(), name: Type.String() });

export const StudyPreset = Type.Object({
  /** 0: the default preset. */
  id: Type.Integer(),
  /** The default preset's is "Default" (the screens word it in the page's language). */
  name: Type.String(),
  isDefault: Type.Boolean(),
  newCardsPerDay: Type.Integer(),
  maximumReviewsPerDay: Type.Integer(),
  /** "1m 10m", as StudySettings has them. */
  learningSteps: Type.String(),
  /** "10m"; "" for none. */
  relearningSteps: Type.String(),
  desiredRetention: Type.Number(),
  /** Days. */
  maximumInterval: Type.Integer(),
  /** Its own FSRS-6 weights; null: the learner's fitted ones in use, else FSRS-6's defaults. Always null for the default preset. */
  fsrsParameters: Nullable(Type.Array(Type.Number())),
  /** The learner's sets using it, by name (the default's: every set without a preset). */
  sets: Type.Array(PresetSet),
});

/** Any JSON value: the service checks each field, so every wrong one gets its message. */
const Value = Type.Optional(Checked('string', 'number', 'boolean', 'null', 'array', 'object'));

/** A create names the preset (absent fields: the default preset's); an edit changes the fields given. */
export const PresetBody = Type.Object({
  name: Value,
  newCardsPerDay: Value,
  maximumReviewsPerDay: Value,
  learningSteps: Value,
  relearningSteps: Value,
  desiredRetention: Value,
  maximumInterval: Value,
  /** 21 numbers, or null for none. */
  fsrsParameters: Value,
});

export const PresetParams = Type.Object({ id: PathId });
export const PresetDeleteResult = Type.Object({
  message: Type.String(),
  /** Sets that used it: back on the default preset. */
  setsMoved: Type.Integer(),
});

/** The preset a set uses: a preset id, or null (or 0) for the default. */
export const SetPresetBody = Type.Object({ presetId: Type.Union([BodyId, Type.Null()]) });
export const SetPresetResult = Type.Object({ setId: Type.Integer(), presetId: Type.Integer() });

export const presetsEndpoints = {
  list: endpoint('GET', '/spaced-repetition/presets', {
    response: { 200: Type.Array(StudyPreset), ...errorResponses(401) },
  }),
  create: endpoint('POST', '/spaced-repetition/presets', {
    body: PresetBody,
    response: { 201: StudyPreset, ...errorResponses(400, 401, 409) },
  }),
  update: endpoint('PUT', '/spaced-repetition/presets/:id', {
    params: PresetParams,
    body: PresetBody,
    response: { 200: StudyPreset, ...errorResponses(400, 401, 404, 409) },
  }),
  remove: endpoint('DELETE', '/spaced-repetition/presets/:id', {
    params: PresetParams,
    response: { 200: PresetDeleteResult, ...errorResponses(400, 401, 404) },
  }),
  assign: endpoint('PUT', '/categories/:id/preset', {
    params: PresetParams,
    body: SetPresetBody,
    response: { 200: SetPresetResult, ...errorResponses(400, 401, 404) },
  }),
};

export type StudyPreset = Static<typeof StudyPreset>;
export type PresetSet = Static<typeof PresetSet>;
/** What the app sends: typed values (the schema also lets wrong ones reach the service's message). */
export type PresetInput = Partial<Omit<StudyPreset, 'id' | 'isDefault' | 'sets'>>;
export type PresetDeleteResult = Static<typeof PresetDeleteResult>;
export type SetPresetResult = Static<typeof SetPresetResult>;

// /api/spaced-repetition/workload: the learner's expected study work for the coming days at a
// chosen desired retention (Anki's FSRS simulator), simulated from their cards' memory states,
// their FSRS-6 parameters in use, their new cards per day and their own answer times; and the
// retention-versus-workload curve (Anki's "minimum recommended retention") to pick a target.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, QueryInteger } from './common';
import { STUDY_SETTINGS_BOUNDS } from './study';

/** Days simulated: the next year at most. */
export const WORKLOAD_DAYS = { min: 1, max: 365, default: 365 } as const;
/** The retentions a simulation may run at: those the study settings accept. */
export const WORKLOAD_RETENTION = STUDY_SETTINGS_BOUNDS.desiredRetention;
/** The curve's retentions: from `min` to `max` in steps of `step`. */
export const WORKLOAD_CURVE = { min: 0.7, max: 0.97, step: 0.01 } as const;

export const WorkloadQuery = Type.Object({
  /** Absent: the learner's desired retention. */
  retention: Type.Optional(
    Type.Number({
      minimum: WORKLOAD_RETENTION.min,
      maximum: WORKLOAD_RETENTION.max,
      errorMessage: `retention must be between ${WORKLOAD_RETENTION.min} and ${WORKLOAD_RETENTION.max}`,
    }),
  ),
  days: QueryInteger(WORKLOAD_DAYS, `days must be between ${WORKLOAD_DAYS.min} and ${WORKLOAD_DAYS.max}`),
});

/** One retention of the curve: the average day's work over the period and what is known at its end. */
export const WorkloadPoint = Type.Object({
  retention: Type.Number(),
  reviewsPerDay: Type.Number(),
  minutesPerDay: Type.Number(),
  /** Expected cards remembered at the end (the sum of every card's probability of recall). */
  knowledge: Type.Number(),
});

export const Workload = Type.Object({
  /** The retention simulated. */
  retention: Type.Number(),
  /** The learner's desired retention now. */
  target: Type.Number(),
  days: Type.Integer(),
  /** Whether the learner's own fitted FSRS-6 parameters were used (else FSRS-6's defaults). */
  personalParameters: Type.Boolean(),
  /** Cards already studied (their memory states) and new cards waiting to be introduced. */
  cards: Type.Object({ studied: Type.Integer(), new: Type.Integer(), newPerDay: Type.Integer() }),
  /** Per day from today (index 0): expected reviews, new cards introduced, minutes of study. */
  daily: Type.Object({
    reviews: Type.Array(Type.Number()),
    newCards: Type.Array(Type.Number()),
    minutes: Type.Array(Type.Number()),
  }),
  /** The period at `retention`: averages per day and the knowledge at its end. */
  summary: WorkloadPoint,
  /** From WORKLOAD_CURVE.min to .max. */
  curve: Type.Array(WorkloadPoint),
  /** The curve's retention with the fewest minutes per card remembered; null with nothing to remember. */
  efficient: Nullable(Type.Number()),
});

export const workloadEndpoints = {
  /** Simulated off the request thread; seeded, so the same cards and query give the same answer. */
  workload: endpoint('GET', '/spaced-repetition/workload', {
    querystring: WorkloadQuery,
    response: { 200: Workload, ...errorResponses(400, 401) },
  }),
};

export type WorkloadPoint = Static<typeof WorkloadPoint>;
export type Workload = Static<typeof Workload>;

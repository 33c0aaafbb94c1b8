// /api/spaced-repetition/optimizer: the learner's own FSRS-6 parameters, fitted from their
// review history. A fit scores the default and the fitted parameters on that history (log loss
// and RMSE, lower is better) and uses the fitted ones only when they predict it better.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable } from './common';

/** How well a parameter set predicted the learner's recalls (lower is better for both). */
export const ParameterScore = Type.Object({ logLoss: Type.Number(), rmse: Type.Number() });

export const OptimizerResult = Type.Object({
  fittedAt: Type.String(),
  /** Reviews in the history this fit learnt from. */
  reviewCount: Type.Integer(),
  default: ParameterScore,
  fitted: ParameterScore,
  /** True when the fitted parameters scored better and now schedule the learner's cards. */
  inUse: Type.Boolean(),
  /** The 21 FSRS-6 weights fitted. */
  parameters: Type.Array(Type.Number()),
});

export const OptimizerStatus = Type.Object({
  /** Reviews in the learner's history now. */
  reviewCount: Type.Integer(),
  /** Fewer reviews than this cannot be fitted (422). */
  minimumReviews: Type.Integer(),
  /** Enough new reviews since the last fit (or ever) that a fit is worth running. */
  suggested: Type.Boolean(),
  /** A fit of this learner is under way. */
  running: Type.Boolean(),
  result: Nullable(OptimizerResult),
});

export const RescheduleResult = Type.Object({
  /** Cards in review whose memory state and due date were recomputed. */
  rescheduled: Type.Integer(),
});

export const optimizerEndpoints = {
  status: endpoint('GET', '/spaced-repetition/optimizer', {
    response: { 200: OptimizerStatus, ...errorResponses(401) },
  }),
  /** Fits now (off the request thread) and answers the new status; 409 while a fit runs, 422 with too few reviews. */
  optimize: endpoint('POST', '/spaced-repetition/optimizer', {
    response: { 200: OptimizerStatus, ...errorResponses(401, 409, 422) },
  }),
  /** Recomputes every reviewed card's memory state from its history with the parameters in use, and its due date. */
  reschedule: endpoint('POST', '/spaced-repetition/optimizer/reschedule', {
    response: { 200: RescheduleResult, ...errorResponses(401, 409) },
  }),
};

export type ParameterScore = Static<typeof ParameterScore>;
export type OptimizerStatus = Static<typeof OptimizerStatus>;
export type RescheduleResult = Static<typeof RescheduleResult>;

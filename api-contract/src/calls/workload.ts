// The workload simulator's call (schemas/workload.ts).
import { workloadEndpoints as ep } from '../schemas/workload';
import { callEndpoint, given } from './call';

export const workloadApi = {
  /** Retention absent: the learner's desired retention; days absent: WORKLOAD_DAYS' default. */
  simulate: (query: { retention?: number; days?: number } = {}) =>
    callEndpoint(ep.workload, { querystring: given(query) }),
};

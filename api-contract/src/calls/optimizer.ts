// The optimizer's calls (schemas/optimizer.ts): status, fit, reschedule.
import { optimizerEndpoints as ep } from '../schemas/optimizer';
import { callEndpoint } from './call';

export const optimizerApi = {
  status: () => callEndpoint(ep.status, {}),
  /** Takes seconds for a long history (it runs off the server's request thread). */
  optimize: () => callEndpoint(ep.optimize, {}),
  reschedule: () => callEndpoint(ep.reschedule, {}),
};

// GET /health: 200 when the API and its database answer.
import { healthEndpoints as ep } from '../schemas/health';
import { callEndpoint } from './call';

export const healthApi = {
  check: () => callEndpoint(ep.check, {}),
};

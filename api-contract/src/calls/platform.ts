// Typed calls of the platform registry (see schemas/platform.ts).
import { platformEndpoints as ep, type CreateDeployTokenBody, type LoadFailureBody } from '../schemas/platform';
import { callEndpoint } from './call';

export const platformApi = {
  manifest: () => callEndpoint(ep.manifest, {}),
  overview: () => callEndpoint(ep.overview, {}),
  promote: (name: string, version: string) => callEndpoint(ep.promote, { params: { name }, body: { version } }),
  setCanary: (name: string, version: string | undefined, percent: number) =>
    callEndpoint(ep.canary, { params: { name }, body: { version, percent } }),
  tokens: () => callEndpoint(ep.tokens, {}),
  createToken: (body: CreateDeployTokenBody) => callEndpoint(ep.createToken, { body }),
  revokeToken: (id: number) => callEndpoint(ep.revokeToken, { params: { id: String(id) } }),
  /** Best effort: a report that fails is not reported again. */
  reportLoadFailure: (body: LoadFailureBody) =>
    callEndpoint(ep.reportLoadFailure, { body }, { skipErrorToast: true }).then(() => undefined),
};

// Typed calls of the platform registry (see schemas/platform.ts).
import {
  platformEndpoints as ep,
  type CanaryBody,
  type CreateDeployTokenBody,
  type HealthReportBody,
} from '../schemas/platform';
import { gatewayEndpoints as gw, type RegisterServiceBody } from '../schemas/gateway';
import { callEndpoint, type CallConfig } from './call';

export const platformApi = {
  /** `config`: e.g. `{ skipErrorToast: true }` for a check in the background. */
  manifest: (config?: CallConfig) => callEndpoint(ep.manifest, {}, config),
  overview: () => callEndpoint(ep.overview, {}),
  promote: (name: string, version: string) => callEndpoint(ep.promote, { params: { name }, body: { version } }),
  setCanary: (name: string, body: CanaryBody) => callEndpoint(ep.canary, { params: { name }, body }),
  remoteStatus: (name: string) => callEndpoint(ep.remoteStatus, { params: { name } }),
  createPreview: (name: string, version: string) =>
    callEndpoint(ep.createPreview, { params: { name }, body: { version } }),
  leavePreviews: () => callEndpoint(ep.leavePreviews, {}).then(() => undefined),
  tokens: () => callEndpoint(ep.tokens, {}),
  createToken: (body: CreateDeployTokenBody) => callEndpoint(ep.createToken, { body }),
  revokeToken: (id: number) => callEndpoint(ep.revokeToken, { params: { id: String(id) } }),
  /** The service gateway's registry (see schemas/gateway.ts): admins read it, super admins change it. */
  services: () => callEndpoint(gw.services, {}),
  /** One service with its health, probed now (up to 2 s); `config` as for `manifest`. */
  serviceStatus: (name: string, config?: CallConfig) => callEndpoint(gw.serviceStatus, { params: { name } }, config),
  registerService: (body: RegisterServiceBody) => callEndpoint(gw.registerService, { body }),
  removeService: (name: string) => callEndpoint(gw.removeService, { params: { name } }).then(() => undefined),
  /** Best effort: a report that fails is not reported again. */
  report: (body: HealthReportBody) => callEndpoint(ep.report, { body }, { skipErrorToast: true }).then(() => undefined),
};

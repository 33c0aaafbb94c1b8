// Typed calls of a team's own service behind the gateway, declared with `serviceEndpoint`
// (schemas/gateway.ts) and called through the kernel's client like every platform call: the same
// Bearer header, refresh, errors and toasts. (The registry of services is platformApi's.)
import type { Endpoint, RequestOf, ResponseOf } from '../endpoint';
import type { ServiceEndpoint } from '../schemas/gateway';
import { callEndpoint, type CallConfig } from './call';

/** One call function per endpoint: `(request, config?) => Promise<its success body>`. */
export type ServiceCalls<T extends Record<string, ServiceEndpoint>> = {
  [K in keyof T]: (request: RequestOf<T[K]>, config?: CallConfig) => Promise<ResponseOf<T[K]>>;
};

/**
 * A team's service as call functions: `serviceApi(quizEndpoints).question({ params: { id: 3 } })`
 * is `callEndpoint(quizEndpoints.question, ...)`, a GET of `/api/services/quiz/questions/3`.
 */
export function serviceApi<const T extends Record<string, ServiceEndpoint>>(endpoints: T): ServiceCalls<T> {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => [
      name,
      (request: RequestOf<Endpoint>, config?: CallConfig) => callEndpoint(endpoint, request, config),
    ]),
  ) as unknown as ServiceCalls<T>;
}

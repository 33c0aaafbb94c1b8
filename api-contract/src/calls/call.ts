// The one way an app calls an endpoint: through the kernel's axios client (base URL, token,
// refresh, error toasts), with the endpoint's path and types. No app writes a URL.
import { apiClient } from '@flashcard/shared-auth';
import type { AxiosRequestConfig } from 'axios';
import { fillPath, type Endpoint, type RequestOf, type ResponseOf } from '../endpoint';

/** Only the query values that were given: the API applies its defaults to the others. */
export function given<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

/** What a call may add to its request: axios options and the kernel's (`skipErrorToast`). */
export type CallConfig = AxiosRequestConfig;

export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  request: RequestOf<E>,
  config: CallConfig = {},
): Promise<ResponseOf<E>> {
  const parts = request as {
    params?: Record<string, string | number>;
    querystring?: object;
    body?: unknown;
    headers?: object;
  };
  const response = await apiClient.request<ResponseOf<E>>({
    ...config,
    method: endpoint.method,
    url: fillPath(endpoint.path, parts.params),
    params: parts.querystring,
    // A body that is not JSON (an image's bytes) comes in config.data.
    data: parts.body ?? config.data,
    headers: { ...(config.headers as object), ...parts.headers },
  });
  return response.data;
}

// Test helper: a fake transport for the real axios client, so interceptors run exactly as in
// the browser while no network is touched.
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { apiClient } from './client';

export type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | Error;
export type Route = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

export interface FakeServer {
  calls: InternalAxiosRequestConfig[];
  restore: () => void;
}

/** Routes every request of `apiClient` to `route`; non-2xx replies reject like axios does. */
export function fakeServer(route: Route): FakeServer {
  const calls: InternalAxiosRequestConfig[] = [];
  const original = apiClient.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const reply = await route(config);
    if (reply instanceof Error) throw reply;
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: reply.headers ?? {},
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, undefined, config, {}, response);
  };
  apiClient.defaults.adapter = adapter;
  return { calls, restore: () => void (apiClient.defaults.adapter = original) };
}

export function authHeader(config: InternalAxiosRequestConfig): string | undefined {
  const value = config.headers?.Authorization ?? config.headers?.get?.('Authorization');
  return value ? String(value) : undefined;
}

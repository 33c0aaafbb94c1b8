// GET /metrics in Prometheus' text format (fastify-metrics over prom-client): request rate,
// latency and errors per route and status (a histogram), the process and event-loop delay
// (prom-client's default metrics) and the PostgreSQL pool. Each app keeps its own registry, so
// several apps in one process (the tests) do not collide. Only a scraper may read it: with
// METRICS_TOKEN set, one presenting it as a Bearer token; without, requests from this machine,
// told by the client address the rest of the API uses (request.ip: behind a proxy named in
// TRUST_PROXY, the address it forwards, so the proxy's own loopback address opens nothing).
import type { FastifyRequest } from 'fastify';
import metricsPlugin from 'fastify-metrics';
import fp from 'fastify-plugin';
import client from 'prom-client';
import { poolStats, type Db } from '../db';
import { notFound } from '../lib/http-error';
import type { AttemptStoreState } from './rate-limit';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: a module adds its own metrics to it (the gateway's per service). */
    metricsRegistry: client.Registry;
  }
}

export default fp(
  async (app, options: { db: Db; token?: string; attemptStore: () => AttemptStoreState }) => {
    const registry = new client.Registry();
    app.decorate('metricsRegistry', registry);

    // Refused like an unknown path: the endpoint is not advertised to the public.
    const scraperOnly = async (request: FastifyRequest) => {
      const allowed = options.token
        ? request.headers.authorization === `Bearer ${options.token}`
        : LOOPBACK.has(request.ip);
      if (!allowed) throw notFound('Not found');
    };

    await app.register(metricsPlugin, {
      endpoint: { url: '/metrics', method: 'GET', onRequest: scraperOnly, handler: undefined as never },
      defaultMetrics: { enabled: true, register: registry },
      routeMetrics: {
        enabled: { histogram: true, summary: false },
        registeredRoutesOnly: true,
        routeBlacklist: ['/metrics'],
        // Both kinds go to this app's registry (the summary is created even when off).
        overrides: { histogram: { registers: [registry] }, summary: { registers: [registry] } },
      },
    });

    new client.Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (absent on SQLite)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats(options.db);
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new client.Gauge({
      name: 'flashcard_rate_limit_store_degraded',
      help: '1 while REDIS_URL is set but Redis does not answer, so attempt limits count in this process only',
      registers: [registry],
      collect() {
        this.set(options.attemptStore() === 'memory-fallback' ? 1 : 0);
      },
    });
  },
  { name: 'metrics', dependencies: ['rate-limit'] },
);

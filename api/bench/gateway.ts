// The service gateway's overhead: the same call to a team's server (a bare Fastify route on this
// machine) made straight and through /api/services/<name>/*, in the same run, so the difference
// is what the gateway adds (auth, lookup, rate limit, breaker, the signed token, the proxy hop).
import os from 'node:os';
import { measure, type Benchmark } from './lib/load';
import { BARE_PATH, signUp, startApp, startBare } from './lib/server';

const SERVICE = 'bench';

const benchmark: Benchmark = {
  name: 'gateway',
  async run(log) {
    const upstream = await startBare();
    const app = await startApp('sqlite');
    try {
      // Registered as an operator would; the registry's own checks are the API's tests' business.
      await app.db
        .insertInto('gateway_services')
        .values({
          name: SERVICE,
          url: upstream.base,
          remotes: '[]',
          created_by: 'bench',
          created_at: new Date().toISOString(),
        })
        .execute();
      const token = await signUp(app.base, 'gateway.bench@example.com', 'benchmark password');
      const headers = { authorization: `Bearer ${token}` };
      const probe = await fetch(`${app.base}/api/services/${SERVICE}${BARE_PATH}`, { headers });
      if (probe.status !== 200) throw new Error(`the gateway answered ${probe.status}: ${await probe.text()}`);

      log('straight to the service');
      const straight = await measure(`GET ${BARE_PATH} straight to the service`, `${upstream.base}${BARE_PATH}`);
      log('through the gateway');
      const through = await measure(
        `GET /api/services/${SERVICE}${BARE_PATH} through the gateway`,
        `${app.base}/api/services/${SERVICE}${BARE_PATH}`,
        { headers },
      );
      const added = (key: 'p50' | 'p99') => `${(through[key] - straight[key]).toFixed(0)} ms`;
      return {
        title: `gateway: overhead of /api/services/<name>/* over the same call straight, 16 connections, ${process.env.BENCH_DURATION ?? 10} s per route, ${os.cpus().length} CPUs`,
        rows: [straight, through],
        notes: [
          `the gateway adds p50 ${added('p50')} and p99 ${added('p99')}; req/s ${straight.requestsPerSecond.toFixed(0)} straight, ${through.requestsPerSecond.toFixed(0)} through it`,
          'both on this machine: the API and the service share its CPUs, so the gateway row also pays for the service it waits on',
          'each call authenticates the learner, finds the service (kept 2 s), counts the rate limit (memory here), checks the breaker and reuses a signed token (re-signed at half its life)',
        ],
      };
    } finally {
      await app.close();
      await upstream.close();
    }
  },
};

export default benchmark;

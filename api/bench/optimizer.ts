// The FSRS optimizer on a long history: one learner with 100,000 review logs (10,000 cards x
// 10 reviews), on a fresh SQLite file and a fresh PostgreSQL schema (BENCH_DATABASES narrows
// it). How long a fit takes (POST /api/spaced-repetition/optimizer, answered when the fit is
// saved), and whether the server stays responsive meanwhile: the p99 of 16 clients calling
// GET /api/auth/me while the fit runs, beside the same load with no fit.
import { runLoop } from './lib/http-loop';
import { type Benchmark, type Measurement } from './lib/load';
import { benchDatabases, signUp, startApp, type BenchDatabase } from './lib/server';
import { seedReviewHistory } from '../src/test/review-history';

const CARDS = 10_000;
const REVIEWS_PER_CARD = 10;
const CLIENTS = 16;
const BASELINE_SECONDS = 5;
const TARGET_P99_MS = 100;
const PASSWORD = 'benchmark password';

const benchmark: Benchmark = {
  name: 'optimizer',
  async run(log) {
    const rows: Measurement[] = [];
    let reviews = 0;
    for (const database of benchDatabases()) {
      const result = await runOn(database, log);
      rows.push(...result.rows);
      reviews = result.reviews;
    }
    return {
      title: `optimizer: FSRS-6 fit of one learner's ${reviews.toLocaleString('en')} reviews in a worker thread, ${benchDatabases().join(' and ')}`,
      rows,
      notes: [
        `"one call": the time of the fit request, end to end (read the history, fit, score both weight sets, save)`,
        `"during a fit": the same ${CLIENTS} clients while that fit runs; its p99 beside "no fit" is what the fit costs other requests`,
      ],
    };
  },
};

export default benchmark;

async function runOn(
  database: BenchDatabase,
  log: (line: string) => void,
): Promise<{ rows: Measurement[]; reviews: number }> {
  const { base, db, close } = await startApp(database);
  try {
    const email = 'bench.learner@example.com';
    const accessToken = await signUp(base, email, PASSWORD);
    const { id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const started = Date.now();
    const seeded = await seedReviewHistory(db, userId, {
      cards: CARDS,
      reviewsPerCard: REVIEWS_PER_CARD,
      now: new Date(),
    });
    log(
      `${database}: seeded ${seeded.reviews.toLocaleString('en')} review logs on ${CARDS.toLocaleString('en')} cards in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const headers = { authorization: `Bearer ${accessToken}` };
    const meLoad = (label: string, seconds: number, target?: number) =>
      runLoop({
        label: `${label} [${database}]`,
        origin: base,
        connections: CLIENTS,
        durationSeconds: seconds,
        requests: { method: 'GET', path: '/api/auth/me', headers },
        targetP99Ms: target,
      });

    log(`${database}: GET /api/auth/me, no fit running ...`);
    const idle = await meLoad(`GET /api/auth/me, ${CLIENTS} clients, no fit`, BASELINE_SECONDS);

    // A first, untimed fit loads the optimizer's code; the timed one is the steady cost.
    const fit = async () => {
      const began = Date.now();
      const response = await fetch(`${base}/api/spaced-repetition/optimizer`, { method: 'POST', headers });
      if (!response.ok) throw new Error(`fit: ${response.status} ${await response.text()}`);
      return {
        ms: Date.now() - began,
        body: (await response.json()) as {
          result: { default: { logLoss: number }; fitted: { logLoss: number }; inUse: boolean };
        },
      };
    };
    const warm = await fit();
    log(`${database}: first fit (loads the optimizer): ${warm.ms} ms; fitting again while GET /api/auth/me runs ...`);
    // The load lasts as long as the first fit took, and a second more, so it spans this one.
    const during = meLoad(
      `GET /api/auth/me, ${CLIENTS} clients, during a fit`,
      Math.ceil(warm.ms / 1000) + 1,
      TARGET_P99_MS,
    );
    const busyFit = fit();
    const [fitted, busy] = await Promise.all([busyFit, during]);
    log(
      `${database}: fit answered in ${fitted.ms} ms: log loss ${fitted.body.result.default.logLoss.toFixed(4)} (defaults) -> ${fitted.body.result.fitted.logLoss.toFixed(4)} (fitted), in use: ${fitted.body.result.inUse}`,
    );

    const fitRow: Measurement = {
      label: `POST /api/spaced-repetition/optimizer (${seeded.reviews.toLocaleString('en')} reviews), one call [${database}]`,
      p50: fitted.ms,
      p99: fitted.ms,
      requestsPerSecond: 1000 / fitted.ms,
      failures: 0,
    };
    return { rows: [fitRow, idle.measurement, busy.measurement], reviews: seeded.reviews };
  } finally {
    await close();
  }
}

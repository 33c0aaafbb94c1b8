import { ServiceTraffic, TRAFFIC_WINDOW_MS } from './traffic';

test('sums the calls of the window per service: count, rate, failed share and p95; older calls leave it', () => {
  let now = 1_000_000;
  const traffic = new ServiceTraffic(() => now);
  expect(traffic.view('quiz')).toEqual({
    windowSeconds: 300,
    requests: 0,
    requestsPerMinute: 0,
    errorRate: null,
    p95Ms: null,
  });
  for (let ms = 1; ms <= 100; ms++) traffic.record('quiz', ms, ms % 10 === 0);
  traffic.record('other', 5, true);
  expect(traffic.view('quiz')).toEqual({
    windowSeconds: 300,
    requests: 100,
    requestsPerMinute: 20,
    errorRate: 10,
    p95Ms: 95,
  });
  now += TRAFFIC_WINDOW_MS;
  traffic.record('quiz', 7, false);
  expect(traffic.view('quiz')).toMatchObject({ requests: 1, errorRate: 0, p95Ms: 7 });
  traffic.forget('quiz');
  expect(traffic.view('quiz').requests).toBe(0);
});

// What real browsers see of each remote area, reported to the registry (POST /api/platform/reports)
// as the per-version health behind the console and the automatic canary halt: load failures and
// render errors (RemoteArea's boundary), and the Web Vitals of the area the page is showing.
//
// Vitals are measured with the web-vitals library, loaded lazily once an area has rendered (its
// observers are buffered, so nothing painted before is missed). Each visit of an area (from its
// mount to leaving its route) collects the values web-vitals reports while the area is on screen:
//   - LCP only on the area the page was opened on: it is a page-load metric, finalized by the
//     first input, so a later area (reached by a click) has none;
//   - INP and CLS as web-vitals reports them (the page's worst interaction, its largest shift
//     window) when the entries behind the value happened during the visit; a value reached
//     before the area was shown belongs to what was shown then.
// The visit is sent when the area is left or the page is hidden (the last moment a browser
// reliably runs code), at most once per remote version per page view.
import { platformApi, type HealthReportBody } from '@flashcard/api-contract';
import type { Metric, onCLS, onINP, onLCP } from 'web-vitals';
import { OVERRIDE_VERSION } from './overrides';

/** Best effort: a report that fails is dropped, never retried or shown. */
export function reportHealth(body: HealthReportBody): void {
  // A developer's localhost build is no served version: the registry would ignore it.
  if (body.version === OVERRIDE_VERSION) return;
  platformApi.report(body).catch(() => undefined);
}

type Vitals = Pick<HealthReportBody, 'lcp' | 'inp' | 'cls'>;
export interface WebVitals {
  onLCP: typeof onLCP;
  onINP: typeof onINP;
  onCLS: typeof onCLS;
}

interface Visit {
  remote: string;
  version: string;
  /** performance.now() when the area mounted. */
  start: number;
  /** The first area of the page view: the only one LCP may belong to. */
  first: boolean;
  values: Vitals;
}

let visit: Visit | null = null;
/** The area the page was opened on; null once another one was shown (StrictMode remounts stay). */
let landing: string | null | undefined;
/** remote@version already reported in this page view. */
const reported = new Set<string>();
let started = false;

function send(done: Visit): void {
  const key = `${done.remote}@${done.version}`;
  if (reported.has(key)) return;
  const values = Object.entries(done.values).filter(([, value]) => value !== undefined);
  if (values.length === 0) return; // nothing measured yet: a later visit may still report
  reported.add(key);
  reportHealth({ remote: done.remote, version: done.version, kind: 'vitals', ...Object.fromEntries(values) });
}

/** The area of `remote` at `version` is on screen; the returned function says it left. */
export function enterArea(remote: string, version: string): () => void {
  if (visit) send(visit);
  const key = `${remote}@${version}`;
  if (landing === undefined) landing = key;
  else if (landing !== key) landing = null;
  const current: Visit = { remote, version, start: performance.now(), first: landing === key, values: {} };
  visit = current;
  return () => {
    if (visit !== current) return;
    visit = null;
    send(current);
  };
}

const LIMITS = { lcp: 600_000, inp: 600_000, cls: 100 } as const;

function record(name: keyof Vitals, metric: Metric): void {
  const current = visit;
  if (!current) return;
  if (name === 'lcp' && !current.first) return;
  const entries = metric.entries;
  const last = entries[entries.length - 1];
  if (last && last.startTime < current.start) return;
  const value = name === 'cls' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  current.values[name] = Math.min(Math.max(current.values[name] ?? 0, value), LIMITS[name]);
}

function onHidden(): void {
  // Registered on document (bubbling), so web-vitals' own window capture listener has already
  // reported its final values for the page going hidden.
  if (document.visibilityState === 'hidden' && visit) send(visit);
}

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1);
}

/**
 * Loads web-vitals (its own lazy chunk, off the first load) when the browser is idle, once.
 * `load` is for tests.
 */
export function startVitals(
  load: () => Promise<WebVitals> = () => import(/* webpackChunkName: "web-vitals" */ 'web-vitals'),
): void {
  if (started) return;
  started = true;
  document.addEventListener('visibilitychange', onHidden);
  whenIdle(() => {
    load()
      .then(({ onLCP, onINP, onCLS }) => {
        const opts = { reportAllChanges: true };
        onLCP((metric) => record('lcp', metric), opts);
        onINP((metric) => record('inp', metric), opts);
        onCLS((metric) => record('cls', metric), opts);
      })
      .catch(() => undefined); // no vitals is no reason to disturb the page
  });
}

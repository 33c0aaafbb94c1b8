import type { Metric } from 'web-vitals';
import type * as Health from './health';

type Listener = (metric: Metric) => void;

/** A fresh health module (its state is per page view) with web-vitals replaced by callbacks the test drives. */
async function pageView() {
  jest.resetModules();
  const { platformApi } = await import('@flashcard/api-contract');
  const report = jest.spyOn(platformApi, 'report').mockResolvedValue(undefined);
  const health: typeof Health = await import('./health');
  const listeners: Record<'LCP' | 'INP' | 'CLS', Listener[]> = { LCP: [], INP: [], CLS: [] };
  const options: unknown[] = [];
  health.startVitals(async () => ({
    onLCP: (cb, opts) => void (listeners.LCP.push(cb as Listener), options.push(opts)),
    onINP: (cb, opts) => void (listeners.INP.push(cb as Listener), options.push(opts)),
    onCLS: (cb, opts) => void (listeners.CLS.push(cb as Listener), options.push(opts)),
  }));
  // The loader runs when the browser is idle (a timer in jsdom).
  await jest.advanceTimersByTimeAsync(1);
  /** web-vitals reporting `value`, reached by an entry at `at` (performance.now() time). */
  const emit = (name: Metric['name'], value: number, at = performance.now()) => {
    const metric = { name, value, entries: [{ startTime: at }] } as unknown as Metric;
    for (const listener of listeners[name as 'LCP' | 'INP' | 'CLS']) listener(metric);
  };
  return { health, report, emit, options };
}

function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => jest.useFakeTimers());

afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  jest.restoreAllMocks();
  jest.useRealTimers();
});

test('the area the page opened on reports its LCP, INP and CLS once, when it is left', async () => {
  const { health, report, emit, options } = await pageView();
  expect(options).toEqual([{ reportAllChanges: true }, { reportAllChanges: true }, { reportAllChanges: true }]);
  const leave = health.enterArea('mfe_quiz', '0.2.0+1a2b3c4d');
  emit('LCP', 812.4);
  emit('LCP', 1403.6); // a larger paint replaces the candidate
  emit('CLS', 0.031234);
  emit('INP', 96);
  expect(report).not.toHaveBeenCalled();
  leave();
  expect(report).toHaveBeenCalledTimes(1);
  expect(report).toHaveBeenCalledWith({
    remote: 'mfe_quiz',
    version: '0.2.0+1a2b3c4d',
    kind: 'vitals',
    lcp: 1404,
    inp: 96,
    cls: 0.0312,
  });
  // Values arriving after the area was left belong to no area.
  emit('INP', 400);
  expect(report).toHaveBeenCalledTimes(1);
});

test('an area reached by navigation gets no LCP, and nothing measured before it was shown', async () => {
  const { health, report, emit } = await pageView();
  const leaveDashboardArea = health.enterArea('mfe_cards', '1.0.0+aaaaaaaa');
  emit('INP', 80);
  const before = performance.now();
  leaveDashboardArea();
  jest.advanceTimersByTime(2); // performance.now() too
  const leave = health.enterArea('mfe_study', '1.0.0+bbbbbbbb');
  emit('LCP', 3000); // a late LCP candidate: the page load's, not this area's
  emit('CLS', 0.2, before); // its shifts happened on the previous area
  emit('INP', 240);
  leave();
  expect(report).toHaveBeenLastCalledWith({ remote: 'mfe_study', version: '1.0.0+bbbbbbbb', kind: 'vitals', inp: 240 });
});

test('the page going hidden sends the area at once; it is not sent again in the same page view', async () => {
  const { health, report, emit } = await pageView();
  const leave = health.enterArea('mfe_quiz', '0.2.0+1a2b3c4d');
  emit('LCP', 900);
  emit('CLS', 0);
  hide();
  expect(report).toHaveBeenCalledWith({
    remote: 'mfe_quiz',
    version: '0.2.0+1a2b3c4d',
    kind: 'vitals',
    lcp: 900,
    cls: 0,
  });
  emit('INP', 300);
  leave();
  const again = health.enterArea('mfe_quiz', '0.2.0+1a2b3c4d');
  emit('INP', 500);
  again();
  expect(report).toHaveBeenCalledTimes(1);
});

test('an area with nothing measured sends nothing, and a later visit still may', async () => {
  const { health, report, emit } = await pageView();
  health.enterArea('mfe_quiz', '0.2.0+1a2b3c4d')();
  expect(report).not.toHaveBeenCalled();
  const leave = health.enterArea('mfe_quiz', '0.2.0+1a2b3c4d');
  emit('INP', 120);
  leave();
  expect(report).toHaveBeenCalledWith({ remote: 'mfe_quiz', version: '0.2.0+1a2b3c4d', kind: 'vitals', inp: 120 });
});

test('a remote overridden by a developer sends no vitals', async () => {
  const { health, report, emit } = await pageView();
  const leave = health.enterArea('mfe_quiz', 'local override');
  emit('INP', 120);
  leave();
  expect(report).not.toHaveBeenCalled();
});

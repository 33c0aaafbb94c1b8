// The FSRS optimizer's heavy work, in a worker thread: fitting (computeParameters of
// @open-spaced-repetition/binding, then its evaluate for the default and the fitted weights) and
// replaying each card's history with given weights (its memory state now). A long history takes
// seconds; the request thread goes on answering others meanwhile. The body is plain JavaScript
// evaluated in the thread, so it runs the same under tsx, jest and the built server.
import type { ParameterScore } from '@flashcard/api-contract/schemas';
import { runWorkerSource } from '../../lib/module-worker';
import { MS_PER_DAY } from '../../lib/time';

/** A learner's reviews, oldest first within each card, cards one after the other. */
export interface ReviewHistory {
  cardIds: Int32Array;
  /** ts-fsrs ratings: 1 Again .. 4 Easy. */
  ratings: Int8Array;
  /** Epoch milliseconds. */
  times: Float64Array;
  /** The learner's zone: FSRS counts elapsed time in the learner's days. */
  timeZone: string;
}

export interface FitResult {
  parameters: number[];
  default: ParameterScore;
  fitted: ParameterScore;
}

/** Per card (in history order), its memory state after its last review. */
export interface ReplayResult {
  cardIds: Int32Array;
  stability: Float64Array;
  difficulty: Float64Array;
}

// Gives the body `history` (cards as runs of reviews, each review with its local day number).
const PRELUDE = `
const { parentPort, workerData } = require('node:worker_threads');
const fsrs = require(workerData.binding);
const { cardIds, ratings, times, timeZone } = workerData.history;
const HOUR = 3600000;
const DAY = ${MS_PER_DAY};
// A zone's offset is fixed within a UTC hour (DST moves on whole hours): one Intl call per hour.
const format = new Intl.DateTimeFormat('en-US', {
  timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
});
const offsets = new Map();
function localDay(ms) {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p = {};
    for (const part of format.formatToParts(new Date(hour * HOUR))) p[part.type] = Number(part.value);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - hour * HOUR;
    offsets.set(hour, offset);
  }
  return Math.floor((ms + offset) / DAY);
}
// [card id, first index, end index) per card.
const runs = [];
for (let start = 0; start < cardIds.length; ) {
  let end = start + 1;
  while (end < cardIds.length && cardIds[end] === cardIds[start]) end++;
  runs.push([cardIds[start], start, end]);
  start = end;
}
const days = new Int32Array(times.length);
for (let i = 0; i < times.length; i++) days[i] = localDay(times[i]);
// A card's reviews as the binding takes them: the first with 0 days elapsed.
const reviewsOf = (start, end) => {
  const reviews = [];
  for (let i = start; i < end; i++) reviews.push(new fsrs.FSRSBindingReview(ratings[i], i === start ? 0 : days[i] - days[i - 1]));
  return reviews;
};
const fail = (error) => parentPort.postMessage({ failed: { kind: 'Error', message: String((error && error.message) || error) } });
`;

// One training item per review after a card's first: the history up to and including it.
const FIT = `
(async () => {
  const items = [];
  for (const [, start, end] of runs) {
    const reviews = reviewsOf(start, end);
    for (let k = 2; k <= reviews.length; k++) items.push(new fsrs.FSRSBindingItem(reviews.slice(0, k)));
  }
  const parameters = await fsrs.computeParameters(items, { enableShortTerm: true });
  const score = (model) => {
    const { logLoss, rmseBins } = model.evaluate(items);
    return { logLoss, rmse: rmseBins };
  };
  parentPort.postMessage({ result: { parameters, default: score(new fsrs.FSRSBinding()), fitted: score(new fsrs.FSRSBinding(parameters)) } });
})().catch(fail);
`;

const RATING_NAMES = ['again', 'hard', 'good', 'easy'];
const REPLAY = `
try {
  const model = new fsrs.FSRSBinding(workerData.parameters ?? undefined);
  const names = ${JSON.stringify(RATING_NAMES)};
  const ids = new Int32Array(runs.length);
  const stability = new Float64Array(runs.length);
  const difficulty = new Float64Array(runs.length);
  runs.forEach(([cardId, start, end], n) => {
    let memory = null;
    for (let i = start; i < end; i++) {
      const next = model.nextStates(memory, workerData.desiredRetention, i === start ? 0 : days[i] - days[i - 1]);
      memory = next[names[ratings[i] - 1]].memory;
    }
    ids[n] = cardId;
    stability[n] = memory.stability;
    difficulty[n] = memory.difficulty;
  });
  parentPort.postMessage({ result: { cardIds: ids, stability, difficulty } }, [ids.buffer, stability.buffer, difficulty.buffer]);
} catch (error) {
  fail(error);
}
`;

function run<T>(body: string, data: Record<string, unknown>): Promise<T> {
  return runWorkerSource<T>(PRELUDE + body, { binding: require.resolve('@open-spaced-repetition/binding'), ...data });
}

/** Fits FSRS-6 weights to the history and scores the default and the fitted ones on it. */
export function fitParameters(history: ReviewHistory): Promise<FitResult> {
  return run<FitResult>(FIT, { history });
}

/** Each card's memory state after its history, scheduled with `parameters` (null: the defaults). */
export function replayHistory(
  history: ReviewHistory,
  parameters: readonly number[] | null,
  desiredRetention: number,
): Promise<ReplayResult> {
  return run<ReplayResult>(REPLAY, { history, parameters, desiredRetention });
}

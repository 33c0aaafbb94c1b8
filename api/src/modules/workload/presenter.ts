// A simulation -> the contract's Workload: per-day figures and the curve, rounded for reading.
import type { Workload, WorkloadPoint } from '@flashcard/api-contract/schemas';
import type { CurvePoint, WorkloadSimulation } from './simulator';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;
const sum = (values: Float64Array) => values.reduce((total, value) => total + value, 0);

/** Per-day figures to `round` (the curve's two decimals: a small deck's minutes differ in the second). */
function point(total: CurvePoint, days: number, round = oneDecimal): WorkloadPoint {
  return {
    retention: twoDecimals(total.retention),
    reviewsPerDay: round(total.reviews / days),
    minutesPerDay: round(total.seconds / 60 / days),
    knowledge: oneDecimal(total.knowledge),
  };
}

export function presentWorkload(input: {
  simulation: WorkloadSimulation;
  retention: number;
  target: number;
  days: number;
  personalParameters: boolean;
  cards: Workload['cards'];
  efficient: number | null;
}): Workload {
  const { run, curve } = input.simulation;
  const { days } = input;
  return {
    retention: input.retention,
    target: input.target,
    days,
    personalParameters: input.personalParameters,
    cards: input.cards,
    daily: {
      reviews: Array.from(run.reviews, oneDecimal),
      newCards: Array.from(run.newCards, oneDecimal),
      minutes: Array.from(run.seconds, (seconds) => oneDecimal(seconds / 60)),
    },
    summary: point(
      { retention: input.retention, reviews: sum(run.reviews), seconds: sum(run.seconds), knowledge: run.knowledge },
      days,
    ),
    curve: curve.map((total) => point(total, days, twoDecimals)),
    efficient: input.efficient,
  };
}

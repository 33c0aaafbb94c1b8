// Load balancing of due dates, after Anki 24.11's load balancer: a review interval the fuzz may
// move anyway (Anki's 2.5 days and more, up to 90) goes to a day of its fuzz range chosen by
// weighted chance, days with fewer of the learner's cards due weighing more, so reviews spread
// evenly instead of piling up on the days fuzz happened to pick. Only the day changes: the
// memory state and the range are the scheduler's (`Scheduler.fuzzRange`, ts-fsrs's range).
//
// Weight of a candidate day: 1 / ((1 + cards due that day)^2 × interval). The square makes a
// busy day much less likely, never impossible; the interval factor leans toward the earlier
// days, which otherwise lose for the wrong reason: later days look lighter only because fewer
// cards have been scheduled that far out yet (Anki weighs the same two things, more steeply).
// When every candidate day carries the same load there is nothing to balance, and the
// scheduler's own fuzzed day stands (the one a browser studying offline computed too).
import type { ReviewResult } from '@flashcard/api-contract/schemas';
import type { Scheduler, SchedulingState } from '@flashcard/api-contract/scheduler';
import { dayRanges, type DayRange } from '../../lib/local-time';
import { localDayNumber, MS_PER_DAY } from '../../lib/time';

/** Longer intervals are left to the fuzz alone: that far out, a day's load is not known yet. */
export const MAX_BALANCED_DAYS = 90;

/** A candidate interval and how many of the learner's cards are due on its day already. */
export interface CandidateDay {
  days: number;
  load: number;
}

/** One draw in [0, 1). Injected, so tests choose. */
export type RandomSource = () => number;

/** Counts the learner's studied cards due within each of these local days (one number per range). */
export type DueCounts = (ranges: readonly DayRange[]) => Promise<number[]>;

const weight = ({ days, load }: CandidateDay) => 1 / ((1 + load) ** 2 * days);

/** The candidate drawn by weight; `random` is called once. */
export function pickDay(candidates: readonly CandidateDay[], random: RandomSource): number {
  const weights = candidates.map(weight);
  const total = weights.reduce((sum, value) => sum + value, 0);
  let point = random() * total;
  for (const [index, candidate] of candidates.entries()) {
    point -= weights[index]!;
    if (point < 0) return candidate.days;
  }
  return candidates.at(-1)!.days;
}

export interface BalanceInput {
  scheduler: Scheduler;
  /** The card's scheduling state before the review, and after it as the scheduler computed. */
  before: SchedulingState;
  next: SchedulingState;
  /** When the review was made: intervals count from there. */
  at: Date;
  result: ReviewResult;
  timeZone: string;
  dueCounts: DueCounts;
  random: RandomSource;
}

/** `next`, its due date moved to the least loaded days of its fuzz range by weighted chance. */
export async function balanceDue(input: BalanceInput): Promise<SchedulingState> {
  const { next, at, timeZone } = input;
  if (next.scheduled_days > MAX_BALANCED_DAYS) return next;
  const range = input.scheduler.fuzzRange(input.before, at, input.result);
  if (!range || range.min === range.max || range.max > MAX_BALANCED_DAYS) return next;

  const dueAfter = (days: number) => new Date(at.getTime() + days * MS_PER_DAY);
  const intervals = Array.from({ length: range.max - range.min + 1 }, (_, index) => range.min + index);
  const localDays = intervals.map((days) => localDayNumber(dueAfter(days), timeZone));
  const ranges = dayRanges(timeZone, localDays[0]!, localDays.at(-1)!);
  const counts = await input.dueCounts(ranges);
  const candidates = intervals.map((days, index) => ({ days, load: counts[localDays[index]! - ranges[0]!.day] ?? 0 }));
  if (candidates.every((candidate) => candidate.load === candidates[0]!.load)) return next;

  const days = pickDay(candidates, input.random);
  // ts-fsrs dates a review interval as the review's time plus whole days.
  return { ...next, scheduled_days: days, due: dueAfter(days).toISOString() };
}

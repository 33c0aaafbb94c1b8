// The only place that talks to ts-fsrs (FSRS-6). Converts card rows to ts-fsrs cards and
// back, previews the four ratings and applies one. Pure: no database, no clock of its own.
import { REVIEW_RESULTS, type ReviewResult } from '@flashcard/api-contract/schemas';
import { fsrs, generatorParameters, Rating, State, type Card as FsrsCard, type FSRS, type Grade } from 'ts-fsrs';

export interface SchedulerSettings {
  desiredRetention: number;
  maximumInterval: number;
  /** The learner's fitted FSRS-6 weights (modules/optimizer); absent or null: FSRS-6's defaults. */
  parameters?: readonly number[] | null;
}

/** The scheduling columns of a card row (a ts-fsrs Card in database types). */
export interface SchedulingState {
  state: number;
  due: string | null;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  repetitions: number;
  lapses: number;
  last_review: string | null;
}

export interface RatingPreview {
  /** Short label as Anki shows it above the button: '10m', '3h', '4d', '2.5mo', '1.2y'. */
  interval: string;
  due: string;
}

export type SchedulingPreview = Record<`${ReviewResult}`, RatingPreview>;

/** ts-fsrs's Rating.Manual (0) is not a grade: the app's 0-3 map to Again..Easy (1-4). */
export function toRating(result: ReviewResult): Grade {
  return (result + Rating.Again) as Grade;
}

export function toResult(rating: number): ReviewResult {
  return (rating - Rating.Again) as ReviewResult;
}

export const NEW_STATE: SchedulingState = {
  state: State.New,
  due: null,
  stability: 0,
  difficulty: 0,
  elapsed_days: 0,
  scheduled_days: 0,
  learning_steps: 0,
  repetitions: 0,
  lapses: 0,
  last_review: null,
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One decimal, without a trailing ".0": 2.5mo, 3mo. */
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

export function formatInterval(ms: number): string {
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))}m`;
  if (ms < DAY) return `${Math.round(ms / HOUR)}h`;
  const days = ms / DAY;
  if (days < 30) return `${Math.round(days)}d`;
  if (days < 365) return `${oneDecimal(days / 30)}mo`;
  return `${oneDecimal(days / 365)}y`;
}

export class Scheduler {
  private readonly fsrs: FSRS;

  constructor(private readonly settings: SchedulerSettings) {
    this.fsrs = fsrs(
      generatorParameters({
        request_retention: settings.desiredRetention,
        maximum_interval: settings.maximumInterval,
        ...(settings.parameters ? { w: settings.parameters } : {}),
        // Fuzz spreads cards learnt together over nearby days, as Anki does. ts-fsrs seeds it
        // from the card and the review time, so the same review always gives the same result.
        enable_fuzz: true,
        enable_short_term: true,
      }),
    );
  }

  preview(row: SchedulingState, now: Date): SchedulingPreview {
    const outcomes = this.fsrs.repeat(toFsrsCard(row, now), now);
    const preview = {} as SchedulingPreview;
    for (const result of REVIEW_RESULTS) {
      const due = outcomes[toRating(result)].card.due;
      preview[`${result}`] = { interval: formatInterval(due.getTime() - now.getTime()), due: due.toISOString() };
    }
    return preview;
  }

  review(row: SchedulingState, now: Date, result: ReviewResult): SchedulingState {
    const { card } = this.fsrs.next(toFsrsCard(row, now), now, toRating(result));
    return fromFsrsCard(card);
  }

  /**
   * Whole days from a review until recall falls to the desired retention, for a memory of this
   * stability, as the scheduler rounds and caps them (without fuzz): a reschedule's interval.
   */
  intervalDays(stability: number): number {
    const days = Math.round(stability * this.fsrs.calculate_interval_modifier(this.settings.desiredRetention));
    return Math.min(Math.max(1, days), this.settings.maximumInterval);
  }

  /** Probability of recall now, 0-1; null for a card never reviewed. */
  retrievability(row: SchedulingState, now: Date): number | null {
    if (row.state === State.New) return null;
    return this.fsrs.get_retrievability(toFsrsCard(row, now), now, false);
  }
}

function toFsrsCard(row: SchedulingState, now: Date): FsrsCard {
  return {
    due: row.due ? new Date(row.due) : now,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.repetitions,
    lapses: row.lapses,
    state: row.state as State,
    last_review: row.last_review ? new Date(row.last_review) : undefined,
  };
}

function fromFsrsCard(card: FsrsCard): SchedulingState {
  return {
    state: card.state,
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    repetitions: card.reps,
    lapses: card.lapses,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

// The only code that talks to ts-fsrs (FSRS-6), for the API and for a browser studying offline:
// both schedule with this one module, so a rating computed in the browser is the one the server
// stores. Converts scheduling rows to ts-fsrs cards and back, previews the four ratings, applies
// one, replays a history. Pure: no database, no clock of its own. ts-fsrs seeds its fuzz from the
// card and the review time, so the same review always gives the same result on either side.
import {
  CLAMP_PARAMETERS,
  fsrs,
  generatorParameters,
  get_fuzz_range,
  Rating,
  State,
  W17_W18_Ceiling,
  type Card as FsrsCard,
  type FSRS,
  type Grade,
} from 'ts-fsrs';
import {
  REVIEW_RESULTS,
  type ReviewResult,
  type SchedulerSettings,
  type SchedulingPreview,
  type StudyCard,
} from './schemas/study';
import { FSRS_PARAMETER_COUNT } from './schemas/presets';
import { parseSteps, STEPS_BOUNDS, type StepText } from './steps';

/**
 * What a Scheduler is built from: a review queue's `scheduler` as it comes, or the server's
 * settings; parameters absent or null: FSRS-6's default weights.
 */
export type SchedulerOptions = Omit<SchedulerSettings, 'parameters'> & { parameters?: readonly number[] | null };

/** Anki's default steps (ts-fsrs's too): steps absent or not valid. */
const DEFAULT_LEARNING_STEPS: StepText[] = ['1m', '10m'];
const DEFAULT_RELEARNING_STEPS: StepText[] = ['10m'];

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

/** One rating of a history: when, and the app's rating 0-3. */
export interface HistoryReview {
  at: Date;
  result: ReviewResult;
}

/** A rating as a replay applied it: the card's scheduling state before and after it. */
export interface ReplayedReview {
  before: SchedulingState;
  after: SchedulingState;
}

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

/** A card's state name (the JSON's) as ts-fsrs numbers it. */
const STATE_NUMBERS: Record<StudyCard['state'], State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/** The scheduling row of a card as the study calls return it: what the server schedules it from. */
export function schedulingStateOf(
  card: Pick<StudyCard, 'state' | 'due' | 'repetitions' | 'lapses' | 'memory'>,
): SchedulingState {
  const { memory } = card;
  return {
    state: STATE_NUMBERS[card.state],
    due: card.due,
    stability: memory.stability,
    difficulty: memory.difficulty,
    elapsed_days: memory.elapsed_days,
    scheduled_days: memory.scheduled_days,
    learning_steps: memory.learning_steps,
    repetitions: card.repetitions,
    lapses: card.lapses,
    last_review: memory.last_review,
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One decimal, without a trailing ".0": 2.5mo, 3mo. */
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/** Short label as Anki shows it above the button: '10m', '3h', '4d', '2.5mo', '1.2y'. */
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

  constructor(private readonly settings: SchedulerOptions) {
    this.fsrs = fsrs(
      generatorParameters({
        request_retention: settings.desiredRetention,
        maximum_interval: settings.maximumInterval,
        ...(settings.parameters ? { w: settings.parameters } : {}),
        // Fuzz spreads cards learnt together over nearby days, as Anki does.
        enable_fuzz: true,
        enable_short_term: true,
        learning_steps: parseSteps(settings.learningSteps ?? '', STEPS_BOUNDS.learningSteps) ?? DEFAULT_LEARNING_STEPS,
        relearning_steps:
          settings.relearningSteps === undefined
            ? DEFAULT_RELEARNING_STEPS
            : (parseSteps(settings.relearningSteps, STEPS_BOUNDS.relearningSteps) ?? DEFAULT_RELEARNING_STEPS),
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
   * The whole days the fuzz could have given this rating's interval (ts-fsrs's fuzz range around
   * the unfuzzed interval, as `review` drew from), kept between the neighbouring ratings'
   * intervals so Hard < Good < Easy still holds; null when the outcome was not fuzzed: a learning
   * step, an interval under 2.5 days, or one moved out of its range to keep the ratings apart.
   * The load balancer (API) picks a day in it.
   */
  fuzzRange(row: SchedulingState, now: Date, result: ReviewResult): { min: number; max: number } | null {
    const outcomes = this.fsrs.repeat(toFsrsCard(row, now), now);
    const rating = toRating(result);
    const next = outcomes[rating].card;
    if (next.state !== State.Review) return null;
    const unfuzzed = this.intervalDays(next.stability);
    if (unfuzzed < 2.5) return null;
    const range = get_fuzz_range(unfuzzed, next.elapsed_days, this.settings.maximumInterval);
    let { min_ivl: min, max_ivl: max } = range;
    if (next.scheduled_days < min || next.scheduled_days > max) return null;
    const neighbour = (grade: number) => {
      const card = grade >= Rating.Hard && grade <= Rating.Easy ? outcomes[grade as Grade].card : null;
      return card && card.state === State.Review ? card.scheduled_days : null;
    };
    const below = neighbour(rating - 1);
    const above = neighbour(rating + 1);
    if (below !== null) min = Math.max(min, below + 1);
    if (above !== null) max = Math.min(max, above - 1);
    return min <= next.scheduled_days && next.scheduled_days <= max ? { min, max } : null;
  }

  /** Applies the ratings one after the other, in the order given, from `from` (a new card). */
  replay(reviews: readonly HistoryReview[], from: SchedulingState = NEW_STATE): ReplayedReview[] {
    let state = from;
    return reviews.map(({ at, result }) => {
      const before = state;
      state = this.review(before, at, result);
      return { before, after: state };
    });
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

/**
 * Whether `values` are FSRS-6 weights a scheduler takes as given: 21 finite numbers, each within
 * the range ts-fsrs would clamp it to (a preset's own parameters are checked with this).
 */
export function validFsrsParameters(values: unknown): values is number[] {
  if (!Array.isArray(values) || values.length !== FSRS_PARAMETER_COUNT) return false;
  const ranges = CLAMP_PARAMETERS(W17_W18_Ceiling);
  return values.every((value, index) => {
    const [min, max] = ranges[index]!;
    return typeof value === 'number' && Number.isFinite(value) && value >= min! && value <= max!;
  });
}

/**
 * The scheduler of one card of a review queue: its set's preset's when the queue names one
 * (`setSchedulers`), else the queue's (the scope's preset). A browser rating offline uses this.
 */
export function schedulerSettingsOf(
  queue: { scheduler: SchedulerSettings; setSchedulers?: Record<string, SchedulerSettings> },
  card: { category_id: number | null },
): SchedulerSettings {
  return (card.category_id !== null && queue.setSchedulers?.[String(card.category_id)]) || queue.scheduler;
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

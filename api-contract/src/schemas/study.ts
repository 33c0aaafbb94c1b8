// /api/learning/* and /api/spaced-repetition/*: studying with FSRS-6. Every card the study
// calls return carries, per rating 0-3 (Again, Hard, Good, Easy), what that rating would
// schedule. Body fields the API's study service checks itself accept any value of the listed
// JSON types, so a wrong one gets the service's message (see `Checked`).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import {
  BodyId,
  Checked,
  errorResponses,
  ID_BOUNDS,
  Nullable,
  PathId,
  Percent,
  QueryInteger,
  TimeZoneHeaders,
  within,
} from './common';
import { Card } from './cards';
import { DailyGoalProgress } from './dashboard';

/** The app's ratings 0-3: Again, Hard, Good, Easy (ts-fsrs's 1-4). */
export const REVIEW_RESULTS = [0, 1, 2, 3] as const;
export const ReviewResult = Type.Union(REVIEW_RESULTS.map((result) => Type.Literal(result)));

/** What one rating would schedule: a short label ('10m', '3d', '2mo') and the due time (ISO). */
export const RatingPreview = Type.Object({ interval: Type.String(), due: Type.String() });
export const SchedulingPreview = Type.Object({
  '0': RatingPreview,
  '1': RatingPreview,
  '2': RatingPreview,
  '3': RatingPreview,
});

/**
 * What FSRS remembers of a card beyond its state, due time, repetitions and lapses: with them,
 * the whole scheduling state (`schedulingStateOf` of scheduler.ts rebuilds it in a browser).
 */
export const CardMemory = Type.Object({
  stability: Type.Number(),
  difficulty: Type.Number(),
  elapsed_days: Type.Integer(),
  scheduled_days: Type.Integer(),
  learning_steps: Type.Integer(),
  /** ISO time of the review its schedule follows from; null for a new card. */
  last_review: Nullable(Type.String()),
});

/** A card as the study calls return it: with its memory and the preview of each rating. */
export const StudyCard = Type.Composite([Card, Type.Object({ memory: CardMemory, preview: SchedulingPreview })]);

/**
 * The scheduler the server would use for this learner now: `new Scheduler(settings)` (scheduler.ts)
 * in a browser previews and applies ratings exactly as the server does.
 */
export const SchedulerSettings = Type.Object({
  desiredRetention: Type.Number(),
  /** Days. */
  maximumInterval: Type.Integer(),
  /** The learner's fitted FSRS-6 weights while in use (the optimizer's); null: FSRS-6's defaults. */
  parameters: Nullable(Type.Array(Type.Number())),
  /**
   * A new card's learning steps, as StudySettings has them ("1m 10m"); the server always sends
   * them, a queue saved offline before they existed lacks them (the scheduler takes Anki's).
   */
  learningSteps: Type.Optional(Type.String()),
  /** A forgotten card's relearning steps ("10m"; empty: straight back to review). */
  relearningSteps: Type.Optional(Type.String()),
});

export const ReviewQueue = Type.Object({
  dueCount: Type.Integer(),
  /** New cards to study today: the waiting ones (one per note), at most what today's allowance leaves. */
  newCount: Type.Integer(),
  /** New cards waiting in the scope (one per note), whatever today's allowance (the API always sends it). */
  newWaiting: Type.Optional(Type.Integer()),
  /** The learner's allowance of new cards a day (the API always sends it). */
  newCardsPerDay: Type.Optional(Type.Integer()),
  /** Due now (learning cards within the 20-minute learn-ahead included), ordered by due. */
  due: Type.Array(StudyCard),
  /** The first `newLimit` never-reviewed cards, oldest first. */
  new: Type.Array(StudyCard),
  dailyGoal: DailyGoalProgress,
  /** What to schedule offline ratings of these cards with (the scope's preset). */
  scheduler: SchedulerSettings,
  /**
   * By set id, the scheduler of the queue's cards whose set's preset is not `scheduler`'s
   * (`schedulerSettingsOf` of scheduler.ts picks a card's); absent in queues saved before presets.
   */
  setSchedulers: Type.Optional(Type.Record(Type.String(), SchedulerSettings)),
});

/** Anki's learn-ahead limit: a (re)learning card due within this counts as due now. */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

/** What to study: one set, one tag, or (both absent) every card. */
const ScopeQuery = {
  /** A set id. */
  set: QueryInteger(ID_BOUNDS, 'set must be a set id'),
  /** One tag, as written on the cards (case-insensitive). */
  tag: Type.Optional(Type.String({ maxLength: 200 })),
};

/** New cards the review queue includes (`newLimit`); the new-card session takes the first 10. */
export const QUEUE_NEW_LIMIT = { min: 0, max: 100, default: 10 } as const;
/** Due cards the queue includes (`limit`): by default Anki's review limit per day, so a session never holds more. */
export const QUEUE_DUE_LIMIT = { min: 1, max: 1000, default: 200 } as const;

const QueueDueLimit = QueryInteger(
  QUEUE_DUE_LIMIT,
  `limit must be between ${QUEUE_DUE_LIMIT.min} and ${QUEUE_DUE_LIMIT.max}`,
);

export const ReviewQueueQuery = Type.Object({
  newLimit: QueryInteger(QUEUE_NEW_LIMIT, `newLimit must be between ${QUEUE_NEW_LIMIT.min} and ${QUEUE_NEW_LIMIT.max}`),
  limit: QueueDueLimit,
  ...ScopeQuery,
});
export const DueQuery = Type.Object({ limit: QueueDueLimit });

export const ReviewHeaders = Type.Object({
  /** Every retry of one submit carries the same key: a review whose answer was lost is not counted twice. */
  'idempotency-key': Type.Optional(Type.String({ maxLength: 200 })),
});

/**
 * How old a review made offline may be when it reaches the server: older ones are refused (400),
 * so a device forgotten in a drawer for months cannot rewrite a card's recent history.
 */
export const OFFLINE_REVIEW_MAX_AGE_DAYS = 30;
/** How far ahead of the server's clock a device's clock may run: a `reviewedAt` within it counts as now. */
export const OFFLINE_REVIEW_CLOCK_SKEW_MS = 5 * 60 * 1000;

export const ReviewBody = Type.Object({
  cardId: BodyId,
  /** 0-3; anything else: 400 'Result must be 0 (Again), 1 (Hard), 2 (Good) or 3 (Easy)'. */
  result: Checked('string', 'number', 'null'),
  /** Milliseconds from showing the card to the rating: a whole number, 0 or more. */
  timeSpent: Checked('string', 'number', 'null'),
  /** The study session (from the session start call) the review counts towards. */
  sessionId: Type.Optional(Checked('string', 'integer', 'null')),
  /**
   * When the learner rated the card (ISO 8601 with a time zone, e.g. 2024-06-11T05:00:00.000Z): a
   * review made offline and sent later is scheduled, logged and counted at this time. Absent or
   * null: now. Refused (400) when not such a time, later than now + OFFLINE_REVIEW_CLOCK_SKEW_MS,
   * or older than OFFLINE_REVIEW_MAX_AGE_DAYS days; before the card was created: its creation.
   * Earlier than the card's last review: the card's history is replayed in time order with it.
   */
  reviewedAt: Type.Optional(Checked('string', 'number', 'null')),
});

export const ReviewResponse = Type.Object({
  card: StudyCard,
  reviewId: Type.Integer(),
  xpEarned: Type.Integer(),
  /** This review made the card a leech (its 8th lapse): it is now suspended and tagged leech. */
  leech: Type.Boolean(),
});

export const UndoBody = Type.Object({ reviewId: BodyId });
/** The card exactly as before the undone review (or as the rest of its history replayed), or after the reset. */
export const StudyCardResponse = Type.Object({ card: StudyCard });
export const ResetParams = Type.Object({ cardId: PathId });

/**
 * The study settings' bounds (the daily goal's are the settings slider's, 5 to 50): the API
 * refuses a value outside them, and the settings screen offers only these.
 */
export const STUDY_SETTINGS_BOUNDS = {
  dailyGoal: { min: 5, max: 50 },
  desiredRetention: { min: 0.7, max: 0.99 },
  maximumInterval: { min: 1, max: 36_500 },
  newCardsPerDay: { min: 0, max: 9999 },
  /** Review cards a day (a preset's; Anki's "Maximum reviews/day"). */
  maximumReviewsPerDay: { min: 0, max: 9999 },
} as const;

/** Anki's default review limit a day: what a preset starts with and the default preset until changed. */
export const DEFAULT_MAXIMUM_REVIEWS_PER_DAY = 200;

export const StudySettings = Type.Object({
  /** Cards a day. */
  dailyGoal: Type.Integer(within(STUDY_SETTINGS_BOUNDS.dailyGoal)),
  desiredRetention: Type.Number(within(STUDY_SETTINGS_BOUNDS.desiredRetention)),
  /** Days. */
  maximumInterval: Type.Integer(within(STUDY_SETTINGS_BOUNDS.maximumInterval)),
  newCardsPerDay: Type.Integer(within(STUDY_SETTINGS_BOUNDS.newCardsPerDay)),
  /** Delays a new card is shown again after before it graduates, Anki's way: "1m 10m" (`parseSteps`). */
  learningSteps: Type.String(),
  /** Delays a forgotten card is shown again after before it is back in review: "10m"; "" for none. */
  relearningSteps: Type.String(),
});

/** A learner's study settings until they save some: the daily goal every screen shows until it knows the learner's. */
export const DEFAULT_STUDY_SETTINGS: Readonly<StudySettings> = {
  dailyGoal: 15,
  desiredRetention: 0.9,
  maximumInterval: STUDY_SETTINGS_BOUNDS.maximumInterval.max,
  newCardsPerDay: 20,
  // Anki's defaults.
  learningSteps: '1m 10m',
  relearningSteps: '10m',
};

/**
 * Changes the fields given; each must be a number within STUDY_SETTINGS_BOUNDS (the service says
 * which is not). Checked by the service, not here: Fastify would turn text ("30") into a number.
 */
export const StudySettingsBody = Type.Object({
  dailyGoal: Type.Optional(Checked('string', 'number', 'null')),
  desiredRetention: Type.Optional(Checked('string', 'number', 'null')),
  maximumInterval: Type.Optional(Checked('string', 'number', 'null')),
  newCardsPerDay: Type.Optional(Checked('string', 'number', 'null')),
  learningSteps: Type.Optional(Checked('string', 'number', 'null')),
  relearningSteps: Type.Optional(Checked('string', 'number', 'null')),
});

export const StudyStats = Type.Object({
  cards: Type.Object({
    total: Type.Integer(),
    new: Type.Integer(),
    learning: Type.Integer(),
    review: Type.Integer(),
    relearning: Type.Integer(),
  }),
  dueNow: Type.Integer(),
  reviews: Type.Object({ total: Type.Integer(), today: Type.Integer(), last30Days: Type.Integer() }),
  /** Percent of reviews of review-state cards recalled; null before any such review. */
  retention: Type.Object({ overall: Percent, last30Days: Percent }),
  desiredRetention: Type.Number(),
});

/** A card with its FSRS memory state, as the schedule lists it. */
export const ScheduledCard = Type.Composite([
  StudyCard,
  Type.Object({
    stability: Type.Number(),
    difficulty: Type.Number(),
    scheduled_days: Type.Integer(),
    lapses: Type.Integer(),
    last_review: Nullable(Type.String()),
    retrievability: Nullable(Type.Number()),
  }),
]);
/** A page of the schedule: `limit` cards from `offset`. */
export const SCHEDULE_LIMIT = { min: 1, max: QUEUE_DUE_LIMIT.max, default: 50 } as const;
export const SCHEDULE_OFFSET = { min: 0, max: 999_999, default: 0 } as const;
export const ScheduleQuery = Type.Object({
  limit: QueryInteger(SCHEDULE_LIMIT, `limit must be between ${SCHEDULE_LIMIT.min} and ${SCHEDULE_LIMIT.max}`),
  offset: QueryInteger(SCHEDULE_OFFSET, 'offset must be 0 or a positive integer'),
});
export const Schedule = Type.Object({ cards: Type.Array(ScheduledCard) });

/** One local day; today's count includes the overdue cards. */
export const ForecastDay = Type.Object({ date: Type.String(), due: Type.Integer() });
export const Forecast = Type.Object({ days: Type.Array(ForecastDay) });
/** Days the forecast covers. */
export const FORECAST_DAYS = { min: 1, max: 365, default: 30 } as const;
export const ForecastQuery = Type.Object({
  days: QueryInteger(FORECAST_DAYS, `days must be between ${FORECAST_DAYS.min} and ${FORECAST_DAYS.max}`),
});

/** Custom study's cards (`limit`), and the days study ahead looks at (`days`). */
export const CUSTOM_STUDY_LIMIT = { min: 1, max: 500, default: 100 } as const;
export const STUDY_AHEAD_DAYS = { min: 1, max: 30, default: 7 } as const;

/**
 * Custom study, which never changes a schedule (the screens record its ratings as practice):
 * cram = every card of the scope (set or tag; due soonest first, new cards last); ahead = the
 * studied cards due within the next `days` days, soonest first.
 */
export const CustomStudyQuery = Type.Object({
  mode: Type.Union([Type.Literal('cram'), Type.Literal('ahead')], { errorMessage: 'mode must be cram or ahead' }),
  limit: QueryInteger(
    CUSTOM_STUDY_LIMIT,
    `limit must be between ${CUSTOM_STUDY_LIMIT.min} and ${CUSTOM_STUDY_LIMIT.max}`,
  ),
  days: QueryInteger(STUDY_AHEAD_DAYS, `days must be between ${STUDY_AHEAD_DAYS.min} and ${STUDY_AHEAD_DAYS.max}`),
  ...ScopeQuery,
});
export const CustomStudy = Type.Object({ cards: Type.Array(StudyCard) });

/** Multiple choice's questions (`limit`), and the choices each offers (`choices`). */
export const CHOICE_QUESTIONS = { min: 1, max: 50, default: 10 } as const;
export const CHOICES_PER_QUESTION = { min: 2, max: 6, default: 4 } as const;

/** Multiple choice over one set or tag: up to `limit` questions of `choices` answers. */
export const MultipleChoiceQuery = Type.Object({
  limit: QueryInteger(CHOICE_QUESTIONS, `limit must be between ${CHOICE_QUESTIONS.min} and ${CHOICE_QUESTIONS.max}`),
  choices: QueryInteger(
    CHOICES_PER_QUESTION,
    `choices must be between ${CHOICES_PER_QUESTION.min} and ${CHOICES_PER_QUESTION.max}`,
  ),
  ...ScopeQuery,
});
export const MultipleChoiceQuestion = Type.Object({
  card: StudyCard,
  /** The card's answer and distractors drawn from other answers of the same set (or tag), shuffled (Markdown). */
  choices: Type.Array(Type.String()),
  /** Index of the card's own answer in `choices`. */
  correct: Type.Integer(),
});
export const MultipleChoice = Type.Object({ questions: Type.Array(MultipleChoiceQuestion) });

export const CardActionParams = Type.Object({
  cardId: PathId,
  action: Type.Union([
    Type.Literal('suspend'),
    Type.Literal('unsuspend'),
    Type.Literal('bury'),
    Type.Literal('unbury'),
  ]),
});

export const studyEndpoints = {
  /** Due cards and the first `newLimit` new cards, each with its rating preview; counts and daily goal. */
  reviewQueue: endpoint('GET', '/learning/review-queue', {
    headers: TimeZoneHeaders,
    querystring: ReviewQueueQuery,
    response: { 200: ReviewQueue, ...errorResponses(400, 401) },
  }),
  /** The spec's due-cards call: the due queue as a list. */
  due: endpoint('GET', '/spaced-repetition/due', {
    querystring: DueQuery,
    response: { 200: Type.Array(StudyCard), ...errorResponses(400, 401) },
  }),
  review: endpoint('POST', '/spaced-repetition/review', {
    headers: ReviewHeaders,
    body: ReviewBody,
    response: { 200: ReviewResponse, ...errorResponses(400, 401, 404, 409, 422) },
  }),
  /**
   * Only the latest review sent for a card can be undone, while nothing else has changed the card
   * since; one made before a review sent earlier leaves the card as the rest of its history replayed.
   */
  undo: endpoint('POST', '/spaced-repetition/undo', {
    body: UndoBody,
    response: { 200: StudyCardResponse, ...errorResponses(400, 401, 404, 409) },
  }),
  /** Forgets a card's scheduling: it is new again; its review history is kept. */
  reset: endpoint('POST', '/spaced-repetition/reset/:cardId', {
    params: ResetParams,
    response: { 200: StudyCardResponse, ...errorResponses(401, 404, 409) },
  }),
  /** Custom study (cram, study ahead): cards with previews, nothing rescheduled. */
  custom: endpoint('GET', '/learning/custom', {
    querystring: CustomStudyQuery,
    response: { 200: CustomStudy, ...errorResponses(400, 401, 404) },
  }),
  /** 422 when the scope has fewer than two different answers to choose from. */
  multipleChoice: endpoint('GET', '/learning/multiple-choice', {
    querystring: MultipleChoiceQuery,
    response: { 200: MultipleChoice, ...errorResponses(400, 401, 404, 422) },
  }),
  /** suspend / unsuspend (out of every queue until undone), bury / unbury (out until the learner's next day). */
  cardAction: endpoint('POST', '/spaced-repetition/cards/:cardId/:action', {
    headers: TimeZoneHeaders,
    params: CardActionParams,
    response: { 200: StudyCardResponse, ...errorResponses(400, 401, 404) },
  }),
  getSettings: endpoint('GET', '/spaced-repetition/settings', {
    response: { 200: StudySettings, ...errorResponses(401) },
  }),
  updateSettings: endpoint('PUT', '/spaced-repetition/settings', {
    body: StudySettingsBody,
    response: { 200: StudySettings, ...errorResponses(400, 401) },
  }),
  stats: endpoint('GET', '/spaced-repetition/stats', {
    headers: TimeZoneHeaders,
    response: { 200: StudyStats, ...errorResponses(401) },
  }),
  schedule: endpoint('GET', '/spaced-repetition/schedule', {
    querystring: ScheduleQuery,
    response: { 200: Schedule, ...errorResponses(400, 401) },
  }),
  /** Due cards per local day for the next `days` days. */
  forecast: endpoint('GET', '/spaced-repetition/forecast', {
    headers: TimeZoneHeaders,
    querystring: ForecastQuery,
    response: { 200: Forecast, ...errorResponses(400, 401) },
  }),
};

export type ReviewResult = Static<typeof ReviewResult>;
export type RatingPreview = Static<typeof RatingPreview>;
export type SchedulingPreview = Static<typeof SchedulingPreview>;
export type CardMemory = Static<typeof CardMemory>;
export type StudyCard = Static<typeof StudyCard>;
export type SchedulerSettings = Static<typeof SchedulerSettings>;
export type ReviewQueue = Static<typeof ReviewQueue>;
export type ReviewQueueQuery = Static<typeof ReviewQueueQuery>;
export type DueQuery = Static<typeof DueQuery>;
export type ReviewInput = Static<typeof ReviewBody>;
export type ReviewResponse = Static<typeof ReviewResponse>;
export type StudySettings = Static<typeof StudySettings>;
export type StudySettingsInput = Static<typeof StudySettingsBody>;
export type StudyStats = Static<typeof StudyStats>;
export type ScheduledCard = Static<typeof ScheduledCard>;
export type ScheduleQuery = Static<typeof ScheduleQuery>;
export type Schedule = Static<typeof Schedule>;
export type ForecastDay = Static<typeof ForecastDay>;
export type ForecastQuery = Static<typeof ForecastQuery>;
export type Forecast = Static<typeof Forecast>;
export type CustomStudyQuery = Static<typeof CustomStudyQuery>;
export type MultipleChoiceQuery = Static<typeof MultipleChoiceQuery>;
export type MultipleChoiceQuestion = Static<typeof MultipleChoiceQuestion>;
export type CardAction = Static<typeof CardActionParams>['action'];

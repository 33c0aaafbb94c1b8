// What the study calls accept (query limits, the scheduler settings' ranges, the time one answer
// may count) and the texts they answer with, for every study service.
import { MS_PER_DAY } from '../../lib/time';

/** Spec 9: the new-card session takes the first 10 new cards. */
export const DEFAULT_NEW_LIMIT = 10;
export const MAX_NEW_LIMIT = 100;
/** Anki's default review limit per day: a session never holds more than this. */
export const DEFAULT_DUE_LIMIT = 200;
export const MAX_DUE_LIMIT = 1000;
/** Anki caps the time one answer counts at 60 s: a learner who walked away skews nothing. */
export const MAX_COUNTED_TIME_MS = 60_000;
export const MAX_TIME_SPENT_MS = 24 * 60 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
// Local "today" began less than 48 hours ago in every time zone (offsets span UTC-12..UTC+14).
export const TODAY_LOOKBACK_MS = 2 * MS_PER_DAY;
export const MAX_FORECAST_DAYS = 365;
/** Anki's default leech threshold: the 8th lapse makes a leech (and every 4th after it, again). */
export const LEECH_LAPSES = 8;
export const MAX_AHEAD_DAYS = 30;
export const MAX_CUSTOM_LIMIT = 500;
export const MAX_CHOICE_QUESTIONS = 50;
// Cards read to draw multiple-choice answers from: plenty of distinct answers, bounded work.
export const ANSWER_POOL = 500;

export const LIMITS = {
  desiredRetention: [0.7, 0.99],
  maximumInterval: [1, 36500],
  newCardsPerDay: [0, 9999],
  // The settings slider's range (spec 5).
  dailyGoal: [5, 50],
} as const;

export const MESSAGES = {
  cardNotFound: 'Card not found',
  reviewNotFound: 'Review not found',
  resultInvalid: 'Result must be 0 (Again), 1 (Hard), 2 (Good) or 3 (Easy)',
  timeSpentInvalid: 'timeSpent must be a whole number of milliseconds, 0 or more',
  keyInvalid: 'Idempotency-Key must be 1-100 letters, digits, dashes or underscores',
  keyReused: 'This Idempotency-Key was already used for another review',
  keyUndone: 'This review was undone; a retry does not store it again',
  busy: 'This card was changed by another request. Please try again.',
  notLatest: 'Only the latest review of a card can be undone',
  newLimitInvalid: `newLimit must be between 0 and ${MAX_NEW_LIMIT}`,
  limitInvalid: `limit must be between 1 and ${MAX_DUE_LIMIT}`,
  offsetInvalid: 'offset must be 0 or a positive integer',
  daysInvalid: `days must be between 1 and ${MAX_FORECAST_DAYS}`,
  desiredRetention: 'Desired retention must be between 0.70 and 0.99',
  maximumInterval: 'Maximum interval must be between 1 and 36500 days',
  newCardsPerDay: 'New cards per day must be between 0 and 9999',
  dailyGoal: 'Daily goal must be between 5 and 50',
  setNotFound: 'Set not found',
  setInvalid: 'set must be a set id',
  modeInvalid: 'mode must be cram or ahead',
  aheadDaysInvalid: `days must be between 1 and ${MAX_AHEAD_DAYS}`,
  customLimitInvalid: `limit must be between 1 and ${MAX_CUSTOM_LIMIT}`,
  choiceLimitInvalid: `limit must be between 1 and ${MAX_CHOICE_QUESTIONS}`,
  choicesInvalid: 'choices must be between 2 and 6',
  tooFewAnswers: 'Multiple choice needs at least two cards with different answers here',
  leechTitle: 'Leech card suspended',
  leechMessage: 'A card you keep forgetting was suspended and tagged leech: rewrite it, then unsuspend it.',
} as const;

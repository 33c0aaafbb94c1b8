// What the study calls accept beyond their schemas (the time one answer may count, retries) and the
// texts they answer with, for every study service; query ranges and settings bounds are the contract's.
import { OFFLINE_REVIEW_MAX_AGE_DAYS, STEPS_BOUNDS, STUDY_SETTINGS_BOUNDS } from '@flashcard/api-contract/schemas';
import { MS_PER_DAY } from '../../lib/time';

/** Anki caps the time one answer counts at 60 s: a learner who walked away skews nothing. */
export const MAX_COUNTED_TIME_MS = 60_000;
export const MAX_TIME_SPENT_MS = 24 * 60 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
// Local "today" began less than 48 hours ago in every time zone (offsets span UTC-12..UTC+14).
export const TODAY_LOOKBACK_MS = 2 * MS_PER_DAY;
/** Anki's default leech threshold: the 8th lapse makes a leech (and every 4th after it, again). */
export const LEECH_LAPSES = 8;
// Cards read to draw multiple-choice answers from: plenty of distinct answers, bounded work.
export const ANSWER_POOL = 500;

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
  reviewedAtInvalid:
    'reviewedAt must be an ISO 8601 date and time with its time zone, such as 2024-06-11T05:00:00.000Z',
  reviewedAtFuture: 'reviewedAt must not be in the future',
  reviewedAtTooOld: `reviewedAt must be within the last ${OFFLINE_REVIEW_MAX_AGE_DAYS} days: an older review is not stored`,
  desiredRetention: `Desired retention must be between ${STUDY_SETTINGS_BOUNDS.desiredRetention.min.toFixed(2)} and ${STUDY_SETTINGS_BOUNDS.desiredRetention.max.toFixed(2)}`,
  maximumInterval: `Maximum interval must be between ${STUDY_SETTINGS_BOUNDS.maximumInterval.min} and ${STUDY_SETTINGS_BOUNDS.maximumInterval.max} days`,
  newCardsPerDay: `New cards per day must be between ${STUDY_SETTINGS_BOUNDS.newCardsPerDay.min} and ${STUDY_SETTINGS_BOUNDS.newCardsPerDay.max}`,
  maximumReviewsPerDay: `Maximum reviews per day must be between ${STUDY_SETTINGS_BOUNDS.maximumReviewsPerDay.min} and ${STUDY_SETTINGS_BOUNDS.maximumReviewsPerDay.max}`,
  dailyGoal: `Daily goal must be between ${STUDY_SETTINGS_BOUNDS.dailyGoal.min} and ${STUDY_SETTINGS_BOUNDS.dailyGoal.max}`,
  learningSteps: `Learning steps must be ${STEPS_BOUNDS.learningSteps.min} to ${STEPS_BOUNDS.learningSteps.max} delays separated by spaces, each a whole number of minutes (m), hours (h) or days (d) from 1m to 1d, such as 1m 10m`,
  relearningSteps: `Relearning steps must be up to ${STEPS_BOUNDS.relearningSteps.max} delays separated by spaces, each a whole number of minutes (m), hours (h) or days (d) from 1m to 1d, such as 10m`,
  setNotFound: 'Set not found',
  tooFewAnswers: 'Multiple choice needs at least two cards with different answers here',
  leechTitle: 'Leech card suspended',
  leechMessage: 'A card you keep forgetting was suspended and tagged leech: rewrite it, then unsuspend it.',
} as const;

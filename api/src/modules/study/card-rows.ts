// The study columns of a card and the scope a queue covers: what every study repository reads
// cards with, and the scheduler's state and rating numbers as the SQL compares them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { selectCardsWithSet, type CardWithSet } from '../cards';
import type { SchedulingState } from '@flashcard/api-contract/scheduler';

/** A card with its set name and every scheduling column. */
export interface StudyCardRow extends CardWithSet, SchedulingState {
  sched_version: number;
}

/** What a queue covers: one set, one tag, or (both absent) every card. */
export interface StudyScope {
  categoryId?: number;
  tag?: string;
}

export const STATE_NEW = 0;
export const STATE_LEARNING = 1;
export const STATE_REVIEW = 2;
export const STATE_RELEARNING = 3;
/** ts-fsrs Rating.Again: every other rating means the card was recalled. */
export const RATING_AGAIN = 1;

/** The learner's cards with their set name and every scheduling column. */
export function selectStudyCards(db: Kysely<Database>, userId: number) {
  return selectCardsWithSet(db, userId).select([
    'cards.stability',
    'cards.difficulty',
    'cards.elapsed_days',
    'cards.scheduled_days',
    'cards.learning_steps',
    'cards.lapses',
    'cards.last_review',
    'cards.sched_version',
  ]);
}

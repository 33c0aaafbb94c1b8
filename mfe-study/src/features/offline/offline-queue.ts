// The review queue as this browser can rebuild it with the network off: the last queue the
// server sent for the scope, with every rating still in the outbox applied by the same FSRS-6
// scheduler the server runs (the contract's), so the cards and the buttons' intervals are what
// the server will make of those ratings.
import {
  LEARN_AHEAD_MS,
  Scheduler,
  schedulerSettingsOf,
  schedulingStateOf,
  type ReviewQueue,
  type ReviewResult,
  type SchedulingState,
  type StudyCard,
  type StudyScope,
} from '@flashcard/api-contract';
import type { QueuedReview } from './review-outbox';
import { studyDatabase, type SavedQueue } from './study-db';

/** The learner's scheduler as the queue names it (their settings, their fitted weights in use). */
export type SchedulerSettings = ReviewQueue['scheduler'];

/** The order of the scheduler's states (ts-fsrs's `State`), as the cards name them. */
const STATES = ['new', 'learning', 'review', 'relearning'] as const satisfies readonly StudyCard['state'][];

/** One scope's key: every card, a set, or a tag (tags match case-insensitively). */
export function scopeKey({ set, tag }: StudyScope): string {
  if (set !== undefined) return `set:${set}`;
  if (tag !== undefined) return `tag:${tag.toLowerCase()}`;
  return 'all';
}

const queueKey = (userId: number, scope: StudyScope) => `${userId}:${scopeKey(scope)}`;

export async function saveQueue(userId: number, scope: StudyScope, queue: ReviewQueue, savedAt: number): Promise<void> {
  const db = await studyDatabase();
  await db?.put('queues', { key: queueKey(userId, scope), userId, queue, savedAt });
}

export async function savedQueue(userId: number, scope: StudyScope): Promise<SavedQueue | undefined> {
  const db = await studyDatabase();
  return db?.get('queues', queueKey(userId, scope));
}

/** The server's answer for a card (a review, an undo): every saved queue of the learner takes it. */
export async function rememberCard(userId: number, card: StudyCard): Promise<void> {
  const db = await studyDatabase();
  if (!db) return;
  const tx = db.transaction('queues', 'readwrite');
  for (const saved of await tx.store.index('byUser').getAll(userId)) {
    const swap = (cards: StudyCard[]) => cards.map((each) => (each.id === card.id ? card : each));
    const { due, new: fresh } = saved.queue;
    if (!due.some((each) => each.id === card.id) && !fresh.some((each) => each.id === card.id)) continue;
    await tx.store.put({ ...saved, queue: { ...saved.queue, due: swap(due), new: swap(fresh) } });
  }
  await tx.done;
}

/**
 * Drops the saved cards and images of every learner but `keep` (a shared computer keeps no one
 * else's cards). Their waiting ratings stay: they are sent when that learner signs in again.
 */
export async function forgetQueues(keep: number | null): Promise<void> {
  const db = await studyDatabase();
  if (!db) return;
  const tx = db.transaction(['queues', 'media'], 'readwrite');
  for (const store of [tx.objectStore('queues'), tx.objectStore('media')])
    for (const saved of await store.getAll()) if (saved.userId !== keep) await store.delete(saved.key);
  await tx.done;
}

/** The card after one rating at `at`, as the server will schedule it, with previews for `now`. */
export function rateLocally(
  card: StudyCard,
  result: ReviewResult,
  at: Date,
  settings: SchedulerSettings,
  now: Date = at,
): StudyCard {
  const scheduler = new Scheduler(settings);
  return withSchedule(card, scheduler.review(schedulingStateOf(card), at, result), scheduler, now);
}

/** A card with these scheduling columns, its previews computed at `now`. */
export function withSchedule(card: StudyCard, next: SchedulingState, scheduler: Scheduler, now: Date): StudyCard {
  return {
    ...card,
    state: STATES[next.state],
    due: next.due,
    repetitions: next.repetitions,
    lapses: next.lapses,
    memory: {
      stability: next.stability,
      difficulty: next.difficulty,
      elapsed_days: next.elapsed_days,
      scheduled_days: next.scheduled_days,
      learning_steps: next.learning_steps,
      last_review: next.last_review,
    },
    preview: scheduler.preview(next, now),
  };
}

/**
 * The queue at `now` from a saved one and the ratings not yet sent: each rated card takes its
 * new schedule; due are the cards due by now (learning ones within the learn-ahead), new the new
 * cards still unrated; every preview is for `now`.
 */
export function offlineQueue(saved: ReviewQueue, pending: QueuedReview[], now: Date): ReviewQueue {
  // Each card by its set's preset, as the server schedules it.
  const schedulers = new Map<SchedulerSettings, Scheduler>();
  const schedulerOf = (card: StudyCard) => {
    const settings = schedulerSettingsOf(saved, card);
    let scheduler = schedulers.get(settings);
    if (!scheduler) schedulers.set(settings, (scheduler = new Scheduler(settings)));
    return scheduler;
  };
  const cards = new Map<number, StudyCard>();
  for (const card of [...saved.due, ...saved.new]) cards.set(card.id, card);
  for (const review of pending) {
    const card = cards.get(review.cardId);
    if (!card) continue;
    const at = new Date(review.reviewedAt);
    const scheduler = schedulerOf(card);
    cards.set(card.id, withSchedule(card, scheduler.review(schedulingStateOf(card), at, review.result), scheduler, at));
  }
  const fresh = (card: StudyCard) => withSchedule(card, schedulingStateOf(card), schedulerOf(card), now);
  const isDue = (card: StudyCard) => {
    if (card.state === 'new' || card.due === null) return false;
    const limit = card.state === 'review' ? now.getTime() : now.getTime() + LEARN_AHEAD_MS;
    return Date.parse(card.due) <= limit;
  };
  const all = [...cards.values()];
  const due = all.filter(isDue).sort((a, b) => Date.parse(a.due!) - Date.parse(b.due!));
  const newCards = saved.new.map((card) => cards.get(card.id)!).filter((card) => card.state === 'new');
  const ratedNew = saved.new.length - newCards.length;
  const today = new Date(now).toDateString();
  const ratedToday = new Set(
    pending.filter((r) => new Date(r.reviewedAt).toDateString() === today).map((r) => r.cardId),
  );
  const { dailyGoal } = saved;
  const cardsStudied = dailyGoal.cardsStudied + ratedToday.size;
  return {
    ...saved,
    dueCount: due.length,
    newCount: Math.max(0, saved.newCount - ratedNew),
    // A queue saved before the API sent it lacks it.
    newWaiting: Math.max(0, (saved.newWaiting ?? saved.newCount) - ratedNew),
    due: due.map(fresh),
    new: newCards.map(fresh),
    dailyGoal: { ...dailyGoal, cardsStudied },
  };
}

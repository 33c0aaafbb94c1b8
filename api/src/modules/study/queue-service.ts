// What to study: the review queue (due cards, learning ones within the learn-ahead included, and
// the new cards the daily allowance still admits, in one set, one tag or all cards), the spec's
// due list, custom study (cram, study ahead) and multiple-choice questions. Each card comes with
// what every rating would schedule; nothing here changes a schedule.
import {
  choiceQuestions,
  type CustomStudyQuery,
  type DueQuery,
  type MultipleChoiceQuery,
  type ReviewQueueQuery,
  type SchedulerSettings,
} from '@flashcard/api-contract/schemas';
import { HttpError, notFound } from '../../lib/http-error';
import { localDayNumber, MS_PER_DAY, toTimestamp } from '../../lib/time';
import { STATE_REVIEW, type StudyScope } from './card-rows';
import { ANSWER_POOL, MESSAGES, TODAY_LOOKBACK_MS } from './limits';
import type { QueueRepository, SetCaps, SetToday } from './queue-repository';
import { optionsOf, type LearnerOptions, type SchedulerSettingsRepository } from './settings-repository';
import { dueWindow, SchedulersBySet, type StudyCard } from './study-card';

export interface QueueServiceDeps {
  queue: QueueRepository;
  settings: SchedulerSettingsRepository;
  /** Cards studied today and the goal, as the dashboard counts them. */
  dailyGoal: (userId: number, timeZone: string) => Promise<{ cardsStudied: number; dailyGoal: number }>;
  now: () => Date;
}

export interface ReviewQueue {
  dueCount: number;
  newCount: number;
  newWaiting: number;
  newCardsPerDay: number;
  due: StudyCard[];
  new: StudyCard[];
  dailyGoal: { cardsStudied: number; dailyGoal: number };
  /** What the previews were computed with: a browser schedules offline ratings with it. */
  scheduler: SchedulerSettings;
  /** By set id, the scheduler of cards whose set's preset is not the scope's. */
  setSchedulers: Record<string, SchedulerSettings>;
}

export interface ChoiceQuestion {
  question: StudyCard;
  choices: string[];
  correct: number;
}

/** The scope query (`set`, its schema's id; `tag`) as the repository takes it; a blank tag means absent. */
function parseScope(query: { set?: number; tag?: string }): StudyScope {
  const scope: StudyScope = {};
  if (query.set !== undefined) scope.categoryId = query.set;
  const tag = query.tag?.trim();
  if (tag) scope.tag = tag;
  return scope;
}

/**
 * The first card of each note (the list's order kept): Anki shows one card of a note a day, the
 * others are buried when it is answered.
 */
function oneCardPerNote<C extends { note_guid: string }>(cards: readonly C[]): C[] {
  const seen = new Set<string>();
  return cards.filter((card) => !seen.has(card.note_guid) && Boolean(seen.add(card.note_guid)));
}

export class QueueService {
  constructor(private readonly deps: QueueServiceDeps) {}

  /**
   * Due cards (learning ones within the learn-ahead window included) and the new cards the
   * daily allowance still admits, each with what every rating would schedule.
   *
   * Limits as Anki's v3 scheduler sets them for a deck and its subdecks: each set's preset caps
   * the new cards and the review cards drawn from that set today, and the studied scope's preset
   * caps the total (a set's own; for all cards or a tag, the default preset's). Learning cards
   * are not limited, and new cards ignore the review limit (Anki's "New cards ignore review limit").
   */
  async queue(userId: number, timeZone: string, query: ReviewQueueQuery): Promise<ReviewQueue> {
    const { newLimit, limit: dueLimit } = query;
    const scope = await this.checkedScope(userId, query);
    const { queue } = this.deps;
    const now = this.deps.now();
    const window = dueWindow(now);
    const today = localDayNumber(now, timeZone);
    const since = toTimestamp(new Date(now.getTime() - TODAY_LOOKBACK_MS));

    const [options, counts, done, dailyGoal] = await Promise.all([
      this.deps.settings.learnerOptions(userId),
      queue.countsBySet(userId, window, scope),
      queue.todayBySet(userId, today, timeZone, since),
      this.deps.dailyGoal(userId, timeZone),
    ]);
    const limits = dailyLimits(options, done, scope);
    let learning = 0;
    let reviews = 0;
    let fresh = 0;
    let newTotal = 0;
    for (const [set, count] of counts) {
      learning += count.learning;
      reviews += Math.min(count.review, limits.reviews(set));
      fresh += Math.min(count.fresh, limits.fresh(set));
      newTotal += count.fresh;
    }
    const reviewCount = Math.min(reviews, limits.totalReviews);
    const newCount = Math.min(fresh, limits.totalFresh);
    const [dueRows, freshRows] = await Promise.all([
      queue.dueCards(userId, window, dueLimit, scope, limits.reviewCaps),
      newCount > 0 && newLimit > 0
        ? queue.newCards(userId, window.now, Math.min(newLimit, newCount), scope, limits.freshCaps)
        : [],
    ]);
    // The scope's total caps the review cards, most overdue first.
    let reviewsLeft = reviewCount;
    const due = oneCardPerNote(dueRows).filter((card) => card.state !== STATE_REVIEW || reviewsLeft-- > 0);
    const schedulers = new SchedulersBySet(options, limits.scope);
    return {
      dueCount: learning + reviewCount,
      newCount,
      newWaiting: newTotal,
      newCardsPerDay: limits.scope.newCardsPerDay,
      due: due.map((card) => schedulers.preview(card, now)),
      new: freshRows.map((card) => schedulers.preview(card, now)),
      dailyGoal,
      scheduler: limits.scope.scheduler,
      setSchedulers: schedulers.others(),
    };
  }

  /** The scope of a query, its set checked to be the learner's (404 otherwise). */
  private async checkedScope(userId: number, query: { set?: number; tag?: string }): Promise<StudyScope> {
    const scope = parseScope(query);
    if (scope.categoryId !== undefined && !(await this.deps.queue.setExists(userId, scope.categoryId))) {
      throw notFound(MESSAGES.setNotFound);
    }
    return scope;
  }

  /** Custom study: cram the scope, or the cards due in the next `days` days; nothing is rescheduled. */
  async custom(userId: number, query: CustomStudyQuery): Promise<StudyCard[]> {
    const { mode, limit, days } = query;
    const scope = await this.checkedScope(userId, query);
    const now = this.deps.now();
    const schedulers = new SchedulersBySet(await this.deps.settings.learnerOptions(userId));
    const { queue } = this.deps;
    const cards =
      mode === 'cram'
        ? await queue.cramCards(userId, scope, limit)
        : await queue.aheadCards(
            userId,
            scope,
            toTimestamp(now),
            toTimestamp(new Date(now.getTime() + days * MS_PER_DAY)),
            limit,
          );
    return cards.map((card) => schedulers.preview(card, now));
  }

  /** Practice questions: sampled cards of the scope, their choices from the scope's answers (the contract's `choiceQuestions`). */
  async multipleChoice(userId: number, query: MultipleChoiceQuery): Promise<ChoiceQuestion[]> {
    const { limit, choices: choiceCount } = query;
    const scope = await this.checkedScope(userId, query);
    const { queue } = this.deps;
    const [cards, pool, options] = await Promise.all([
      queue.sampleCards(userId, scope, limit),
      queue.answerPool(userId, scope, ANSWER_POOL),
      this.deps.settings.learnerOptions(userId),
    ]);
    const schedulers = new SchedulersBySet(options);
    const questions = choiceQuestions(cards, pool, choiceCount);
    if (!questions) throw new HttpError(422, MESSAGES.tooFewAnswers);
    const now = this.deps.now();
    return questions.map(({ card, choices, correct }) => ({
      question: schedulers.preview(card, now),
      choices,
      correct,
    }));
  }

  /** The due-cards call of the spec: the due queue alone. */
  async dueCards(userId: number, { limit }: DueQuery): Promise<StudyCard[]> {
    const now = this.deps.now();
    const [options, cards] = await Promise.all([
      this.deps.settings.learnerOptions(userId),
      this.deps.queue.dueCards(userId, dueWindow(now), limit),
    ]);
    const schedulers = new SchedulersBySet(options);
    return cards.map((card) => schedulers.preview(card, now));
  }
}

/** Today's limits of a queue: per set what is left of its preset's allowances, and the scope's total. */
function dailyLimits(options: LearnerOptions, done: ReadonlyMap<number | null, SetToday>, scope: StudyScope) {
  const left = (limit: number, used: number) => Math.max(0, limit - used);
  const doneIn = (set: number | null) => done.get(set) ?? { firstReviews: 0, reviews: 0 };
  const fresh = (set: number | null) => left(optionsOf(options, set).newCardsPerDay, doneIn(set).firstReviews);
  const reviews = (set: number | null) => left(optionsOf(options, set).maximumReviewsPerDay, doneIn(set).reviews);
  const scopeOptions = optionsOf(options, scope.categoryId);
  let firstReviews = 0;
  let reviewed = 0;
  for (const count of done.values()) {
    firstReviews += count.firstReviews;
    reviewed += count.reviews;
  }
  const setIds = [...options.bySet.keys()];
  const capsOf = (cap: (set: number | null) => number): SetCaps => ({
    bySet: new Map(setIds.map((set) => [set, cap(set)])),
    other: cap(null),
  });
  return {
    scope: scopeOptions,
    fresh,
    reviews,
    freshCaps: capsOf(fresh),
    reviewCaps: capsOf(reviews),
    // One set: its own allowance. All cards or a tag: the default preset's over every set.
    totalFresh:
      scope.categoryId !== undefined ? fresh(scope.categoryId) : left(scopeOptions.newCardsPerDay, firstReviews),
    totalReviews:
      scope.categoryId !== undefined ? reviews(scope.categoryId) : left(scopeOptions.maximumReviewsPerDay, reviewed),
  };
}

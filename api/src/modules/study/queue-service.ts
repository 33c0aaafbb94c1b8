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
import type { StudyScope } from './card-rows';
import { ANSWER_POOL, MESSAGES, TODAY_LOOKBACK_MS } from './limits';
import type { QueueRepository } from './queue-repository';
import type { SchedulerSettingsRepository } from './settings-repository';
import { dueWindow, schedulerFor, withPreview, type StudyCard } from './study-card';

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
   */
  async queue(userId: number, timeZone: string, query: ReviewQueueQuery): Promise<ReviewQueue> {
    const { newLimit, limit: dueLimit } = query;
    const scope = await this.checkedScope(userId, query);
    const { queue } = this.deps;
    const now = this.deps.now();
    const window = dueWindow(now);
    const today = localDayNumber(now, timeZone);
    const since = toTimestamp(new Date(now.getTime() - TODAY_LOOKBACK_MS));

    const [
      { scheduler, schedulerSettings, settings },
      { due: dueCount, fresh: newTotal },
      due,
      introducedToday,
      dailyGoal,
    ] = await Promise.all([
      schedulerFor(this.deps.settings, userId),
      queue.queueCounts(userId, window, scope),
      queue.dueCards(userId, window, dueLimit, scope),
      queue.countFirstReviewsOn(userId, today, timeZone, since),
      this.deps.dailyGoal(userId, timeZone),
    ]);
    const newCount = Math.min(newTotal, Math.max(0, settings.newCardsPerDay - introducedToday));
    const fresh =
      newCount > 0 && newLimit > 0 ? await queue.newCards(userId, window.now, Math.min(newLimit, newCount), scope) : [];
    return {
      dueCount,
      newCount,
      newWaiting: newTotal,
      newCardsPerDay: settings.newCardsPerDay,
      due: oneCardPerNote(due).map((card) => withPreview(scheduler, card, now)),
      new: fresh.map((card) => withPreview(scheduler, card, now)),
      dailyGoal,
      scheduler: schedulerSettings,
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
    const { scheduler } = await schedulerFor(this.deps.settings, userId);
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
    return cards.map((card) => withPreview(scheduler, card, now));
  }

  /** Practice questions: sampled cards of the scope, their choices from the scope's answers (the contract's `choiceQuestions`). */
  async multipleChoice(userId: number, query: MultipleChoiceQuery): Promise<ChoiceQuestion[]> {
    const { limit, choices: choiceCount } = query;
    const scope = await this.checkedScope(userId, query);
    const { queue } = this.deps;
    const [cards, pool, { scheduler }] = await Promise.all([
      queue.sampleCards(userId, scope, limit),
      queue.answerPool(userId, scope, ANSWER_POOL),
      schedulerFor(this.deps.settings, userId),
    ]);
    const questions = choiceQuestions(cards, pool, choiceCount);
    if (!questions) throw new HttpError(422, MESSAGES.tooFewAnswers);
    const now = this.deps.now();
    return questions.map(({ card, choices, correct }) => ({
      question: withPreview(scheduler, card, now),
      choices,
      correct,
    }));
  }

  /** The due-cards call of the spec: the due queue alone. */
  async dueCards(userId: number, { limit }: DueQuery): Promise<StudyCard[]> {
    const now = this.deps.now();
    const { scheduler } = await schedulerFor(this.deps.settings, userId);
    const cards = await this.deps.queue.dueCards(userId, dueWindow(now), limit);
    return cards.map((card) => withPreview(scheduler, card, now));
  }
}

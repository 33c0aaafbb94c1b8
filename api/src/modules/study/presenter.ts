// Study results -> JSON: a card as the cards screen shows it, plus what each rating would do.
import type * as Json from '@flashcard/api-contract/schemas';
import { presentCard } from '../cards';
import type { ChoiceQuestion, ReviewQueue } from './queue-service';
import type { ReviewOutcome } from './review-service';
import type { StudySettings } from './settings-repository';
import type { ScheduledCard, StudyStats } from './stats-service';
import type { StudyCard } from './study-card';

export function presentStudyCard({ card, preview }: StudyCard): Json.StudyCard {
  return {
    ...presentCard(card),
    memory: {
      stability: card.stability,
      difficulty: card.difficulty,
      elapsed_days: card.elapsed_days,
      scheduled_days: card.scheduled_days,
      learning_steps: card.learning_steps,
      last_review: card.last_review,
    },
    preview,
  };
}

export function presentQueue(queue: ReviewQueue): Json.ReviewQueue {
  return {
    dueCount: queue.dueCount,
    newCount: queue.newCount,
    newWaiting: queue.newWaiting,
    newCardsPerDay: queue.newCardsPerDay,
    due: queue.due.map(presentStudyCard),
    new: queue.new.map(presentStudyCard),
    dailyGoal: queue.dailyGoal,
    scheduler: presentScheduler(queue.scheduler),
    // Only when some card's set uses another preset than the scope's.
    ...(Object.keys(queue.setSchedulers).length > 0 && {
      setSchedulers: Object.fromEntries(
        Object.entries(queue.setSchedulers).map(([set, scheduler]) => [set, presentScheduler(scheduler)]),
      ),
    }),
  };
}

export function presentReview(outcome: ReviewOutcome): Json.ReviewResponse {
  return {
    card: presentStudyCard(outcome),
    reviewId: outcome.reviewId,
    xpEarned: outcome.xpEarned,
    leech: outcome.leech,
  };
}

export function presentChoiceQuestion(question: ChoiceQuestion): Json.MultipleChoiceQuestion {
  return { card: presentStudyCard(question.question), choices: question.choices, correct: question.correct };
}

export function presentScheduled(scheduled: ScheduledCard): Json.ScheduledCard {
  const { card } = scheduled;
  return {
    ...presentStudyCard(scheduled),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduled_days,
    lapses: card.lapses,
    last_review: card.last_review,
    retrievability: scheduled.retrievability,
  };
}

export const presentSettings = (settings: StudySettings): StudySettings => ({ ...settings });

export const presentStats = (stats: StudyStats): StudyStats => stats;

function presentScheduler(scheduler: Json.SchedulerSettings): Json.SchedulerSettings {
  return {
    desiredRetention: scheduler.desiredRetention,
    maximumInterval: scheduler.maximumInterval,
    parameters: scheduler.parameters,
    learningSteps: scheduler.learningSteps,
    relearningSteps: scheduler.relearningSteps,
  };
}

// The learner's own FSRS-6 parameters. A fit learns from every review of the learner (in a
// worker thread), scores the default and the fitted weights on that same history with the
// binding's evaluate (log loss, RMSE) and schedules with the fitted ones only when their log
// loss is lower. A reschedule replays each reviewed card's history with the weights in use and
// gives it the interval its new memory state earns at the learner's desired retention.
import { Scheduler } from '@flashcard/api-contract/scheduler';
import type { OptimizerStatus, RescheduleResult } from '@flashcard/api-contract/schemas';
import { conflict, HttpError } from '../../lib/http-error';
import { MS_PER_DAY, toTimestamp } from '../../lib/time';
import type { SchedulerSettingsRepository } from '../study';
import { presentStatus } from './presenter';
import type { OptimizerRepository } from './repository';
import { fitParameters, replayHistory, type FitResult, type ReplayResult, type ReviewHistory } from './worker';

/**
 * Below this many reviews a fit learns noise (the FSRS optimizer itself wants a few hundred;
 * Anki enables it from a few hundred reviews too), so it is refused.
 */
export const MINIMUM_REVIEWS = 400;
/** A fit is suggested once this many reviews were added since the last one (or since none). */
export const SUGGEST_AFTER_REVIEWS = 1000;
/** A fit still marked as running after this long was cut short (a process died): claimable again. */
const STALE_RUN_MS = 10 * 60 * 1000;
const STATE_REVIEW = 2;

export const MESSAGES = {
  tooFewReviews: (count: number) => `Optimizing needs at least ${MINIMUM_REVIEWS} reviews; you have ${count} so far.`,
  running: 'Your parameters are already being optimized. Please wait for that to finish.',
} as const;

export interface OptimizerWorkers {
  fit(history: ReviewHistory): Promise<FitResult>;
  replay(history: ReviewHistory, parameters: readonly number[] | null, desiredRetention: number): Promise<ReplayResult>;
}

export interface OptimizerServiceDeps {
  repository: OptimizerRepository;
  /** The learner's study settings (desired retention, maximum interval). */
  schedulerSettings: Pick<SchedulerSettingsRepository, 'settings' | 'activeParameters'>;
  now: () => Date;
  /** The worker threads; tests may count or slow them. */
  workers?: OptimizerWorkers;
}

const THREADS: OptimizerWorkers = { fit: fitParameters, replay: replayHistory };

export class OptimizerService {
  private readonly workers: OptimizerWorkers;

  constructor(private readonly deps: OptimizerServiceDeps) {
    this.workers = deps.workers ?? THREADS;
  }

  async status(userId: number): Promise<OptimizerStatus> {
    const [reviewCount, row] = await Promise.all([
      this.deps.repository.reviewCount(userId),
      this.deps.repository.find(userId),
    ]);
    const now = this.deps.now().getTime();
    const running = row?.running_since != null && Date.parse(row.running_since) > now - STALE_RUN_MS;
    const fittedOn = row?.fitted_at ? row.review_count : 0;
    return presentStatus({
      row,
      reviewCount,
      minimumReviews: MINIMUM_REVIEWS,
      running,
      suggested: reviewCount >= MINIMUM_REVIEWS && reviewCount - fittedOn >= SUGGEST_AFTER_REVIEWS,
    });
  }

  async optimize(userId: number, timeZone: string): Promise<OptimizerStatus> {
    const { repository } = this.deps;
    const reviewCount = await repository.reviewCount(userId);
    if (reviewCount < MINIMUM_REVIEWS) throw new HttpError(422, MESSAGES.tooFewReviews(reviewCount));
    await this.exclusively(userId, async () => {
      const history = await repository.history(userId);
      const fit = await this.workers.fit({ ...history, timeZone });
      await repository.saveFit(userId, {
        parameters: fit.parameters,
        reviewCount: history.cardIds.length,
        defaultScore: fit.default,
        fittedScore: fit.fitted,
        inUse: fit.fitted.logLoss < fit.default.logLoss,
        fittedAt: toTimestamp(this.deps.now()),
      });
    });
    return this.status(userId);
  }

  async reschedule(userId: number, timeZone: string): Promise<RescheduleResult> {
    const { repository, schedulerSettings } = this.deps;
    let rescheduled = 0;
    await this.exclusively(userId, async () => {
      const [settings, parameters, cards, history] = await Promise.all([
        schedulerSettings.settings(userId),
        schedulerSettings.activeParameters(userId),
        repository.reviewedCards(userId),
        repository.history(userId),
      ]);
      const replayed = await this.workers.replay({ ...history, timeZone }, parameters, settings.desiredRetention);
      const memory = new Map<number, number>();
      replayed.cardIds.forEach((cardId, n) => memory.set(cardId, n));
      const scheduler = new Scheduler({ ...settings, parameters });
      for (const card of cards) {
        const n = memory.get(card.id);
        if (n === undefined || !card.last_review) continue;
        const stability = replayed.stability[n]!;
        const values: Parameters<OptimizerRepository['reschedule']>[2] = {
          stability,
          difficulty: replayed.difficulty[n]!,
        };
        // A relearning card keeps its step's due time; a review card gets its new interval.
        if (card.state === STATE_REVIEW) {
          const days = scheduler.intervalDays(stability);
          values.scheduled_days = days;
          values.due = toTimestamp(new Date(Date.parse(card.last_review) + days * MS_PER_DAY));
        }
        // A review that changed the card meanwhile wins: its state came from that newer rating.
        if (await repository.reschedule(userId, card, values)) rescheduled++;
      }
    });
    return { rescheduled };
  }

  /** One fit or reschedule per learner at a time, on any instance. */
  private async exclusively(userId: number, work: () => Promise<void>): Promise<void> {
    const { repository } = this.deps;
    const now = this.deps.now();
    if (!(await repository.claim(userId, toTimestamp(now), toTimestamp(new Date(now.getTime() - STALE_RUN_MS))))) {
      throw conflict(MESSAGES.running);
    }
    try {
      await work();
    } finally {
      await repository.release(userId);
    }
  }
}

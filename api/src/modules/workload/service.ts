// The learner's workload at a desired retention: their studied cards' memory states, their new
// cards at their daily limit, their FSRS-6 weights in use and their answer times, simulated
// (simulator.ts, in a worker thread) for the coming days and across the curve's retentions.
import { WORKLOAD_CURVE, type Workload } from '@flashcard/api-contract/schemas';
import { MS_PER_DAY } from '../../lib/time';
import type { SchedulerSettingsRepository } from '../study';
import { answerModel } from './answers';
import { presentWorkload } from './presenter';
import type { WorkloadRepository } from './repository';
import { efficientRetention } from './simulator';
import { simulateInWorker, type SimulateWorkload } from './worker';

/** WORKLOAD_CURVE's retentions, each rounded to its step's two decimals. */
export const CURVE_RETENTIONS: readonly number[] = Array.from(
  { length: Math.round((WORKLOAD_CURVE.max - WORKLOAD_CURVE.min) / WORKLOAD_CURVE.step) + 1 },
  (_, i) => Math.round((WORKLOAD_CURVE.min + i * WORKLOAD_CURVE.step) * 100) / 100,
);

export interface WorkloadServiceDeps {
  repository: WorkloadRepository;
  schedulerSettings: Pick<SchedulerSettingsRepository, 'settings' | 'activeParameters'>;
  now: () => Date;
  /** The worker thread; tests may run it in process. */
  simulate?: SimulateWorkload;
}

export class WorkloadService {
  private readonly simulate: SimulateWorkload;

  constructor(private readonly deps: WorkloadServiceDeps) {
    this.simulate = deps.simulate ?? simulateInWorker;
  }

  async workload(userId: number, query: { retention?: number; days: number }): Promise<Workload> {
    const { repository, schedulerSettings } = this.deps;
    const [settings, parameters, studied, newCards, answers] = await Promise.all([
      schedulerSettings.settings(userId),
      schedulerSettings.activeParameters(userId),
      repository.studiedCards(userId),
      repository.newCardCount(userId),
      repository.answers(userId),
    ]);
    const now = this.deps.now().getTime();
    const daysFrom = (instant: string | null) => (instant ? (Date.parse(instant) - now) / MS_PER_DAY : 0);
    const n = studied.length;
    const input = {
      parameters,
      maximumInterval: settings.maximumInterval,
      stability: Float64Array.from(studied, (card) => card.stability),
      difficulty: Float64Array.from(studied, (card) => card.difficulty),
      sinceReview: Float64Array.from(studied, (card) => Math.max(0, -daysFrom(card.last_review))),
      untilDue: Float64Array.from(studied, (card) => daysFrom(card.due)),
      newCards,
      newPerDay: settings.newCardsPerDay,
      answers: answerModel(answers),
      // The learner's own stream: the same cards and query give the same answer.
      seed: userId,
    };
    const retention = query.retention ?? settings.desiredRetention;
    const simulation = await this.simulate(input, retention, query.days, CURVE_RETENTIONS);
    return presentWorkload({
      simulation,
      retention,
      target: settings.desiredRetention,
      days: query.days,
      personalParameters: parameters !== null,
      cards: { studied: n, new: newCards, newPerDay: settings.newCardsPerDay },
      efficient: efficientRetention(simulation.curve),
    });
  }
}

// SQL of the optimizer: the learner's review history (read off the request thread on SQLite),
// their fsrs_parameters row (the fit, its scores, whether in use, a fit under way) and the
// scheduling columns a reschedule writes. Every query is scoped to the learner.
import type { Kysely, Selectable } from 'kysely';
import { readOffThread } from '../../db';
import type { Database, FsrsParametersTable } from '../../db/schema';

export type ParametersRow = Selectable<FsrsParametersTable>;

export interface HistoryRows {
  cardIds: Int32Array;
  ratings: Int8Array;
  times: Float64Array;
}

export interface ReviewedCard {
  id: number;
  state: number;
  last_review: string | null;
  sched_version: number;
}

export class OptimizerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async reviewCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('review_logs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Every review of the learner, card by card, oldest first (only what FSRS learns from). */
  async history(userId: number): Promise<HistoryRows> {
    const rows = await readOffThread(
      this.db,
      this.db
        .selectFrom('review_logs')
        .select(['card_id', 'rating', 'reviewed_at'])
        .where('user_id', '=', userId)
        .orderBy('card_id')
        .orderBy('reviewed_at')
        .orderBy('id'),
    );
    const history = {
      cardIds: new Int32Array(rows.length),
      ratings: new Int8Array(rows.length),
      times: new Float64Array(rows.length),
    };
    rows.forEach((row, i) => {
      history.cardIds[i] = row.card_id;
      history.ratings[i] = row.rating;
      history.times[i] = Date.parse(row.reviewed_at);
    });
    return history;
  }

  find(userId: number): Promise<ParametersRow | undefined> {
    return this.db.selectFrom('fsrs_parameters').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /**
   * Marks a fit (or reschedule) under way unless one is, on any instance; one left behind by a
   * crashed process counts as over after `staleBefore`. False when another one runs.
   */
  async claim(userId: number, now: string, staleBefore: string): Promise<boolean> {
    await this.db
      .insertInto('fsrs_parameters')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const result = await this.db
      .updateTable('fsrs_parameters')
      .set({ running_since: now })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('running_since', 'is', null), eb('running_since', '<', staleBefore)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async release(userId: number): Promise<void> {
    await this.db.updateTable('fsrs_parameters').set({ running_since: null }).where('user_id', '=', userId).execute();
  }

  async saveFit(
    userId: number,
    fit: {
      parameters: number[];
      reviewCount: number;
      defaultScore: { logLoss: number; rmse: number };
      fittedScore: { logLoss: number; rmse: number };
      inUse: boolean;
      fittedAt: string;
    },
  ): Promise<void> {
    await this.db
      .updateTable('fsrs_parameters')
      .set({
        parameters: JSON.stringify(fit.parameters),
        review_count: fit.reviewCount,
        default_log_loss: fit.defaultScore.logLoss,
        default_rmse: fit.defaultScore.rmse,
        fitted_log_loss: fit.fittedScore.logLoss,
        fitted_rmse: fit.fittedScore.rmse,
        in_use: fit.inUse,
        fitted_at: fit.fittedAt,
      })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Cards that have left learning (review, relearning): those a reschedule recomputes. */
  reviewedCards(userId: number): Promise<ReviewedCard[]> {
    return this.db
      .selectFrom('cards')
      .select(['id', 'state', 'last_review', 'sched_version'])
      .where('user_id', '=', userId)
      .where('state', 'in', [2, 3])
      .execute();
  }

  /** Writes a card's new memory state (and due date), unless a review changed it meanwhile. */
  async reschedule(
    userId: number,
    card: ReviewedCard,
    values: { stability: number; difficulty: number; due?: string; scheduled_days?: number },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('cards')
      .set({ ...values, sched_version: card.sched_version + 1 })
      .where('user_id', '=', userId)
      .where('id', '=', card.id)
      .where('sched_version', '=', card.sched_version)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

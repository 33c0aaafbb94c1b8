// SQL of reviewing one card: its read (locked on PostgreSQL inside the review's transaction),
// scheduling writes guarded by the card's version, review logs with their card's totals, undo's
// reads and deletes, the undone reviews' keys, suspend/bury and leeches. Every query is scoped
// to one user.
import { DEFAULT_STUDY_SETTINGS } from '@flashcard/api-contract/schemas';
import { sql, type Insertable, type Kysely } from 'kysely';
import { dialectOf } from '../../db';
import type { DayRange } from '../../lib/local-time';
import { cardSearchText } from '../../db/search-text';
import type { CardReviewTotalsTable, Database, NewReviewLog, ReviewLogRow } from '../../db/schema';
import { RATING_AGAIN, selectStudyCards, STATE_NEW, STATE_REVIEW, type StudyCardRow } from './card-rows';
import type { SchedulerSettings } from '@flashcard/api-contract/schemas';
import type { SchedulingState } from '@flashcard/api-contract/scheduler';
import { parseParameters } from './settings-repository';

/** The scheduler settings' columns selectWithSettings adds to a card. */
interface SettingsColumns {
  desired_retention: number | string | null;
  maximum_interval: number | null;
  settings_learning_steps: string | null;
  settings_relearning_steps: string | null;
  parameters: string | null;
}

/** Rows per insert: well under SQLite's 32,766 bound parameters at 22 columns. */
const LOG_BATCH = 500;
/** Card totals per upsert (5 columns). */
const TOTALS_BATCH = 2_000;

type CardReviewTotals = Insertable<CardReviewTotalsTable>;

/** Review logs summed per card: what they add to card_review_totals. */
function totalsOf(logs: readonly NewReviewLog[]): CardReviewTotals[] {
  const byCard = new Map<number, CardReviewTotals>();
  for (const log of logs) {
    let totals = byCard.get(log.card_id);
    if (!totals)
      byCard.set(
        log.card_id,
        (totals = { card_id: log.card_id, user_id: log.user_id, reviews: 0, remembered: 0, time_spent_ms: 0 }),
      );
    totals.reviews += 1;
    if (log.rating > RATING_AGAIN) totals.remembered += 1;
    totals.time_spent_ms += log.time_spent_ms;
  }
  return [...byCard.values()];
}

/** A log's columns for the card's state after it. */
export function afterColumns(after: SchedulingState) {
  return {
    state_after: after.state,
    due_after: after.due!,
    stability_after: after.stability,
    scheduled_days_after: after.scheduled_days,
  };
}

export class ReviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The learner's card with its study columns (also how a session checks the card is theirs). */
  findCard(userId: number, cardId: number): Promise<StudyCardRow | undefined> {
    return selectStudyCards(this.db, userId).where('cards.id', '=', cardId).executeTakeFirst();
  }

  /**
   * The learner's cards with the scheduler settings each is reviewed with: its set's preset
   * (study_presets through the set's `preset_id`: one join), else the owner's settings, and its
   * preset's own FSRS weights, else the owner's in use.
   */
  private selectWithSettings(userId: number) {
    return selectStudyCards(this.db, userId)
      .leftJoin('user_settings', 'user_settings.user_id', 'cards.user_id')
      .leftJoin('study_presets', (join) =>
        join
          .onRef('study_presets.id', '=', 'categories.preset_id')
          .onRef('study_presets.user_id', '=', 'cards.user_id'),
      )
      .leftJoin('fsrs_parameters', (join) =>
        join.onRef('fsrs_parameters.user_id', '=', 'cards.user_id').on('fsrs_parameters.in_use', '=', true),
      )
      .select((eb) => [
        eb.fn.coalesce('study_presets.desired_retention', 'user_settings.desired_retention').as('desired_retention'),
        eb.fn.coalesce('study_presets.maximum_interval', 'user_settings.maximum_interval').as('maximum_interval'),
        // Aliased: a card's own learning_steps is the step it is on.
        eb.fn.coalesce('study_presets.learning_steps', 'user_settings.learning_steps').as('settings_learning_steps'),
        eb.fn
          .coalesce('study_presets.relearning_steps', 'user_settings.relearning_steps')
          .as('settings_relearning_steps'),
        eb.fn.coalesce('study_presets.fsrs_parameters', 'fsrs_parameters.parameters').as('parameters'),
      ]);
  }

  /** A row of selectWithSettings as the card and its scheduler settings. */
  private static withSettings<R extends StudyCardRow & SettingsColumns>(
    row: R,
  ): { card: Omit<R, keyof SettingsColumns>; settings: SchedulerSettings } {
    const {
      desired_retention,
      maximum_interval,
      settings_learning_steps,
      settings_relearning_steps,
      parameters,
      ...card
    } = row;
    return {
      card,
      settings: {
        desiredRetention:
          desired_retention === null ? DEFAULT_STUDY_SETTINGS.desiredRetention : Number(desired_retention),
        maximumInterval: maximum_interval ?? DEFAULT_STUDY_SETTINGS.maximumInterval,
        parameters: parseParameters(parameters),
        learningSteps: settings_learning_steps ?? DEFAULT_STUDY_SETTINGS.learningSteps,
        relearningSteps: settings_relearning_steps ?? DEFAULT_STUDY_SETTINGS.relearningSteps,
      },
    };
  }

  /** The learner's card and the scheduler settings it is reviewed with (undo, reset and previews). */
  async findCardWithSettings(
    userId: number,
    cardId: number,
  ): Promise<{ card: StudyCardRow; settings: SchedulerSettings } | undefined> {
    const row = await this.selectWithSettings(userId).where('cards.id', '=', cardId).executeTakeFirst();
    return row && ReviewRepository.withSettings(row);
  }

  /**
   * The card, the time of its newest review log (null without one) and the scheduler settings it
   * is reviewed with, in one query: a review's only read.
   */
  async findCardForReview(
    userId: number,
    cardId: number,
  ): Promise<{ card: StudyCardRow; newestReview: string | null; settings: SchedulerSettings } | undefined> {
    let query = this.selectWithSettings(userId)
      .select((eb) =>
        eb
          .selectFrom('review_logs')
          .select((sub) => sub.fn.max('review_logs.reviewed_at').as('newest'))
          .whereRef('review_logs.card_id', '=', 'cards.id')
          .as('newest_review'),
      )
      .where('cards.id', '=', cardId);
    // Concurrent reviews of one card queue on its row instead of racing to a 409: each starts
    // from the previous one's result. Only the card's row is locked (not the settings row).
    // SQLite runs one write transaction at a time anyway.
    if (this.db.isTransaction && dialectOf(this.db) === 'postgres') query = query.forUpdate('cards');
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const { newest_review, ...rest } = row;
    return { ...ReviewRepository.withSettings(rest), newestReview: newest_review ?? null };
  }

  /**
   * Writes new scheduling state if the card still has `expectedVersion`. False means another
   * request changed the card since it was read: the caller starts over.
   */
  async updateScheduling(
    userId: number,
    cardId: number,
    expectedVersion: number,
    state: SchedulingState,
    newVersion: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('cards')
      .set({ ...state, sched_version: newVersion })
      .where('user_id', '=', userId)
      .where('id', '=', cardId)
      .where('sched_version', '=', expectedVersion)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A review log, counted into its card's totals (the caller's transaction holds both). */
  async insertLog(log: NewReviewLog): Promise<number> {
    const row = await this.db.insertInto('review_logs').values(log).returning('id').executeTakeFirstOrThrow();
    await this.addToTotals(totalsOf([log]));
    return row.id;
  }

  /** An imported history (in batches; the caller's transaction makes it all or nothing). */
  async insertLogs(logs: NewReviewLog[]): Promise<void> {
    for (let start = 0; start < logs.length; start += LOG_BATCH) {
      await this.db
        .insertInto('review_logs')
        .values(logs.slice(start, start + LOG_BATCH))
        .execute();
    }
    const totals = totalsOf(logs);
    for (let start = 0; start < totals.length; start += TOTALS_BATCH)
      await this.addToTotals(totals.slice(start, start + TOTALS_BATCH));
  }

  /** Adds to cards' review totals (card_review_totals, migration 0017), creating their rows. */
  private async addToTotals(totals: CardReviewTotals[]): Promise<void> {
    if (totals.length === 0) return;
    await this.db
      .insertInto('card_review_totals')
      .values(totals)
      .onConflict((conflict) =>
        conflict.column('card_id').doUpdateSet({
          reviews: sql`card_review_totals.reviews + excluded.reviews`,
          remembered: sql`card_review_totals.remembered + excluded.remembered`,
          time_spent_ms: sql`card_review_totals.time_spent_ms + excluded.time_spent_ms`,
        }),
      )
      .execute();
  }

  /** Every review log of the card, in time order (a log written later at the same instant after). */
  historyOf(userId: number, cardId: number): Promise<ReviewLogRow[]> {
    return this.db
      .selectFrom('review_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('card_id', '=', cardId)
      .orderBy('reviewed_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Gives a log the card's states before and after it as a replay of the card's history found
   * them (a review added earlier in time changes those of the reviews after it). When, the
   * rating, the time spent and the versions stay: no total or trigger depends on these columns.
   */
  async rewriteLog(userId: number, logId: number, before: SchedulingState, after: SchedulingState): Promise<void> {
    await this.db
      .updateTable('review_logs')
      .set({ ...before, ...afterColumns(after) })
      .where('user_id', '=', userId)
      .where('id', '=', logId)
      .execute();
  }

  findLog(userId: number, logId: number): Promise<ReviewLogRow | undefined> {
    return this.db
      .selectFrom('review_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', logId)
      .executeTakeFirst();
  }

  findLogByKey(userId: number, idempotencyKey: string): Promise<ReviewLogRow | undefined> {
    return this.db
      .selectFrom('review_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  async newestLogId(userId: number, cardId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('review_logs')
      .select('id')
      .where('user_id', '=', userId)
      .where('card_id', '=', cardId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * Deletes a review log and, by cascade, the XP it earned, and takes it out of its card's
   * totals (a card left without reviews has no totals row, as before its first).
   */
  async deleteLog(
    userId: number,
    log: Pick<ReviewLogRow, 'id' | 'card_id' | 'rating' | 'time_spent_ms'>,
  ): Promise<void> {
    await this.db.deleteFrom('review_logs').where('user_id', '=', userId).where('id', '=', log.id).execute();
    await this.db
      .updateTable('card_review_totals')
      .set({
        reviews: sql`reviews - 1`,
        remembered: sql`remembered - ${log.rating > RATING_AGAIN ? 1 : 0}`,
        time_spent_ms: sql`time_spent_ms - ${log.time_spent_ms}`,
      })
      .where('user_id', '=', userId)
      .where('card_id', '=', log.card_id)
      .execute();
    await this.db
      .deleteFrom('card_review_totals')
      .where('user_id', '=', userId)
      .where('card_id', '=', log.card_id)
      .where('reviews', '<=', 0)
      .execute();
  }

  /** Keeps an undone review's Idempotency-Key used (its log row is gone). */
  async rememberUndoneKey(userId: number, idempotencyKey: string, now: string): Promise<void> {
    await this.db
      .insertInto('undone_review_keys')
      .values({ user_id: userId, idempotency_key: idempotencyKey, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .execute();
  }

  async isUndoneKey(userId: number, idempotencyKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('undone_review_keys')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Suspends / unsuspends or buries (until an instant; null unburies) one card; false when not the user's. */
  async setCardFlags(
    userId: number,
    cardId: number,
    flags: { suspended?: boolean; buried_until?: string | null },
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('cards')
      .set({ ...flags, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', cardId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Buries the other new and review cards of a card's note until `until` (Anki buries siblings
   * when one is answered, so a reversed card is not asked right after its forward one). Learning
   * cards go on with their steps; a card buried longer already keeps that.
   */
  async burySiblings(userId: number, card: { id: number; note_guid: string }, until: string): Promise<void> {
    await this.updateSiblings(userId, card)
      .set({ buried_until: until })
      .where('state', 'in', [STATE_NEW, STATE_REVIEW])
      .where((eb) => eb.or([eb('buried_until', 'is', null), eb('buried_until', '<', until)]))
      .execute();
  }

  /**
   * Undoes burySiblings for `card`'s review undone, made on the learner's local day `day`: its
   * siblings buried until that day's end come back, unless another review of the note made that
   * day still stands (it buried them too) or the learner suspended them.
   */
  async unburySiblings(userId: number, card: { id: number; note_guid: string }, day: DayRange): Promise<void> {
    await this.updateSiblings(userId, card)
      .set({ buried_until: null })
      .where('buried_until', '=', day.end)
      .where('suspended', '=', false)
      .where(({ not, exists, selectFrom, ref }) =>
        not(
          exists(
            selectFrom('review_logs')
              .innerJoin('cards as other', 'other.id', 'review_logs.card_id')
              .select('review_logs.id')
              .where('review_logs.user_id', '=', userId)
              .where('other.user_id', '=', userId)
              .where('other.note_guid', '=', card.note_guid)
              .where('other.id', '!=', ref('cards.id'))
              .where('review_logs.reviewed_at', '>=', day.start)
              .where('review_logs.reviewed_at', '<', day.end),
          ),
        ),
      )
      .execute();
  }

  /** An update of the other cards of `card`'s note. */
  private updateSiblings(userId: number, card: { id: number; note_guid: string }) {
    return this.db
      .updateTable('cards')
      .where('user_id', '=', userId)
      .where('note_guid', '=', card.note_guid)
      .where('id', '!=', card.id);
  }

  /** Tags the card leech (keeping its other tags, and its search text in step) and suspends it. */
  async markLeech(
    userId: number,
    card: { id: number; question: string; answer: string; tags: string | null },
    now: string,
  ) {
    const tags = card.tags?.trim() ? `${card.tags.trim()}, leech` : 'leech';
    await this.db
      .updateTable('cards')
      .set({ tags, suspended: true, search_text: cardSearchText({ ...card, tags }), updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', card.id)
      .execute();
    return tags;
  }
}

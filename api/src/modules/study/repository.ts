// SQL for studying: the due and new queues, scheduling writes guarded by the card's version,
// review logs, scheduler settings and the numbers behind stats and forecast. Every query is
// scoped to one user.
import { DEFAULT_STUDY_SETTINGS, type StudySettings } from '@flashcard/api-contract/schemas';
import { sql, type AliasedSelectQueryBuilder, type Insertable, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DialectName } from '../../db';
import { queryWithBounds } from '../../db/day-bounds';
import { hasTag, localDay } from '../../db/functions';
import { cardSearchText } from '../../db/search-text';
import type { CardReviewTotalsTable, Database, NewReviewLog, ReviewLogRow } from '../../db/schema';
import type { DayRange } from '../../lib/local-time';
import { selectCardsWithSet, type CardWithSet } from '../cards';
import type { SchedulerSettings, SchedulingState } from './scheduler';

/** A card with its set name and every scheduling column. */
export interface StudyCardRow extends CardWithSet, SchedulingState {
  sched_version: number;
}

/** The learner's study settings, as GET /spaced-repetition/settings answers them. */
export type { StudySettings };

const STATE_NEW = 0;
const STATE_LEARNING = 1;
/** Rows per insert: well under SQLite's 32,766 bound parameters at 22 columns. */
const LOG_BATCH = 500;
/** Card totals per upsert (5 columns). */
const TOTALS_BATCH = 2_000;
const STATE_REVIEW = 2;
const STATE_RELEARNING = 3;
/** ts-fsrs Rating.Again: every other rating means the card was recalled. */
const RATING_AGAIN = 1;

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

/** What a queue covers: one set, one tag, or (both absent) every card. */
export interface StudyScope {
  categoryId?: number;
  tag?: string;
}

export interface DueWindow {
  /** Review cards due at or before this instant. */
  now: string;
  /** (Re)learning cards due at or before this instant (now + learn-ahead). */
  learnAheadUntil: string;
}

export interface ReviewCounts {
  total: number;
  /** Reviews of cards that were in the review state (what retention is measured on). */
  ofReviewCards: number;
  /** ...of which recalled (any rating but Again). */
  recalled: number;
}

export class StudyRepository {
  /** `dialect`: PostgreSQL locks the reviewed card's row (SQLite runs one write transaction at a time anyway). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName = 'sqlite',
  ) {}

  private selectStudyCards(userId: number) {
    return selectCardsWithSet(this.db, userId).select([
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

  findCard(userId: number, cardId: number): Promise<StudyCardRow | undefined> {
    return this.selectStudyCards(userId).where('cards.id', '=', cardId).executeTakeFirst();
  }

  /** The card and its owner's scheduler settings in one query: a review's only read. */
  async findCardForReview(
    userId: number,
    cardId: number,
  ): Promise<{ card: StudyCardRow; settings: SchedulerSettings } | undefined> {
    let query = this.selectStudyCards(userId)
      .leftJoin('user_settings', 'user_settings.user_id', 'cards.user_id')
      .leftJoin('fsrs_parameters', (join) =>
        join.onRef('fsrs_parameters.user_id', '=', 'cards.user_id').on('fsrs_parameters.in_use', '=', true),
      )
      .select(['user_settings.desired_retention', 'user_settings.maximum_interval', 'fsrs_parameters.parameters'])
      .where('cards.id', '=', cardId);
    // Concurrent reviews of one card queue on its row instead of racing to a 409: each starts
    // from the previous one's result. Only the card's row is locked (not the settings row).
    if (this.dialect === 'postgres' && this.db.isTransaction) query = query.forUpdate('cards');
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const { desired_retention, maximum_interval, parameters, ...card } = row;
    return {
      card,
      settings: {
        desiredRetention:
          desired_retention === null ? DEFAULT_STUDY_SETTINGS.desiredRetention : Number(desired_retention),
        maximumInterval: maximum_interval ?? DEFAULT_STUDY_SETTINGS.maximumInterval,
        parameters: parseParameters(parameters),
      },
    };
  }

  /** The learner's fitted FSRS weights when in use (modules/optimizer writes them), else null. */
  async activeParameters(userId: number): Promise<number[] | null> {
    const row = await this.db
      .selectFrom('fsrs_parameters')
      .select('parameters')
      .where('user_id', '=', userId)
      .where('in_use', '=', true)
      .executeTakeFirst();
    return parseParameters(row?.parameters ?? null);
  }

  /**
   * The cards a queue may hold: in the scope, not marked known (the learner said they need no
   * study), not suspended, not buried (until `now`). On any query of `cards`, joined or not.
   */
  private studyableWhere<Q extends SelectQueryBuilder<Database, 'cards', object>>(
    query: Q,
    scope: StudyScope,
    now: string,
  ): Q {
    let filtered = query
      .where('cards.known', '=', false)
      .where('cards.suspended', '=', false)
      .where((eb) => eb.or([eb('cards.buried_until', 'is', null), eb('cards.buried_until', '<=', now)]));
    if (scope.categoryId !== undefined) filtered = filtered.where('cards.category_id', '=', scope.categoryId);
    if (scope.tag !== undefined) filtered = filtered.where(hasTag('cards.tags', scope.tag));
    return filtered as Q;
  }

  /** The same with the study columns and the set (selectStudyCards). */
  private studyable(userId: number, scope: StudyScope, now: string) {
    return this.studyableWhere(this.selectStudyCards(userId), scope, now);
  }

  private dueFilter(userId: number, window: DueWindow, scope: StudyScope) {
    return this.studyable(userId, scope, window.now).where((eb) =>
      eb.or([
        eb.and([eb('cards.state', '=', STATE_REVIEW), eb('cards.due', '<=', window.now)]),
        eb.and([
          eb('cards.state', 'in', [STATE_LEARNING, STATE_RELEARNING]),
          eb('cards.due', '<=', window.learnAheadUntil),
        ]),
      ]),
    );
  }

  /**
   * The count of studyable cards of these states due by `until`, on the cards table alone (no
   * set join), as one index range (user, state, due): SQLite scans all of the learner's index
   * entries for an OR of the two due conditions, so the queue's counts add up two of these.
   */
  private studyableCount(userId: number, states: number[], until: string | null, scope: StudyScope, now: string) {
    let query = this.db.selectFrom('cards').where('cards.user_id', '=', userId).where('cards.state', 'in', states);
    if (until !== null) query = query.where('cards.due', '<=', until);
    return this.studyableWhere(query, scope, now).select((eb) => eb.fn.countAll<number>().as('count'));
  }

  /** Due cards, most overdue first. */
  dueCards(userId: number, window: DueWindow, limit: number, scope: StudyScope = {}): Promise<StudyCardRow[]> {
    return this.dueFilter(userId, window, scope).orderBy('cards.due').orderBy('cards.id').limit(limit).execute();
  }

  /** What dueFilter selects, counted: reviews due now plus learning steps due within learn-ahead. */
  async countDue(userId: number, window: DueWindow, scope: StudyScope = {}): Promise<number> {
    return (await this.queueCounts(userId, window, scope, { fresh: false })).due;
  }

  /**
   * The due count and (unless `fresh` is false) the count of studyable new cards, in one query:
   * the queue and the insights ask for both at once, one round trip instead of three.
   */
  async queueCounts(
    userId: number,
    window: DueWindow,
    scope: StudyScope = {},
    { fresh = true } = {},
  ): Promise<{ due: number; fresh: number }> {
    const counts: AliasedSelectQueryBuilder<{ count: number }, string>[] = [
      this.studyableCount(userId, [STATE_REVIEW], window.now, scope, window.now).as('review'),
      this.studyableCount(userId, [STATE_LEARNING, STATE_RELEARNING], window.learnAheadUntil, scope, window.now).as(
        'learning',
      ),
    ];
    if (fresh) counts.push(this.studyableCount(userId, [STATE_NEW], null, scope, window.now).as('fresh'));
    const row: Record<string, unknown> = await this.db.selectNoFrom(counts).executeTakeFirstOrThrow();
    return { due: Number(row.review) + Number(row.learning), fresh: Number(row.fresh ?? 0) };
  }

  private newFilter(userId: number, now: string, scope: StudyScope) {
    return this.studyable(userId, scope, now).where('cards.state', '=', STATE_NEW);
  }

  /** Never-reviewed cards in the order they were created, as Anki introduces them. */
  newCards(userId: number, now: string, limit: number, scope: StudyScope = {}): Promise<StudyCardRow[]> {
    return this.newFilter(userId, now, scope).orderBy('cards.id').limit(limit).execute();
  }

  /**
   * Cram: every card of the scope that is not suspended, studied ones by due (soonest first),
   * then new ones oldest first. Known and buried cards are included: cramming is on request.
   */
  cramCards(userId: number, scope: StudyScope, limit: number): Promise<StudyCardRow[]> {
    let query = this.selectStudyCards(userId).where('cards.suspended', '=', false);
    if (scope.categoryId !== undefined) query = query.where('cards.category_id', '=', scope.categoryId);
    if (scope.tag !== undefined) query = query.where(hasTag('cards.tags', scope.tag));
    return query
      .orderBy((eb) => eb.case().when('cards.state', '=', STATE_NEW).then(1).else(0).end())
      .orderBy('cards.due')
      .orderBy('cards.id')
      .limit(limit)
      .execute();
  }

  /** Studied cards of the scope due after now but before `until`, soonest first (study ahead). */
  aheadCards(userId: number, scope: StudyScope, now: string, until: string, limit: number): Promise<StudyCardRow[]> {
    return this.studyable(userId, scope, now)
      .where('cards.state', '!=', STATE_NEW)
      .where('cards.due', '>', now)
      .where('cards.due', '<=', until)
      .orderBy('cards.due')
      .orderBy('cards.id')
      .limit(limit)
      .execute();
  }

  /** A random sample of the scope's cards (not suspended), for practice questions. */
  sampleCards(userId: number, scope: StudyScope, limit: number): Promise<StudyCardRow[]> {
    let query = this.selectStudyCards(userId).where('cards.suspended', '=', false);
    if (scope.categoryId !== undefined) query = query.where('cards.category_id', '=', scope.categoryId);
    if (scope.tag !== undefined) query = query.where(hasTag('cards.tags', scope.tag));
    return query
      .orderBy(sql`random()`)
      .limit(limit)
      .execute();
  }

  /** Text of up to `limit` cards of the scope, to draw multiple-choice answers from. */
  answerPool(userId: number, scope: StudyScope, limit: number) {
    let query = this.db
      .selectFrom('cards')
      .select(['id', 'kind', 'ord', 'question', 'answer'])
      .where('user_id', '=', userId);
    if (scope.categoryId !== undefined) query = query.where('category_id', '=', scope.categoryId);
    if (scope.tag !== undefined) query = query.where(hasTag('tags', scope.tag));
    return query
      .orderBy(sql`random()`)
      .limit(limit)
      .execute();
  }

  async setExists(userId: number, categoryId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('categories')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '=', categoryId)
      .executeTakeFirst();
    return row !== undefined;
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

  /** Reviews of new cards (first reviews) on calendar day `day` in `timeZone`; `since` narrows the scan. */
  async countFirstReviewsOn(userId: number, day: number, timeZone: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('review_logs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('reviewed_at', '>=', since)
      .where('state', '=', STATE_NEW)
      .where(localDay('reviewed_at', timeZone), '=', day)
      .executeTakeFirstOrThrow();
    return Number(row.count);
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

  async settings(userId: number): Promise<StudySettings> {
    const row = await this.db
      .selectFrom('user_settings')
      .select(['daily_goal', 'desired_retention', 'maximum_interval', 'new_cards_per_day'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { ...DEFAULT_STUDY_SETTINGS };
    return {
      dailyGoal: row.daily_goal,
      desiredRetention: Number(row.desired_retention),
      maximumInterval: row.maximum_interval,
      newCardsPerDay: row.new_cards_per_day,
    };
  }

  async saveSettings(userId: number, settings: StudySettings, now: string): Promise<void> {
    const values = {
      daily_goal: settings.dailyGoal,
      desired_retention: settings.desiredRetention,
      maximum_interval: settings.maximumInterval,
      new_cards_per_day: settings.newCardsPerDay,
      updated_at: now,
    };
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  /** Cards per scheduler state: new, learning, review, relearning. */
  async countByState(userId: number): Promise<[number, number, number, number]> {
    const rows = await this.db
      .selectFrom('cards')
      .select((eb) => ['state', eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', userId)
      .groupBy('state')
      .execute();
    const counts: [number, number, number, number] = [0, 0, 0, 0];
    for (const row of rows) counts[row.state as 0 | 1 | 2 | 3] = Number(row.count);
    return counts;
  }

  /** Review counts since `since` (all of them when undefined). */
  async reviewCounts(userId: number, since?: string): Promise<ReviewCounts> {
    let query = this.db
      .selectFrom('review_logs')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('state', '=', STATE_REVIEW).then(1).else(0).end()).as('of_review'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('state', '=', STATE_REVIEW), eb('rating', '>', RATING_AGAIN)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('recalled'),
      ])
      .where('user_id', '=', userId);
    if (since !== undefined) query = query.where('reviewed_at', '>=', since);
    const row = await query.executeTakeFirstOrThrow();
    return { total: Number(row.total), ofReviewCards: Number(row.of_review ?? 0), recalled: Number(row.recalled ?? 0) };
  }

  async countReviewsOn(userId: number, day: number, timeZone: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('review_logs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('reviewed_at', '>=', since)
      .where(localDay('reviewed_at', timeZone), '=', day)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Studied (not new, not known) cards due within each local day of `ranges`, in day order:
   * one (user_id, state, due, known) index range per day and state, not a time-zone call per
   * card; on SQLite's reader thread.
   */
  async dueCountsByDay(userId: number, ranges: readonly DayRange[]): Promise<Array<{ day: number; count: number }>> {
    const rows = await queryWithBounds(
      this.db,
      'dueCountsByDay',
      ranges,
      [userId],
      (bounds) => sql<{ day: number; count: number }>`
        with ${bounds}
        select bounds.day as day,
          (select count(*) from cards
            where cards.user_id = ${userId}
              and cards.state in (${sql.lit(STATE_LEARNING)}, ${sql.lit(STATE_REVIEW)}, ${sql.lit(STATE_RELEARNING)})
              and cards.due >= bounds.start_at and cards.due < bounds.end_at
              and cards.known = ${sql.lit(false)}) as count
        from bounds
        where bounds.day >= 0
        order by bounds.day
      `,
      { offThread: true },
    );
    return rows.map((row) => ({ day: Number(row.day), count: Number(row.count) }));
  }

  /** Studied cards by due time, soonest first: what the scheduler has planned. */
  scheduledCards(userId: number, limit: number, offset: number): Promise<StudyCardRow[]> {
    return this.selectStudyCards(userId)
      .where('cards.state', '!=', STATE_NEW)
      .orderBy('cards.due')
      .orderBy('cards.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}

/** Stored weights as numbers; null when absent (the defaults apply). */
function parseParameters(text: string | null): number[] | null {
  if (!text) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) && parsed.every((value) => typeof value === 'number') ? parsed : null;
}

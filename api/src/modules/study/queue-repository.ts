// SQL of the queues: the due and new lists (through the set join) and their counts (on the
// cards table alone), custom study's and practice's cards, and the first reviews of a day that
// the new-card allowance counts. Every query is scoped to one user.
import { sql, type AliasedSelectQueryBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { hasTag, localDay } from '../../db/functions';
import type { Database } from '../../db/schema';
import {
  selectStudyCards,
  STATE_LEARNING,
  STATE_NEW,
  STATE_RELEARNING,
  STATE_REVIEW,
  type StudyCardRow,
  type StudyScope,
} from './card-rows';

export interface DueWindow {
  /** Review cards due at or before this instant. */
  now: string;
  /** (Re)learning cards due at or before this instant (now + learn-ahead). */
  learnAheadUntil: string;
}

/**
 * How many cards of each set a list may take (Anki's per-deck daily limits): `bySet` by set id,
 * `other` for every other set and the cards without one.
 */
export interface SetCaps {
  bySet: ReadonlyMap<number, number>;
  other: number;
}

/** Per set (null: no set): the due reviews, the due (re)learning cards and the new notes of a scope. */
export interface SetCounts {
  review: number;
  learning: number;
  fresh: number;
}

/** Per set (null: no set): today's first reviews of new cards and reviews of review cards. */
export interface SetToday {
  firstReviews: number;
  reviews: number;
}

/** `cards.category_id`'s cap in SQL: a CASE over the sets whose cap is not `other`. */
function capOf(caps: SetCaps) {
  const entries = [...caps.bySet].filter(([, cap]) => cap !== caps.other);
  // Literals (whole numbers the service computed): PostgreSQL would type bound ones as text here.
  if (entries.length === 0) return sql<number>`${sql.lit(caps.other)}`;
  const whens = entries.map(([id, cap]) => sql`when ${sql.lit(id)} then ${sql.lit(cap)}`);
  return sql<number>`case ranked.category_id ${sql.join(whens, sql` `)} else ${sql.lit(caps.other)} end`;
}

export class QueueRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
    return this.studyableWhere(selectStudyCards(this.db, userId), scope, now);
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

  /** Due cards, most overdue first; with `caps`, at most each set's cap of review cards (learning ones are not capped). */
  async dueCards(
    userId: number,
    window: DueWindow,
    limit: number,
    scope: StudyScope = {},
    caps?: SetCaps,
  ): Promise<StudyCardRow[]> {
    const due = this.dueFilter(userId, window, scope);
    if (!caps) return due.orderBy('cards.due').orderBy('cards.id').limit(limit).execute();
    const ranked = due
      .select(
        sql<number>`row_number() over (partition by cards.category_id, cards.state order by cards.due, cards.id)`.as(
          'set_rank',
        ),
      )
      .as('ranked');
    const rows = await this.db
      .selectFrom(ranked)
      .selectAll()
      .where((eb) => eb.or([eb('ranked.state', '!=', STATE_REVIEW), eb('ranked.set_rank', '<=', capOf(caps))]))
      .orderBy('ranked.due')
      .orderBy('ranked.id')
      .limit(limit)
      .execute();
    return rows.map(withoutRank);
  }

  /**
   * Per set (null key: no set), the scope's due reviews, due (re)learning cards and new notes:
   * three grouped queries, each one (user, state, due) index range as queueCounts' are.
   */
  async countsBySet(userId: number, window: DueWindow, scope: StudyScope): Promise<Map<number | null, SetCounts>> {
    const grouped = (states: number[], until: string | null, fresh: boolean) => {
      let query = this.db.selectFrom('cards').where('cards.user_id', '=', userId).where('cards.state', 'in', states);
      if (until !== null) query = query.where('cards.due', '<=', until);
      return this.studyableWhere(query, scope, window.now)
        .select((eb) => [
          'cards.category_id',
          (fresh ? eb.fn.count<number>('cards.note_guid').distinct() : eb.fn.countAll<number>()).as('count'),
        ])
        .groupBy('cards.category_id')
        .execute();
    };
    const [review, learning, fresh] = await Promise.all([
      grouped([STATE_REVIEW], window.now, false),
      grouped([STATE_LEARNING, STATE_RELEARNING], window.learnAheadUntil, false),
      grouped([STATE_NEW], null, true),
    ]);
    const counts = new Map<number | null, SetCounts>();
    const add = (rows: { category_id: number | null; count: number }[], key: keyof SetCounts) => {
      for (const row of rows) {
        let entry = counts.get(row.category_id);
        if (!entry) counts.set(row.category_id, (entry = { review: 0, learning: 0, fresh: 0 }));
        entry[key] += Number(row.count);
      }
    };
    add(review, 'review');
    add(learning, 'learning');
    add(fresh, 'fresh');
    return counts;
  }

  /**
   * Per set of the card now (null key: no set), the learner's first reviews of new cards and
   * reviews of review cards on local day `day`: one join of today's logs with their cards.
   */
  async todayBySet(
    userId: number,
    day: number,
    timeZone: string,
    since: string,
  ): Promise<Map<number | null, SetToday>> {
    const rows = await this.db
      .selectFrom('review_logs')
      .innerJoin('cards', 'cards.id', 'review_logs.card_id')
      .select((eb) => [
        'cards.category_id',
        eb.fn
          .sum<number>(eb.case().when('review_logs.state', '=', STATE_NEW).then(1).else(0).end())
          .as('first_reviews'),
        eb.fn.sum<number>(eb.case().when('review_logs.state', '=', STATE_REVIEW).then(1).else(0).end()).as('reviews'),
      ])
      .where('review_logs.user_id', '=', userId)
      .where('review_logs.reviewed_at', '>=', since)
      .where(localDay('review_logs.reviewed_at', timeZone), '=', day)
      .groupBy('cards.category_id')
      .execute();
    return new Map(
      rows.map((row) => [row.category_id, { firstReviews: Number(row.first_reviews), reviews: Number(row.reviews) }]),
    );
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
    // New cards count once per note: a note's other cards are buried when one is studied.
    if (fresh) {
      counts.push(
        this.studyableWhere(
          this.db.selectFrom('cards').where('cards.user_id', '=', userId).where('cards.state', '=', STATE_NEW),
          scope,
          window.now,
        )
          .select((eb) => eb.fn.count<number>('cards.note_guid').distinct().as('count'))
          .as('fresh'),
      );
    }
    const row: Record<string, unknown> = await this.db.selectNoFrom(counts).executeTakeFirstOrThrow();
    return { due: Number(row.review) + Number(row.learning), fresh: Number(row.fresh ?? 0) };
  }

  private newFilter(userId: number, now: string, scope: StudyScope) {
    return this.studyable(userId, scope, now).where('cards.state', '=', STATE_NEW);
  }

  /**
   * Never-reviewed cards in the order they were created, as Anki introduces them; one card of a
   * note (its first studyable new one): a note's other cards wait for another day.
   */
  async newCards(
    userId: number,
    now: string,
    limit: number,
    scope: StudyScope = {},
    caps?: SetCaps,
  ): Promise<StudyCardRow[]> {
    const fresh = this.newFilter(userId, now, scope).where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('cards as sibling')
            .select(sql.lit(1).as('one'))
            .whereRef('sibling.user_id', '=', 'cards.user_id')
            .whereRef('sibling.note_guid', '=', 'cards.note_guid')
            .whereRef('sibling.id', '<', 'cards.id')
            .where('sibling.state', '=', STATE_NEW)
            .where('sibling.known', '=', false)
            .where('sibling.suspended', '=', false)
            .where((eb) => eb.or([eb('sibling.buried_until', 'is', null), eb('sibling.buried_until', '<=', now)])),
        ),
      ),
    );
    if (!caps) return fresh.orderBy('cards.id').limit(limit).execute();
    // At most each set's cap, oldest first within the set and across them.
    const ranked = fresh
      .select(sql<number>`row_number() over (partition by cards.category_id order by cards.id)`.as('set_rank'))
      .as('ranked');
    const rows = await this.db
      .selectFrom(ranked)
      .selectAll()
      .where('ranked.set_rank', '<=', capOf(caps))
      .orderBy('ranked.id')
      .limit(limit)
      .execute();
    return rows.map(withoutRank);
  }

  /**
   * Cram: every card of the scope that is not suspended, studied ones by due (soonest first),
   * then new ones oldest first. Known and buried cards are included: cramming is on request.
   */
  cramCards(userId: number, scope: StudyScope, limit: number): Promise<StudyCardRow[]> {
    let query = selectStudyCards(this.db, userId).where('cards.suspended', '=', false);
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
    let query = selectStudyCards(this.db, userId).where('cards.suspended', '=', false);
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
      // The set and tags rank the wrong answers (choiceQuestions): same set, shared tag, others.
      .select(['id', 'kind', 'ord', 'question', 'answer', 'category_id', 'tags'])
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
}

/** A ranked row without its rank: what the screens get. */
function withoutRank<R extends { set_rank: number }>({ set_rank: _rank, ...row }: R): Omit<R, 'set_rank'> {
  return row;
}

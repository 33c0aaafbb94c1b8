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
  newCards(userId: number, now: string, limit: number, scope: StudyScope = {}): Promise<StudyCardRow[]> {
    return this.newFilter(userId, now, scope)
      .where(({ not, exists, selectFrom }) =>
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
      )
      .orderBy('cards.id')
      .limit(limit)
      .execute();
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

// SQL over study sessions as the study screens run them: start, count each card, end.
// Every query is scoped to one user. Counts change by atomic increments in SQL, so concurrent
// reviews in one session never lose a count; study_session_cards makes each card count once.
import { sql, type Kysely } from 'kysely';
import type { Database, NewStudySession, StudySessionRow } from '../../db/schema';

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(session: NewStudySession): Promise<StudySessionRow> {
    return this.db.insertInto('study_sessions').values(session).returningAll().executeTakeFirstOrThrow();
  }

  find(userId: number, sessionId: number): Promise<StudySessionRow | undefined> {
    return this.db
      .selectFrom('study_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', sessionId)
      .executeTakeFirst();
  }

  /**
   * Counts an answer to card `cardId` studied at `at` in the session, if it had not ended by
   * then: the session's first answer to the card adds it to `cards_studied` (and, when right, to
   * `correct_count`); a later one (the card came back) adds nothing but its last activity, which
   * `at` becomes unless a later one was counted (a review made offline arrives late). False
   * when the session is not the user's or had ended.
   */
  async countCard(userId: number, sessionId: number, cardId: number, correct: boolean, at: string): Promise<boolean> {
    const counted = await this.db
      .insertInto('study_session_cards')
      .columns(['session_id', 'card_id', 'user_id', 'answers', 'correct'])
      .expression((eb) =>
        eb
          .selectFrom('study_sessions')
          .select([
            'id as session_id',
            eb.val(cardId).as('card_id'),
            'user_id',
            eb.val(1).as('answers'),
            eb.val(correct).as('correct'),
          ])
          .where('user_id', '=', userId)
          .where('id', '=', sessionId)
          .where((w) => w.or([w('ended_at', 'is', null), w('ended_at', '>', at)])),
      )
      .onConflict((oc) =>
        oc.columns(['session_id', 'card_id']).doUpdateSet({ answers: sql<number>`study_session_cards.answers + 1` }),
      )
      .returning('answers')
      .executeTakeFirst();
    if (!counted) return false;
    const first = Number(counted.answers) === 1;
    await this.db
      .updateTable('study_sessions')
      .set({
        ...(first ? this.moved(1, correct) : {}),
        last_activity_at: sql<string>`case when last_activity_at > ${at} then last_activity_at else ${at} end`,
      })
      .where('user_id', '=', userId)
      .where('id', '=', sessionId)
      .execute();
    return true;
  }

  /**
   * Takes back one answer to card `cardId` (its review was undone), ended session or not: the
   * card leaves the session's counts with its last answer there.
   */
  async uncountCard(userId: number, sessionId: number, cardId: number): Promise<void> {
    const left = await this.db
      .updateTable('study_session_cards')
      .set({ answers: sql<number>`answers - 1` })
      .where('user_id', '=', userId)
      .where('session_id', '=', sessionId)
      .where('card_id', '=', cardId)
      .returning(['answers', 'correct'])
      .executeTakeFirst();
    if (!left || Number(left.answers) > 0) return;
    await this.db
      .deleteFrom('study_session_cards')
      .where('user_id', '=', userId)
      .where('session_id', '=', sessionId)
      .where('card_id', '=', cardId)
      .execute();
    await this.db
      .updateTable('study_sessions')
      .set(this.moved(-1, Boolean(left.correct)))
      .where('user_id', '=', userId)
      .where('id', '=', sessionId)
      .execute();
  }

  /** The counts once one card joins (+1) or leaves (-1); accuracy follows from them. */
  private moved(step: 1 | -1, correct: boolean) {
    // SET expressions read the row's old values on both databases.
    const cards = sql<number>`cards_studied + ${step}`;
    const right = sql<number>`correct_count + ${correct ? step : 0}`;
    return {
      cards_studied: cards,
      correct_count: right,
      accuracy: sql<number>`case when ${cards} > 0 then 100.0 * (${right}) / (${cards}) else 0 end`,
    };
  }

  /** False when the session was already ended (by another request, perhaps). */
  async end(userId: number, sessionId: number, endedAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('study_sessions')
      .set({ ended_at: endedAt })
      .where('user_id', '=', userId)
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Closes the user's sessions never ended whose last activity (last counted card, else the
   * start) is before `idleSince`: ended at that last activity and marked abandoned (kept apart
   * from finished ones in every list, no XP). Idempotent; answers how many.
   */
  async closeAbandoned(userId: number, idleSince: string): Promise<number> {
    const lastActivity = sql<string>`coalesce(last_activity_at, started_at)`;
    const result = await this.db
      .updateTable('study_sessions')
      .set({ ended_at: lastActivity, abandoned: true })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where(lastActivity, '<', idleSince)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

// SQL over study sessions as the study screens run them: start, count each card, end.
// Every query is scoped to one user. Counts change by atomic increments in SQL, so concurrent
// reviews in one session never lose a count.
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
   * Adds (+1) or takes back (-1) one studied card; accuracy follows from the new counts. With
   * `at` (when the card was studied), only in a session that had not ended by then, whose last
   * activity it becomes unless a later one was counted (a review made offline arrives late).
   * False when no row changed.
   */
  async countCard(userId: number, sessionId: number, correct: boolean, step: 1 | -1, at?: string): Promise<boolean> {
    const correctStep = correct ? step : 0;
    // SET expressions read the row's old values on both databases.
    const cards = sql<number>`cards_studied + ${step}`;
    const right = sql<number>`correct_count + ${correctStep}`;
    let query = this.db
      .updateTable('study_sessions')
      .set({
        cards_studied: cards,
        correct_count: right,
        accuracy: sql<number>`case when ${cards} > 0 then 100.0 * (${right}) / (${cards}) else 0 end`,
        ...(at === undefined
          ? {}
          : {
              last_activity_at: sql<string>`case when last_activity_at > ${at} then last_activity_at else ${at} end`,
            }),
      })
      .where('user_id', '=', userId)
      .where('id', '=', sessionId);
    if (at !== undefined) query = query.where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', at)]));
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows > 0n;
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

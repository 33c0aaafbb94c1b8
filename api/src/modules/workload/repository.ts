// SQL of the workload simulator, every query scoped to the learner: the memory state of each card
// they study (not new, not marked known, not suspended), how many new cards wait, and their answers
// counted and timed by the card's state before the answer and its rating. The long reads go to
// SQLite's reader thread (readOffThread).
import { sql, type Kysely } from 'kysely';
import { readOffThread } from '../../db';
import type { Database } from '../../db/schema';

export interface StudiedCardRow {
  stability: number;
  difficulty: number;
  due: string | null;
  last_review: string | null;
}

/** Answers of one (state before, rating): how many, and the time of those that were timed. */
export interface AnswerRow {
  state: number;
  rating: number;
  count: number;
  timed: number;
  ms: number;
}

/** One answer counts at most this long (Anki caps answer times at 60 s too): a pause is not work. */
export const ANSWER_MS_CAP = 60_000;

export class WorkloadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private studyable(userId: number) {
    return this.db
      .selectFrom('cards')
      .where('user_id', '=', userId)
      .where('known', '=', false)
      .where('suspended', '=', false);
  }

  studiedCards(userId: number): Promise<StudiedCardRow[]> {
    return readOffThread(
      this.db,
      this.studyable(userId)
        .select(['stability', 'difficulty', 'due', 'last_review'])
        .where('state', '!=', 0)
        .orderBy('id'),
    );
  }

  async newCardCount(userId: number): Promise<number> {
    const row = await this.studyable(userId)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('state', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async answers(userId: number): Promise<AnswerRow[]> {
    const capped = sql<number>`case when time_spent_ms > ${ANSWER_MS_CAP} then ${ANSWER_MS_CAP} else time_spent_ms end`;
    const rows = await readOffThread(
      this.db,
      this.db
        .selectFrom('review_logs')
        .select((eb) => [
          'state',
          'rating',
          eb.fn.countAll<number | string>().as('count'),
          sql<number | string>`sum(case when time_spent_ms > 0 then 1 else 0 end)`.as('timed'),
          sql<number | string | null>`sum(case when time_spent_ms > 0 then ${capped} else 0 end)`.as('ms'),
        ])
        .where('user_id', '=', userId)
        .groupBy(['state', 'rating']),
    );
    return rows.map((row) => ({
      state: row.state,
      rating: row.rating,
      count: Number(row.count),
      timed: Number(row.timed),
      ms: Number(row.ms ?? 0),
    }));
  }
}

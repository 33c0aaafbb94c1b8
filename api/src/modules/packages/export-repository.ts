// The SQL of an Anki package export: the learner's sets, their cards a batch at a time (keyset on
// id) with the scheduling columns, those cards' review logs, and the media the notes name.
import type { Kysely } from 'kysely';
import type { Database, NoteKind } from '../../db/schema';

export interface ExportCard {
  id: number;
  note_guid: string;
  ord: number;
  kind: NoteKind;
  question: string;
  answer: string;
  tags: string | null;
  category_id: number | null;
  created_at: string;
  updated_at: string;
  state: number;
  due: string | null;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  repetitions: number;
  lapses: number;
  suspended: boolean | 0 | 1;
}

export interface ExportLog {
  card_id: number;
  rating: number;
  reviewed_at: string;
  time_spent_ms: number;
  state: number;
  scheduled_days: number;
  state_after: number;
  due_after: string;
  scheduled_days_after: number;
}

export class ExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The learner's sets (one when `setId` is given; none when it is not theirs). */
  sets(userId: number, setId?: number): Promise<Array<{ id: number; name: string }>> {
    let query = this.db.selectFrom('categories').select(['id', 'name']).where('user_id', '=', userId);
    if (setId !== undefined) query = query.where('id', '=', setId);
    return query.orderBy('id').execute();
  }

  /** The learner's cards (of one set), `batchSize` at a time by id. */
  async *cards(userId: number, setId: number | undefined, batchSize: number): AsyncGenerator<ExportCard[]> {
    for (let after = 0; ;) {
      let query = this.db
        .selectFrom('cards')
        .select([
          'id',
          'note_guid',
          'ord',
          'kind',
          'question',
          'answer',
          'tags',
          'category_id',
          'created_at',
          'updated_at',
          'state',
          'due',
          'stability',
          'difficulty',
          'scheduled_days',
          'repetitions',
          'lapses',
          'suspended',
        ])
        .where('user_id', '=', userId)
        .where('id', '>', after);
      if (setId !== undefined) query = query.where('category_id', '=', setId);
      const rows = (await query.orderBy('id').limit(batchSize).execute()) as ExportCard[];
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      yield rows;
      if (rows.length < batchSize) return;
    }
  }

  /** The review logs of these cards, oldest first. */
  logs(userId: number, cardIds: number[]): Promise<ExportLog[]> {
    if (cardIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('review_logs')
      .select([
        'card_id',
        'rating',
        'reviewed_at',
        'time_spent_ms',
        'state',
        'scheduled_days',
        'state_after',
        'due_after',
        'scheduled_days_after',
      ])
      .where('user_id', '=', userId)
      .where('card_id', 'in', cardIds)
      .orderBy('reviewed_at')
      .orderBy('id')
      .execute();
  }

  /** Which of these names are media files of the learner's. */
  async mediaNames(userId: number, names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await this.db
      .selectFrom('media')
      .select('name')
      .where('user_id', '=', userId)
      .where('name', 'in', names)
      .execute();
    return rows.map((row) => row.name);
  }

  /** One media file's bytes (read one at a time: a collection's images never all in memory). */
  async mediaData(userId: number, name: string): Promise<Buffer | undefined> {
    const row = await this.db
      .selectFrom('media')
      .select('data')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.data;
  }
}

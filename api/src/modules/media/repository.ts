// SQL of the learner's images (media): every query names the owner.
import type { Kysely, Selectable } from 'kysely';
import type { Database, MediaTable } from '../../db/schema';

export type MediaInfo = Omit<Selectable<MediaTable>, 'data' | 'user_id' | 'id'>;
const INFO = ['name', 'mime', 'size', 'sha256', 'created_at'] as const;

export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(userId: number): Promise<MediaInfo[]> {
    return this.db.selectFrom('media').select(INFO).where('user_id', '=', userId).orderBy('name').execute();
  }

  find(userId: number, name: string): Promise<MediaInfo | undefined> {
    return this.db
      .selectFrom('media')
      .select(INFO)
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async usedBytes(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('media')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('used'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  file(userId: number, name: string): Promise<{ mime: string; data: Buffer } | undefined> {
    return this.db
      .selectFrom('media')
      .select(['mime', 'data'])
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** False when the name was taken meanwhile (the unique index decides). */
  async insert(userId: number, file: MediaInfo & { data: Buffer }): Promise<boolean> {
    const result = await this.db
      .insertInto('media')
      .values({ user_id: userId, ...file })
      .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async remove(userId: number, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('media')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

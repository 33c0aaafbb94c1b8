// Migration 0030 (friend requests by e-mail: receiver_email, nullable receiver_id, hidden_at):
// the requests written before it survive with their ids (SQLite rebuilds the table), and the
// new unique indexes hold: one request by id per pair, one per sender and address, the two
// kinds apart.
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { createIsolatedDatabase, describeEachDb, makeTempDir } from '../test/harness';
import { isUniqueViolation } from './errors';
import { createDb } from './index';
import { migrateToLatest } from './migrate';

describeEachDb('migration 0030: friend requests by e-mail', (ctx) => {
  it('keeps earlier requests and enforces one request per pair by id and per sender and address', async () => {
    const dir = makeTempDir('flashcards-migrate-');
    const database = await createIsolatedDatabase(ctx.dialect, dir);
    const db = createDb(database.config);
    try {
      await migrateToLatest(db, '0029_notification_params');
      const now = new Date().toISOString();
      const early = db as unknown as Kysely<any>;
      const insertUser = (name: string) =>
        early
          .insertInto('users')
          .values({ email: `${name}@example.com`, password_hash: 'x', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
      const a: { id: number } = await insertUser('a');
      const b: { id: number } = await insertUser('b');
      const before = await early
        .insertInto('friend_requests')
        .values({ sender_id: a.id, receiver_id: b.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();

      expect(await migrateToLatest(db)).toContain('0030_friend_request_privacy');
      expect(await db.selectFrom('friend_requests').selectAll().execute()).toEqual([
        { id: before.id, sender_id: a.id, receiver_id: b.id, created_at: now, receiver_email: null, hidden_at: null },
      ]);
      const insert = (values: { receiver_id: number | null; receiver_email?: string }) =>
        db
          .insertInto('friend_requests')
          .values({ sender_id: a.id, created_at: now, ...values })
          .execute();
      const refused = (values: { receiver_id: number | null; receiver_email?: string }) =>
        insert(values).then(
          () => 'inserted',
          (error: unknown) => (isUniqueViolation(error) ? 'unique' : String(error)),
        );
      // A request by e-mail to the same learner, and one to an address no one uses, are apart.
      await insert({ receiver_id: b.id, receiver_email: 'b@example.com' });
      await insert({ receiver_id: null, receiver_email: 'nobody@example.com' });
      expect(await refused({ receiver_id: b.id })).toBe('unique');
      expect(await refused({ receiver_id: null, receiver_email: 'nobody@example.com' })).toBe('unique');
      // A request names a learner or an address, and never its sender.
      expect(await refused({ receiver_id: null })).not.toBe('inserted');
      expect(await refused({ receiver_id: a.id })).not.toBe('inserted');
      // The new id follows the kept ones.
      const ids = (await db.selectFrom('friend_requests').select('id').orderBy('id').execute()).map((row) => row.id);
      expect(ids[0]).toBe(before.id);
      expect(Math.min(...ids.slice(1))).toBeGreaterThan(before.id);
    } finally {
      await db.destroy();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

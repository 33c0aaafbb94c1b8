import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { describeEachDb, registerUser } from '../test/harness';
import { useWalFile } from '../test/wal-file';
import { ReaderStoppedError, startReader } from './reader';
import { readOffThread } from '.';

describe('SQLite reader thread', () => {
  const wal = useWalFile(
    'reader-',
    'create table notes (id integer primary key, body text not null, done integer not null default 0)',
  );

  const notes = CompiledQuery.raw('select id, body, done from notes where done = ? order by id', [false]);

  it('names the fields, binds booleans, and sees each commit of another connection at once', async () => {
    const reader = startReader(wal.file);
    try {
      expect(await reader.all(notes)).toEqual([]);
      wal.writer.prepare('insert into notes (body) values (?), (?)').run('one', 'two');
      expect(await reader.all(notes)).toEqual([
        { id: 1, body: 'one', done: 0 },
        { id: 2, body: 'two', done: 0 },
      ]);
      wal.writer.prepare('update notes set done = 1 where id = 1').run();
      expect(await reader.all(notes)).toEqual([{ id: 2, body: 'two', done: 0 }]);
    } finally {
      reader.close();
    }
  });

  it('answers a bad query with its SQLite error and goes on with the next', async () => {
    const reader = startReader(wal.file);
    try {
      await expect(reader.all(CompiledQuery.raw('select * from missing_table'))).rejects.toMatchObject({
        message: expect.stringContaining('no such table: missing_table'),
        code: 'SQLITE_ERROR',
      });
      // A statement that writes, even one returning rows, is refused by the read-only connection.
      await expect(
        reader.all(CompiledQuery.raw("insert into notes (body) values ('x') returning id")),
      ).rejects.toMatchObject({
        code: 'SQLITE_READONLY',
      });
      expect(wal.writer.prepare('select count(*) as count from notes').get()).toEqual({ count: 0 });
      expect(reader.running).toBe(true);
      expect(await reader.all(CompiledQuery.raw('select 1 as one'))).toEqual([{ one: 1 }]);
    } finally {
      reader.close();
    }
  });

  it('reports a database it cannot open and refuses reads from then on', async () => {
    const failures: string[] = [];
    const reader = startReader(path.join(wal.dir, 'missing.db'), { onFailure: (message) => failures.push(message) });
    const deadline = Date.now() + 5_000;
    while (reader.running && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(failures).toEqual([expect.stringContaining('unable to open database file')]);
    await expect(reader.all(notes)).rejects.toBeInstanceOf(ReaderStoppedError);
    reader.close();
  });

  it('on close, turns away the reads still waiting and closes its connection', async () => {
    const reader = startReader(wal.file);
    const waiting = reader.all(notes);
    reader.close();
    await expect(waiting).rejects.toBeInstanceOf(ReaderStoppedError);
    await expect(reader.all(notes)).rejects.toBeInstanceOf(ReaderStoppedError);
    expect(reader.running).toBe(false);
    // Its connection is gone: the writer's close is the last and removes the WAL file.
    wal.writer.close();
    expect(fs.existsSync(`${wal.file}-wal`)).toBe(false);
  });
});

describeEachDb('readOffThread', (ctx) => {
  const now = new Date().toISOString();
  const questionsOf = (db: typeof ctx.db, userId: number) =>
    db
      .selectFrom('cards')
      .select(['question', 'known'])
      .where('user_id', '=', userId)
      .where('known', '=', false)
      .orderBy('id');

  it('returns what the query returns on the app connection, including the write just committed', async () => {
    const user = await registerUser(ctx.app);
    const card = (question: string, known: boolean) => ({
      user_id: user.id,
      note_guid: question,
      question,
      answer: 'a',
      known,
      created_at: now,
      updated_at: now,
    });
    await ctx.db
      .insertInto('cards')
      .values([card('first', false), card('known', true)])
      .execute();
    expect(await readOffThread(ctx.db, questionsOf(ctx.db, user.id))).toEqual(
      await questionsOf(ctx.db, user.id).execute(),
    );

    await ctx.db.insertInto('cards').values(card('second', false)).execute();
    const rows = await readOffThread(ctx.db, questionsOf(ctx.db, user.id));
    expect(rows.map((row) => row.question)).toEqual(['first', 'second']);
  });

  it('in a transaction reads on that transaction, seeing its uncommitted writes', async () => {
    const user = await registerUser(ctx.app);
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('cards')
          .values({
            user_id: user.id,
            note_guid: 'pending',
            question: 'pending',
            answer: 'a',
            created_at: now,
            updated_at: now,
          })
          .execute();
        const rows = await readOffThread(trx, questionsOf(trx, user.id));
        expect(rows.map((row) => row.question)).toEqual(['pending']);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(await readOffThread(ctx.db, questionsOf(ctx.db, user.id))).toEqual([]);
  });

  it('leaves the event loop free while a long query runs', async () => {
    // About half a second of work for SQLite; PostgreSQL is another process anyway.
    const slow = ctx.db.selectNoFrom(
      sql<number>`(with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000000) select count(*) from n)`.as(
        'count',
      ),
    );
    const ticksDuring = async (work: () => Promise<unknown>) => {
      let ticks = 0;
      let done = false;
      const tick = () => {
        ticks += 1;
        if (!done) setImmediate(tick);
      };
      setImmediate(tick);
      const result = await work();
      done = true;
      return { ticks, result };
    };
    const offThread = await ticksDuring(() => readOffThread(ctx.db, slow));
    expect(offThread.result).toEqual([{ count: 2_000_000 }]);
    expect(offThread.ticks).toBeGreaterThan(20);
    if (ctx.dialect === 'sqlite') {
      // The same query on the app's connection holds the thread until it ends.
      const onThread = await ticksDuring(() => slow.execute());
      expect(onThread.ticks).toBeLessThanOrEqual(2);
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { useWalFile } from '../test/wal-file';
import { startCheckpointer } from './checkpointer';
import { createDb } from '.';

describe('WAL checkpointer', () => {
  const wal = useWalFile(
    'checkpointer-',
    'pragma wal_autocheckpoint = 0; create table notes (id integer primary key, body text not null)',
  );

  const writeNotes = (count: number) => {
    const insert = wal.writer.prepare('insert into notes (body) values (?)');
    wal.writer.transaction(() => {
      for (let n = 0; n < count; n++) insert.run(`note ${n} `.repeat(20));
    })();
  };

  it('copies the committed WAL frames into the database file on request', async () => {
    const checkpointer = startCheckpointer(wal.file, { intervalMs: 60_000 });
    try {
      writeNotes(2_000);
      const result = await checkpointer.checkpoint();
      expect(result.busy).toBe(0);
      expect(result.log).toBeGreaterThan(50);
      expect(result.checkpointed).toBe(result.log);
    } finally {
      checkpointer.close();
    }
  });

  it('checkpoints on its timer, while the writer goes on writing', async () => {
    const before = fs.statSync(wal.file).size;
    const checkpointer = startCheckpointer(wal.file, { intervalMs: 20 });
    try {
      writeNotes(2_000);
      // Without a checkpoint every new page stays in the WAL and the database file keeps its size.
      const deadline = Date.now() + 5_000;
      while (fs.statSync(wal.file).size <= before && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fs.statSync(wal.file).size).toBeGreaterThan(before + 100_000);
      writeNotes(10);
      expect(wal.writer.prepare('select count(*) as count from notes').get()).toEqual({ count: 2_010 });
    } finally {
      checkpointer.close();
    }
  });

  it('reports a database it cannot open, and says nothing once closed', async () => {
    const failures: string[] = [];
    const missing = path.join(wal.dir, 'missing.db');
    const checkpointer = startCheckpointer(missing, { onFailure: (message) => failures.push(message) });
    const deadline = Date.now() + 5_000;
    while (!failures.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(failures).toEqual([expect.stringContaining('unable to open database file')]);

    const quiet: string[] = [];
    startCheckpointer(missing, { onFailure: (message) => quiet.push(message) }).close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(quiet).toEqual([]);
    checkpointer.close();
  });

  it('is how the app connection checkpoints: its own automatic checkpoint is off', async () => {
    const db = createDb({ client: 'sqlite', file: path.join(wal.dir, 'app.db') });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(rows).toEqual([{ wal_autocheckpoint: 0 }]);
    } finally {
      await db.destroy();
    }
  });
});

// dialectOf names the database of whatever handle a repository is given: the app's, a
// transaction on it, a worker's own SQLite handle. With TEST_DATABASE_URL set, the [postgres]
// suite checks that its handle really is PostgreSQL (the adapter says so, not the suite's name).
import fs from 'node:fs';
import path from 'node:path';
import { describeEachDb, makeTempDir } from '../test/harness';
import { dialectOf, openSqliteSide } from './index';
import { runTransaction } from './transaction';

describeEachDb('dialectOf', (ctx) => {
  it('names the database of the handle and of a transaction on it', async () => {
    expect(dialectOf(ctx.db)).toBe(ctx.dialect);
    await runTransaction(ctx.db, async (trx) => {
      expect(trx.isTransaction).toBe(true);
      expect(dialectOf(trx)).toBe(ctx.dialect);
    });
  });
});

describe('dialectOf', () => {
  it("names a worker's own handle on the SQLite file, before it opens a connection", async () => {
    const dir = makeTempDir();
    const side = openSqliteSide(path.join(dir, 'side.sqlite'));
    try {
      expect(dialectOf(side)).toBe('sqlite');
    } finally {
      await side.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// runTransaction runs a unit of work again when PostgreSQL aborts it for a deadlock, so two
// requests that lock the same rows in opposite orders both succeed; any other error goes out
// at once, after one attempt.
import { sql } from 'kysely';
import { describeEachDb } from '../test/harness';
import { runTransaction } from './transaction';

const NOW = '2024-06-11T05:00:00.000Z';

describeEachDb('runTransaction', (ctx) => {
  const addUser = async (email: string) =>
    (
      await ctx.db
        .insertInto('users')
        .values({ email, password_hash: 'x', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const touch = (db: typeof ctx.db, id: number, at: string) =>
    db.updateTable('users').set({ updated_at: at }).where('id', '=', id).execute();

  it('passes any other error on after one attempt, with nothing written', async () => {
    const id = await addUser('once@example.com');
    let attempts = 0;
    await expect(
      runTransaction(ctx.db, async (trx) => {
        attempts += 1;
        await touch(trx, id, '2030-01-01T00:00:00.000Z');
        throw new Error('not a database conflict');
      }),
    ).rejects.toThrow('not a database conflict');
    expect(attempts).toBe(1);
    const row = await ctx.db.selectFrom('users').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(NOW);
  });

  it('commits two units of work that lock the same rows in opposite orders', async () => {
    const [a, b] = [await addUser('deadlock.a@example.com'), await addUser('deadlock.b@example.com')];
    if (ctx.dialect === 'sqlite') {
      // One connection: the two run one after the other and cannot deadlock.
      await Promise.all([
        runTransaction(ctx.db, async (trx) => [await touch(trx, a, 'first'), await touch(trx, b, 'first')]),
        runTransaction(ctx.db, async (trx) => [await touch(trx, b, 'second'), await touch(trx, a, 'second')]),
      ]);
      return;
    }
    // Each first locks its own row, waits until the other has too, then asks for the other's:
    // PostgreSQL aborts one (40P01); run again, it commits after the other.
    let attempts = 0;
    let release: (() => void) | undefined;
    const bothLocked = new Promise<void>((resolve) => {
      let locked = 0;
      release = () => (++locked === 2 ? resolve() : undefined);
    });
    const crossing = (first: number, second: number, at: string) =>
      runTransaction(ctx.db, async (trx) => {
        attempts += 1;
        await touch(trx, first, at);
        release!();
        await bothLocked;
        await touch(trx, second, at);
      });
    await Promise.all([crossing(a, b, '2030-01-01T00:00:00.000Z'), crossing(b, a, '2031-01-01T00:00:00.000Z')]);
    expect(attempts).toBe(3);
    // Both committed: the one run again wrote last, to both rows.
    const { rows } = await sql<{ updated_at: string }>`select updated_at from users where id in (${a}, ${b})`.execute(
      ctx.db,
    );
    expect(new Set(rows.map((row) => row.updated_at)).size).toBe(1);
  });
});

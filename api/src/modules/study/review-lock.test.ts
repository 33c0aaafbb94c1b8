// A review reads its card through a repository rebuilt on the review's transaction, given no
// dialect: it must take PostgreSQL's path from that handle (lock the card's row, so concurrent
// reviews of one card queue instead of racing) and SQLite's (no FOR UPDATE, which SQLite
// cannot parse) on SQLite.
import { runTransaction } from '../../db/transaction';
import { describeEachDb } from '../../test/harness';
import { ReviewRepository } from './review-repository';

const NOW = '2024-06-11T05:00:00.000Z';

describeEachDb('the review read', (ctx) => {
  it("locks the card's row inside a transaction on PostgreSQL, and only reads it on SQLite", async () => {
    const userId = (
      await ctx.db
        .insertInto('users')
        .values({ email: 'review-lock@example.com', password_hash: 'x', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const cardId = (
      await ctx.db
        .insertInto('cards')
        .values({ user_id: userId, note_guid: 'lock', question: 'Q', answer: 'A', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    await runTransaction(ctx.db, async (trx) => {
      const read = await new ReviewRepository(trx).findCardForReview(userId, cardId);
      expect(read?.card.id).toBe(cardId);
      // SQLite's one connection is this transaction's: another statement would wait for it.
      if (ctx.dialect !== 'postgres') return;
      const elsewhere = ctx.db.selectFrom('cards').select('id').where('id', '=', cardId).forUpdate().noWait();
      await expect(elsewhere.execute()).rejects.toMatchObject({ code: '55P03' }); // lock_not_available
    });
    // Once the review's transaction ended, the row is free again.
    if (ctx.dialect === 'postgres')
      expect(
        await ctx.db.selectFrom('cards').select('id').where('id', '=', cardId).forUpdate().noWait().execute(),
      ).toEqual([{ id: cardId }]);
  });
});

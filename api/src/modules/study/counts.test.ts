// The queue's counts (queueCounts, countDue) are counted on the cards table alone, one index range
// per state group; the queue's lists (dueCards, newCards) go through the joined, OR-ed filter.
// Whatever mix of states, due times, known, suspended and buried cards a learner has, in any
// scope, the counts must be the lengths of the lists.
import type { Db } from '../../db';
import { describeEachDb } from '../../test/harness';
import { seededRandom } from '../../lib/random';
import { QueueRepository } from './queue-repository';

const NOW = '2024-06-11T05:00:00.000Z';
const MINUTE = 60_000;
const at = (offsetMinutes: number) => new Date(Date.parse(NOW) + offsetMinutes * MINUTE).toISOString();

async function addUser(db: Db, email: string): Promise<number> {
  return (
    await db
      .insertInto('users')
      .values({ email, password_hash: 'x', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

describeEachDb('study counts', (ctx) => {
  it('count what the due and new lists hold, in every scope, for any mix of cards', async () => {
    const repository = new QueueRepository(ctx.db);
    const me = await addUser(ctx.db, 'counts.me@example.com');
    const other = await addUser(ctx.db, 'counts.other@example.com');
    const set = (
      await ctx.db
        .insertInto('categories')
        .values({ user_id: me, name: 'Verbs', name_key: 'verbs', created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const random = seededRandom(16);
    const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)]!;
    const cards = Array.from({ length: 240 }, (_, index) => {
      const state = pick([0, 1, 2, 3]);
      return {
        user_id: index % 8 === 0 ? other : me,
        note_guid: `card-${index}`,
        question: `Q${index}`,
        answer: 'A',
        state,
        // Due long ago, just now, inside and beyond the learn-ahead window, far ahead; new cards may have none.
        due: state === 0 && random() < 0.5 ? null : at(pick([-10_000, -1, 0, 1, 10, 19, 21, 60, 10_000])),
        known: random() < 0.15,
        suspended: random() < 0.15,
        buried_until: pick([null, null, null, at(-5), at(0), at(30)]),
        category_id: index % 8 === 0 ? null : pick([null, set]),
        tags: pick([null, 'verb', 'noun, Verb', 'verbs']),
        created_at: NOW,
        updated_at: NOW,
      };
    });
    await ctx.db.insertInto('cards').values(cards).execute();

    const window = { now: NOW, learnAheadUntil: at(20) };
    let sawDue = false;
    for (const scope of [{}, { categoryId: set }, { tag: 'verb' }, { categoryId: set, tag: 'verb' }]) {
      const due = await repository.dueCards(me, window, 1000, scope);
      const fresh = await repository.newCards(me, NOW, 1000, scope);
      expect({ scope, ...(await repository.queueCounts(me, window, scope)) }).toEqual({
        scope,
        due: due.length,
        fresh: fresh.length,
      });
      expect(await repository.countDue(me, window, scope)).toBe(due.length);
      sawDue ||= due.length > 0 && fresh.length > 0;
    }
    // The mix is not degenerate: the counts compared were not all zero.
    expect(sawDue).toBe(true);
    expect(await repository.countDue(me, window)).toBeGreaterThan(5);
  });
});

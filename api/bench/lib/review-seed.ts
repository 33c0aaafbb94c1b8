// The learners of the review benchmarks (reviews, scale-out): one signed up through the API,
// the others inserted with the same password hash, each with its own new cards inserted
// directly, an access token and an open review session.
import type { Db } from '../../src/db';
import type { NewCard } from '../../src/db/schema';
import type { Learner } from './review-requests';
import { cloneUsers, postJson } from './server';

const INSERT_BATCH = 500;
const PASSWORD = 'benchmark password';

export async function seedLearners(
  db: Db,
  base: string,
  learners: number,
  cardsPerLearner: number,
  signAccessToken: (userId: number) => string,
): Promise<Learner[]> {
  const email = 'bench.learner@example.com';
  await postJson(`${base}/api/auth/register`, { email, password: PASSWORD });
  const own = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const userIds = [own.id, ...(await cloneUsers(db, own, learners - 1))];

  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    let batch: NewCard[] = [];
    for (const userId of userIds) {
      for (let n = 0; n < cardsPerLearner; n++) {
        batch.push({
          user_id: userId,
          note_guid: `n${n}`,
          question: `Card ${n}: what does term ${n} mean?`,
          answer: `Term ${n} is explained on page ${(n * 7) % 300}.`,
          tags: `chapter-${n % 40}`,
          created_at: now,
          updated_at: now,
        });
        if (batch.length === INSERT_BATCH) {
          await trx.insertInto('cards').values(batch).execute();
          batch = [];
        }
      }
    }
    if (batch.length) await trx.insertInto('cards').values(batch).execute();
  });
  const cards = await db.selectFrom('cards').select(['id', 'user_id']).where('user_id', 'in', userIds).execute();

  return Promise.all(
    userIds.map(async (userId) => {
      const accessToken = signAccessToken(userId);
      const { sessionId } = await postJson<{ sessionId: number }>(
        `${base}/api/dashboard/session/start`,
        { session_type: 'review' },
        { authorization: `Bearer ${accessToken}` },
      );
      const cardIds = cards.filter((card) => card.user_id === userId).map((card) => card.id);
      return { userId, accessToken, cardIds, sessionId };
    }),
  );
}

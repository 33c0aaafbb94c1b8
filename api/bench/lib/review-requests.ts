// The requests of the reviews benchmark (loaded by the http-loop worker): loop n is learner n,
// rating one of their own cards at random with a random rating, under a key used once.
import type { RequestFactory } from './http-loop';

export interface Learner {
  userId: number;
  accessToken: string;
  cardIds: number[];
  /** Their open review session: the study screens send reviews inside one. */
  sessionId: number;
}

export interface ReviewLoad {
  learners: Learner[];
  /** Makes the keys of this run unlike any other run's. */
  keyPrefix: string;
}

export const reviewKey = (prefix: string, learner: number, sequence: number) => `${prefix}-${learner}-${sequence}`;

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

const reviewRequests: RequestFactory<ReviewLoad> = (connection, sequence, { learners, keyPrefix }) => {
  const learner = learners[connection % learners.length]!;
  const key = reviewKey(keyPrefix, connection, sequence);
  return {
    method: 'POST',
    path: '/api/spaced-repetition/review',
    headers: { authorization: `Bearer ${learner.accessToken}`, 'idempotency-key': key },
    body: {
      cardId: pick(learner.cardIds),
      result: Math.floor(Math.random() * 4),
      timeSpent: 1_000 + Math.floor(Math.random() * 14_000),
      sessionId: learner.sessionId,
    },
    id: key,
  };
};

export default reviewRequests;

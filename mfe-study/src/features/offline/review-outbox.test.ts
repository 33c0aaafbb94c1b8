import 'fake-indexeddb/auto';
import { AxiosError, AxiosHeaders } from 'axios';
import type { ReviewResponse } from '@flashcard/api-contract';
import { studyCard } from '../../test/study';
import { failureKind } from '@flashcard/shared-ui';
import { closeStudyDatabaseForTests } from './study-db';
import { enqueueReview, queuedReviews, syncOutbox, withdrawReview, type QueuedReview } from './review-outbox';

const review = (key: string, cardId: number, userId = 1): QueuedReview => ({
  userId,
  idempotencyKey: key,
  cardId,
  result: 2,
  timeSpent: 1000,
  reviewedAt: `2026-11-27T08:00:0${key.length % 10}.000Z`,
});

/** An axios failure with an HTTP answer of `status`, or none (the network). */
function failure(status?: number): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = status
    ? { status, statusText: '', headers: {}, config, data: { error: `status ${status}` } }
    : undefined;
  return new AxiosError('failed', status ? 'ERR_BAD_RESPONSE' : 'ERR_NETWORK', config, {}, response);
}

const answer = (reviewId: number): ReviewResponse => ({
  card: { ...studyCard(1) },
  reviewId,
  xpEarned: 10,
  leech: false,
});

beforeEach(async () => {
  await closeStudyDatabaseForTests();
  indexedDB.deleteDatabase('flashcard-study');
});

describe('the review outbox', () => {
  it('keeps ratings in the order they were made, per learner, and one per key', async () => {
    await enqueueReview(review('b', 2));
    await enqueueReview(review('a', 1));
    await enqueueReview(review('c', 3, 2));
    await enqueueReview(review('b', 2)); // the same rating again (a retry): still one
    expect((await queuedReviews(1)).map((r) => r.idempotencyKey)).toEqual(['b', 'a']);
    expect((await queuedReviews(2)).map((r) => r.idempotencyKey)).toEqual(['c']);
  });

  it('sends them oldest first and empties itself', async () => {
    for (const key of ['k1', 'k2', 'k3']) await enqueueReview(review(key, Number(key[1])));
    const sent: string[] = [];
    const outcome = await syncOutbox(1, async (r) => {
      sent.push(r.idempotencyKey);
      return answer(sent.length);
    });
    expect(sent).toEqual(['k1', 'k2', 'k3']);
    expect(outcome.sent.map((s) => s.response.reviewId)).toEqual([1, 2, 3]);
    expect(outcome.stopped).toBeNull();
    expect(await queuedReviews(1)).toEqual([]);
  });

  it('stops at a network failure and keeps that rating and every later one for the next try', async () => {
    for (const key of ['k1', 'k2', 'k3']) await enqueueReview(review(key, 1));
    let calls = 0;
    const outcome = await syncOutbox(1, async () => {
      calls++;
      if (calls === 2) throw failure();
      return answer(calls);
    });
    expect(outcome.stopped).toBe('network');
    expect((await queuedReviews(1)).map((r) => r.idempotencyKey)).toEqual(['k2', 'k3']);
    // The retry sends the same rating with the same key: the server counts it once.
    const keys: string[] = [];
    await syncOutbox(1, async (r) => {
      keys.push(r.idempotencyKey);
      return answer(9);
    });
    expect(keys).toEqual(['k2', 'k3']);
  });

  it('waits on a server that cannot take it now, and drops what the server refuses for good', async () => {
    await enqueueReview(review('deleted-card', 1));
    await enqueueReview(review('later', 2));
    let outcome = await syncOutbox(1, async (r) => {
      if (r.idempotencyKey === 'deleted-card') throw failure(404);
      throw failure(503);
    });
    expect(outcome.refused.map((r) => r.review.idempotencyKey)).toEqual(['deleted-card']);
    expect(outcome.stopped).toBe('later');
    expect((await queuedReviews(1)).map((r) => r.idempotencyKey)).toEqual(['later']);
    outcome = await syncOutbox(1, async () => answer(5));
    expect(outcome.sent).toHaveLength(1);
  });

  it("tells the network from the server (shared-ui's failureKind on real axios failures)", () => {
    expect(failureKind(failure())).toBe('network');
    expect(failureKind(new Error('a bug, not the network'))).toBe('later');
    expect(failureKind(failure(500))).toBe('later');
    expect(failureKind(failure(429))).toBe('later');
    expect(failureKind(failure(409))).toBe('later');
    expect(failureKind(failure(400))).toBe('refused');
    expect(failureKind(failure(404))).toBe('refused');
  });

  it('takes back a queued rating (undo), and none that was sent already', async () => {
    await enqueueReview(review('undo-me', 1));
    await enqueueReview(review('keep', 2));
    expect(await withdrawReview('undo-me')).toBe(true);
    expect((await queuedReviews(1)).map((r) => r.idempotencyKey)).toEqual(['keep']);
    await syncOutbox(1, async () => answer(1));
    expect(await withdrawReview('keep')).toBe(false);
  });

  it("an undo during the rating's send waits for it: the rating is the server's then", async () => {
    await enqueueReview(review('in-flight', 1));
    let release!: (value: ReviewResponse) => void;
    const sync = syncOutbox(1, () => new Promise<ReviewResponse>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const withdrawn = withdrawReview('in-flight');
    release(answer(7));
    expect(await withdrawn).toBe(false);
    expect((await sync).sent).toHaveLength(1);
  });

  it('runs one sync at a time: a second call joins the first', async () => {
    await enqueueReview(review('once', 1));
    let sends = 0;
    const send = async () => {
      sends++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return answer(1);
    };
    const [first, second] = await Promise.all([syncOutbox(1, send), syncOutbox(1, send)]);
    expect(sends).toBe(1);
    expect(second).toBe(first);
  });
});

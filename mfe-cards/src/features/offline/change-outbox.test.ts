import 'fake-indexeddb/auto';
import { AxiosError, AxiosHeaders } from 'axios';
import type { Card, EditKept } from '@flashcard/api-contract';
import { makeCard } from '../../test/cards';
import { closeCardsDatabaseForTests } from './cards-db';
import {
  queueCreate,
  queuedChanges,
  queueEdit,
  syncOutbox,
  type QueuedChange,
  type QueuedCreate,
} from './change-outbox';

const at = (minute: number) => `2026-11-27T08:${String(minute).padStart(2, '0')}:00.000Z`;
const create = (key: string, question: string, userId = 1) =>
  queueCreate({ userId, idempotencyKey: key, input: { question, answer: 'A' }, editedAt: at(0) });
const edit = (key: string, cardId: number, question: string, minute = 1, userId = 1) =>
  queueEdit({ userId, idempotencyKey: key, cardId, input: { question }, editedAt: at(minute) });

/** An axios failure with an HTTP answer of `status`, or none (the network). */
function failure(status?: number): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = status
    ? { status, statusText: '', headers: {}, config, data: { error: `status ${status}` } }
    : undefined;
  return new AxiosError('failed', status ? 'ERR_BAD_RESPONSE' : 'ERR_NETWORK', config, {}, response);
}

/** What the server answers a change: the card it now holds (ids from 100 for creates). */
function server() {
  const calls: QueuedChange[] = [];
  let nextId = 100;
  const send = async (change: QueuedChange): Promise<{ card: Card; kept: EditKept }> => {
    calls.push(change);
    const id = change.kind === 'create' ? nextId++ : change.cardId;
    return { card: makeCard(id, { question: change.input.question, updated_at: at(30) }), kept: 'edit' };
  };
  return { calls, send };
}

const keys = (changes: QueuedChange[]) => changes.map((change) => change.idempotencyKey);

beforeEach(async () => {
  await closeCardsDatabaseForTests();
  indexedDB.deleteDatabase('flashcard-cards');
});

describe('the change outbox', () => {
  it('keeps changes in the order they were made, per learner, one create per key', async () => {
    const first = await create('c1', 'New');
    await edit('e1', 7, 'Edited');
    await create('c2', 'Other learner', 2);
    expect(await create('c1', 'New')).toEqual(first); // a retry of the same save
    expect(keys(await queuedChanges(1))).toEqual(['c1', 'e1']);
    expect(keys(await queuedChanges(2))).toEqual(['c2']);
    expect(first.localId).toBeLessThan(0);
  });

  it("puts an edit of a card waiting to be created into its create, and a card's later edit in place of its earlier one", async () => {
    const created = await create('c1', 'Draft');
    await edit('e1', created.localId, 'Final');
    await edit('e2', 7, 'First try', 1);
    await edit('e3', 7, 'Second try', 2);
    const queued = await queuedChanges(1);
    expect(queued).toHaveLength(2);
    expect(queued[0]).toMatchObject({
      kind: 'create',
      idempotencyKey: 'c1',
      input: { question: 'Final', answer: 'A' },
    });
    expect(queued[1]).toMatchObject({ kind: 'edit', cardId: 7, input: { question: 'Second try' }, editedAt: at(2) });
  });

  it('sends oldest first, a create with its key, and empties itself', async () => {
    await create('c1', 'New');
    await edit('e1', 7, 'Edited');
    await create('c2', 'Newer');
    const { calls, send } = server();
    const outcome = await syncOutbox(1, send);
    expect(keys(calls)).toEqual(['c1', 'e1', 'c2']);
    expect(outcome.sent.map((sent) => sent.card.id)).toEqual([100, 7, 101]);
    expect(outcome.stopped).toBeNull();
    expect(await queuedChanges(1)).toEqual([]);
  });

  it('stops at a network failure and resends that change with the same key next time', async () => {
    await create('c1', 'New');
    await edit('e1', 7, 'Edited');
    let answered = false;
    const outcome = await syncOutbox(1, async () => {
      answered = true; // the server made the card, the answer was lost
      throw failure();
    });
    expect(answered).toBe(true);
    expect(outcome.stopped).toBe('network');
    expect(keys(await queuedChanges(1))).toEqual(['c1', 'e1']);
    const { calls, send } = server();
    await syncOutbox(1, send);
    expect(calls.map((change) => [change.kind, change.idempotencyKey])).toEqual([
      ['create', 'c1'],
      ['edit', 'e1'],
    ]);
  });

  it('waits on a server that cannot take it now, and drops what it refuses for good', async () => {
    await edit('deleted-card', 7, 'Edited');
    await edit('later', 8, 'Edited');
    let outcome = await syncOutbox(1, async (change) => {
      if (change.idempotencyKey === 'deleted-card') throw failure(404);
      throw failure(503);
    });
    expect(outcome.refused.map((refused) => refused.change.idempotencyKey)).toEqual(['deleted-card']);
    expect(outcome.stopped).toBe('later');
    expect(keys(await queuedChanges(1))).toEqual(['later']);
    outcome = await syncOutbox(1, server().send);
    expect(outcome.sent).toHaveLength(1);
  });

  it("gives a create's server id to the edit queued behind it while it was being sent", async () => {
    const created = await create('c1', 'Draft');
    let release!: () => void;
    const { calls, send } = server();
    const sync = syncOutbox(1, async (change) => {
      if (change.kind === 'create') await new Promise<void>((resolve) => (release = resolve));
      return send(change);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The create is on its way: the edit cannot go into it, so it queues behind under the local id.
    await edit('e1', created.localId, 'Final', 1);
    expect((await queuedChanges(1)).map((change) => change.kind)).toEqual(['create', 'edit']);
    release();
    await sync;
    // Sent after the create, to the server's id, and after the create's own time on the server.
    expect(calls[1]).toMatchObject({ kind: 'edit', cardId: 100, input: { question: 'Final' }, editedAt: at(30) });
  });

  it('drops the edits queued behind a create the server refused', async () => {
    const created: QueuedCreate = await create('c1', 'Draft');
    let release!: () => void;
    const sync = syncOutbox(1, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      throw failure(400);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await edit('e1', created.localId, 'Final');
    release();
    expect((await sync).refused).toHaveLength(1);
    expect(await queuedChanges(1)).toEqual([]);
  });

  it('runs one sync at a time: a second call joins the first', async () => {
    await create('once', 'New');
    let sends = 0;
    const send = async (change: QueuedChange) => {
      sends++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return server().send(change);
    };
    const [first, second] = await Promise.all([syncOutbox(1, send), syncOutbox(1, send)]);
    expect(sends).toBe(1);
    expect(second).toBe(first);
  });
});

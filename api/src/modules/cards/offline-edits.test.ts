// Cards created and edited offline and sent later: an edit's `editedAt` (validated like a review's
// `reviewedAt`), the later change winning either way, and a create's Idempotency-Key making a
// resend (or two copies at once) one note.
import type { CardEditResult } from '@flashcard/api-contract/schemas';
import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient, type CardJson } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';

const MINUTE = 60_000;
const START = new Date('2024-06-11T05:00:00.000Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * MINUTE).toISOString();

describeEachDb('cards created and edited offline', (ctx) => {
  let now = START;
  let app: FastifyInstance;
  let me: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => now });
  });
  beforeEach(async () => {
    now = START;
    me = await signedInClient(app);
  });

  const edit = (cardId: number, payload: Record<string, unknown>) => me.put(`/api/cards/${cardId}`, payload);
  const editOk = async (cardId: number, payload: Record<string, unknown>) => {
    const response = await edit(cardId, payload);
    expect(response.statusCode).toBe(200);
    return response.json() as CardEditResult;
  };
  const cardOf = async (cardId: number) => (await me.get(`/api/cards/${cardId}`)).json() as CardJson;
  const create = (payload: Record<string, unknown>, key?: string, client = me) =>
    app.inject({
      method: 'POST',
      url: '/api/cards',
      headers: { ...bearer(client.user.accessToken), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload,
    });
  const allCards = async (client = me) => (await client.get('/api/cards?limit=1000')).json() as CardJson[];

  describe('editedAt', () => {
    it('is refused unless an ISO 8601 instant with its zone, and the card stays as it was', async () => {
      const card = await me.createCard({ question: 'Before', answer: 'A' });
      now = new Date(START.getTime() + 10 * MINUTE);
      for (const editedAt of [
        'yesterday',
        '2024-06-11',
        '2024-06-11T05:00:00', // no zone
        '2024-02-30T05:00:00.000Z', // no such day
        '',
        1718082000000,
      ]) {
        const response = await edit(card.id, { question: 'After', editedAt });
        expect({ editedAt, status: response.statusCode, body: response.json() }).toEqual({
          editedAt,
          status: 400,
          body: {
            error: 'editedAt must be an ISO 8601 date and time with its time zone, such as 2024-06-11T05:00:00.000Z',
          },
        });
      }
      expect(await cardOf(card.id)).toEqual(card);
    });

    it('may run ahead of the server by five minutes (then it is now), not more', async () => {
      const card = await me.createCard({ question: 'Before', answer: 'A' });
      now = new Date(START.getTime() + 10 * MINUTE);
      const ahead = await edit(card.id, { question: 'Too early', editedAt: at(16) });
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json()).toEqual({ error: 'editedAt must not be in the future' });
      expect((await cardOf(card.id)).question).toBe('Before');

      const skewed = await editOk(card.id, { question: 'Skewed clock', editedAt: at(14) });
      expect(skewed).toMatchObject({ question: 'Skewed clock', kept: 'edit', updated_at: at(10) });
      // An offset other than Z names the same instant.
      const offset = await editOk(card.id, { question: 'In Paris', editedAt: '2024-06-11T07:12:00+02:00' });
      expect(offset).toMatchObject({ question: 'In Paris', kept: 'edit' });
    });

    it('absent or null: the edit is made now and applied whatever came before', async () => {
      const card = await me.createCard({ question: 'Q', answer: 'A' });
      now = new Date(START.getTime() + 5 * MINUTE);
      expect(await editOk(card.id, { answer: 'B', editedAt: null })).toMatchObject({ answer: 'B', kept: 'edit' });
      now = new Date(START.getTime() + 6 * MINUTE);
      expect(await editOk(card.id, { answer: 'C' })).toMatchObject({ answer: 'C', kept: 'edit', updated_at: at(6) });
    });
  });

  describe('the later change wins', () => {
    it('applies an offline edit made after the last change, stamped when it arrives', async () => {
      const card = await me.createCard({ question: 'Capital of France?', answer: 'Paris', tags: 'europe' });
      now = new Date(START.getTime() + 60 * MINUTE);
      const result = await editOk(card.id, {
        answer: 'Paris (Île-de-France)',
        tags: 'europe, capitals',
        editedAt: at(20),
      });
      expect(result).toEqual({
        ...card,
        answer: 'Paris (Île-de-France)',
        tags: 'europe, capitals',
        updated_at: at(60),
        kept: 'edit',
      });
      // Search follows the applied text.
      const found = (await me.get('/api/cards/search?q=capitals')).json();
      expect(found.results.map((each: CardJson) => each.id)).toEqual([card.id]);
    });

    it("keeps the server's card when it changed after the edit was made, and says so", async () => {
      const card = await me.createCard({ question: 'Capital of Italy?', answer: 'Rome' });
      // Another device edits at minute 20; this device's offline edit of minute 15 arrives at 30.
      now = new Date(START.getTime() + 20 * MINUTE);
      const theirs = await editOk(card.id, { answer: 'Roma' });
      now = new Date(START.getTime() + 30 * MINUTE);
      const mine = await editOk(card.id, { answer: 'Rome, Lazio', tags: 'italy', editedAt: at(15) });
      const { kept: _, ...held } = theirs;
      expect(mine).toEqual({ ...held, kept: 'server' });
      expect(await cardOf(card.id)).toEqual({ ...held, updated_at: at(20) });

      // An edit made after that change (minute 25) is the later one: applied.
      const later = await editOk(card.id, { answer: 'Rome, Lazio', editedAt: at(25) });
      expect(later).toMatchObject({ answer: 'Rome, Lazio', kept: 'edit', updated_at: at(30) });
    });

    it('counts any change of any card of the note, a mark known included', async () => {
      const card = await me.createCard({ kind: 'reversed', question: 'Hund', answer: 'dog' });
      const [, back] = (await allCards())
        .filter((each) => each.note_guid === card.note_guid)
        .sort((a, b) => a.ord - b.ord);
      now = new Date(START.getTime() + 20 * MINUTE);
      expect((await me.put(`/api/cards/${back!.id}/known`)).statusCode).toBe(200);
      now = new Date(START.getTime() + 30 * MINUTE);
      const mine = await editOk(card.id, { answer: 'the dog', editedAt: at(10) });
      expect(mine).toMatchObject({ id: card.id, answer: 'dog', kept: 'server' });
      expect((await allCards()).filter((each) => each.note_guid === card.note_guid).map((each) => each.answer)).toEqual(
        ['dog', 'dog'],
      );
    });

    it('answers a resend of an applied edit as applied and writes nothing again', async () => {
      const card = await me.createCard({ question: 'Q', answer: 'A', difficulty_level: 2 });
      now = new Date(START.getTime() + 30 * MINUTE);
      const payload = { question: ' Q ', answer: 'A2', difficulty_level: '2', tags: 'x', editedAt: at(10) };
      const first = await editOk(card.id, payload);
      expect(first).toMatchObject({ answer: 'A2', tags: 'x', kept: 'edit', updated_at: at(30) });
      // The answer was lost; the browser sends the same edit again later.
      now = new Date(START.getTime() + 40 * MINUTE);
      expect(await editOk(card.id, payload)).toEqual(first);
    });

    it('still refuses an invalid edit before looking at times', async () => {
      const card = await me.createCard({ question: 'Q', answer: 'A' });
      now = new Date(START.getTime() + 30 * MINUTE);
      await editOk(card.id, { answer: 'B' });
      const response = await edit(card.id, { question: '   ', editedAt: at(10) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Question and answer are required' });
    });

    it("is 404 for another learner's card and for a card deleted meanwhile", async () => {
      const stranger = await signedInClient(app);
      const theirs = await stranger.createCard({ question: 'theirs' });
      expect((await edit(theirs.id, { question: 'mine', editedAt: at(0) })).statusCode).toBe(404);
      const card = await me.createCard();
      expect((await me.del(`/api/cards/${card.id}?confirm=true`)).statusCode).toBe(200);
      const response = await edit(card.id, { question: 'gone', editedAt: at(0) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Card not found' });
    });
  });

  describe('a create with an Idempotency-Key', () => {
    it('creates once: a resend answers the first card, as it is now', async () => {
      const first = await create({ question: 'Made offline', answer: 'once' }, 'create-key-1');
      expect(first.statusCode).toBe(201);
      const again = await create({ question: 'Made offline', answer: 'once' }, 'create-key-1');
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect((await allCards()).map((card) => card.question)).toEqual(['Made offline']);

      // Edited since: the resend gets the card as it is, and still makes none.
      now = new Date(START.getTime() + MINUTE);
      await editOk(first.json().id, { answer: 'edited' });
      const late = await create({ question: 'Made offline', answer: 'once' }, 'create-key-1');
      expect(late.json()).toMatchObject({ id: first.json().id, answer: 'edited' });
      expect(await allCards()).toHaveLength(1);
    });

    it('makes one note of two copies sent at once, a reversed note included', async () => {
      const sends = await Promise.all(
        [1, 2, 3].map(() => create({ kind: 'reversed', question: 'chat', answer: 'cat' }, 'racing-key')),
      );
      expect(sends.map((response) => response.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(sends.map((response) => response.json().id)).size).toBe(1);
      const cards = await allCards();
      expect(cards.map((card) => [card.kind, card.ord])).toEqual([
        ['reversed', 1],
        ['reversed', 0],
      ]);
    });

    it('keys per learner, and creates a card each time without a key', async () => {
      const other = await signedInClient(app);
      expect((await create({ question: 'mine', answer: 'a' }, 'shared-key')).statusCode).toBe(201);
      const theirs = await create({ question: 'theirs', answer: 'b' }, 'shared-key', other);
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().question).toBe('theirs');
      expect((await allCards(other)).map((card) => card.question)).toEqual(['theirs']);

      await create({ question: 'plain', answer: 'a' });
      await create({ question: 'plain', answer: 'a' });
      expect((await allCards()).map((card) => card.question)).toEqual(['plain', 'plain', 'mine']);
    });

    it('refuses a malformed key, and a failed create leaves the key free', async () => {
      for (const key of ['has space', 'x'.repeat(101), 'ünïcode']) {
        const response = await create({ question: 'Q', answer: 'A' }, key);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: 'Idempotency-Key must be 1-100 letters, digits, dashes or underscores',
        });
      }
      const invalid = await create({ question: 'Q', answer: '' }, 'retry-after-fix');
      expect(invalid.statusCode).toBe(400);
      const fixed = await create({ question: 'Q', answer: 'A' }, 'retry-after-fix');
      expect(fixed.statusCode).toBe(201);
      expect(await allCards()).toHaveLength(1);
    });
  });
});

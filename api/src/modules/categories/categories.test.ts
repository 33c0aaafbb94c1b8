import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient } from '../../test/api-client';
import { describeEachDb } from '../../test/harness';

describeEachDb('categories (sets) API', (ctx) => {
  const NOW = new Date('2024-05-01T10:00:00.000Z');
  let app: FastifyInstance;
  let stranger: ApiClient;

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => NOW });
    stranger = await signedInClient(app);
  });

  it.each([
    ['GET', '/api/categories'],
    ['POST', '/api/categories'],
    ['PUT', '/api/categories/1'],
    ['DELETE', '/api/categories/1'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const response = await app.inject({ method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required' });
  });

  describe('POST /api/categories', () => {
    it('creates a set with a trimmed name', async () => {
      const learner = await signedInClient(app);
      const response = await learner.post('/api/categories', { name: '  Organic Chemistry ', description: 'ignored' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        name: 'Organic Chemistry',
        card_count: 0,
        language: null,
        created_at: NOW.toISOString(),
      });
    });

    it.each([[{}], [{ name: '' }], [{ name: '   ' }], [{ name: null }]])(
      'refuses %j: Set name is required',
      async (payload) => {
        const learner = await signedInClient(app);
        const response = await learner.post('/api/categories', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'Set name is required' });
      },
    );

    it('allows 100 characters, not more', async () => {
      const learner = await signedInClient(app);
      expect((await learner.post('/api/categories', { name: 'x'.repeat(100) })).statusCode).toBe(201);
      const response = await learner.post('/api/categories', { name: 'y'.repeat(101) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Set name must be at most 100 characters' });
    });

    it('refuses a second set of the same name in any case, but other users may use it', async () => {
      const learner = await signedInClient(app);
      await learner.createSet('Spanish Verbs');
      for (const name of ['Spanish Verbs', 'spanish verbs', '  SPANISH VERBS  ']) {
        const response = await learner.post('/api/categories', { name });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ error: 'A set with this name already exists' });
      }
      expect((await stranger.post('/api/categories', { name: 'spanish verbs' })).statusCode).toBe(201);
    });

    it('keeps non-ASCII names apart from each other and unique ignoring their case', async () => {
      const learner = await signedInClient(app);
      await learner.createSet('Économie');
      expect((await learner.post('/api/categories', { name: 'économie' })).statusCode).toBe(409);
      expect((await learner.post('/api/categories', { name: 'Economie' })).statusCode).toBe(201);
    });
  });

  describe('GET /api/categories', () => {
    it("lists the user's sets by name with their card counts", async () => {
      const learner = await signedInClient(app);
      const set10 = await learner.createSet('Set 10');
      const set2 = await learner.createSet('set 2');
      const alpha = await learner.createSet('Alpha');
      await learner.createCard({ category_id: set2.id });
      await learner.createCard({ category_id: set2.id });
      await learner.createCard({ category_id: alpha.id });
      await learner.createCard();
      await stranger.createSet('Stranger set');

      const response = await learner.get('/api/categories');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: alpha.id, name: 'Alpha', card_count: 1, language: null, created_at: NOW.toISOString() },
        { id: set2.id, name: 'set 2', card_count: 2, language: null, created_at: NOW.toISOString() },
        { id: set10.id, name: 'Set 10', card_count: 0, language: null, created_at: NOW.toISOString() },
      ]);
    });

    it('is empty for a new user', async () => {
      const learner = await signedInClient(app);
      expect((await learner.get('/api/categories')).json()).toEqual([]);
    });
  });

  describe('PUT /api/categories/:id', () => {
    it('renames a set, also to another case of its own name, and cards show the new name', async () => {
      const learner = await signedInClient(app);
      const set = await learner.createSet('Bio');
      const card = await learner.createCard({ category_id: set.id });
      const renamed = await learner.put(`/api/categories/${set.id}`, { name: ' Biology ' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({
        id: set.id,
        name: 'Biology',
        card_count: 1,
        language: null,
        created_at: NOW.toISOString(),
      });
      expect((await learner.put(`/api/categories/${set.id}`, { name: 'BIOLOGY' })).json().name).toBe('BIOLOGY');
      expect((await learner.get(`/api/cards/${card.id}`)).json()).toMatchObject({
        category_name: 'BIOLOGY',
        category: 'BIOLOGY',
      });
    });

    it("refuses a blank name and the name of another of the user's sets", async () => {
      const learner = await signedInClient(app);
      const set = await learner.createSet('Physics');
      await learner.createSet('Chemistry');
      const blank = await learner.put(`/api/categories/${set.id}`, { name: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ error: 'Set name is required' });
      const taken = await learner.put(`/api/categories/${set.id}`, { name: 'chemistry' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: 'A set with this name already exists' });
      expect((await learner.get('/api/categories')).json().map((s: { name: string }) => s.name)).toEqual([
        'Chemistry',
        'Physics',
      ]);
    });

    it("is 404 Set not found for another user's set or an id that names nothing", async () => {
      const learner = await signedInClient(app);
      const theirs = await stranger.createSet('Stranger things');
      for (const id of [String(theirs.id), '987654', 'abc', '0', '99999999999']) {
        const response = await learner.put(`/api/categories/${id}`, { name: 'Mine now' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Set not found' });
      }
      expect((await stranger.get('/api/categories')).json().map((s: { name: string }) => s.name)).toContain(
        'Stranger things',
      );
    });
  });

  describe('DELETE /api/categories/:id', () => {
    it('deletes the set and keeps its cards, without a set', async () => {
      const learner = await signedInClient(app);
      const set = await learner.createSet('Doomed');
      const other = await learner.createSet('Survivor');
      const inSet = [
        await learner.createCard({ category_id: set.id }),
        await learner.createCard({ category_id: set.id }),
      ];
      const elsewhere = await learner.createCard({ category_id: other.id });

      const response = await learner.del(`/api/categories/${set.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Set deleted; its 2 cards were kept without a set', cardsUnfiled: 2 });

      for (const card of inSet) {
        const kept = await learner.get(`/api/cards/${card.id}`);
        expect(kept.statusCode).toBe(200);
        expect(kept.json()).toMatchObject({
          question: card.question,
          category_id: null,
          category_name: null,
          category: null,
        });
      }
      expect((await learner.get(`/api/cards/${elsewhere.id}`)).json().category_id).toBe(other.id);
      expect((await learner.get('/api/cards')).json()).toHaveLength(3);
      expect((await learner.get('/api/categories')).json().map((s: { id: number }) => s.id)).toEqual([other.id]);
      expect((await learner.del(`/api/categories/${set.id}`)).statusCode).toBe(404);
    });

    it('reports 0 for an empty set', async () => {
      const learner = await signedInClient(app);
      const set = await learner.createSet('Empty');
      expect((await learner.del(`/api/categories/${set.id}`)).json()).toEqual({
        message: 'Set deleted; its 0 cards were kept without a set',
        cardsUnfiled: 0,
      });
    });

    it('keeps the cards even when the set row is deleted directly (ON DELETE SET NULL)', async () => {
      const learner = await signedInClient(app);
      const set = await learner.createSet('Deleted behind our back');
      const card = await learner.createCard({ category_id: set.id });
      await ctx.db.deleteFrom('categories').where('id', '=', set.id).execute();
      expect((await learner.get(`/api/cards/${card.id}`)).json()).toMatchObject({ id: card.id, category_id: null });
    });

    it("is 404 for another user's set, which keeps its cards", async () => {
      const learner = await signedInClient(app);
      const theirs = await stranger.createSet('Not yours to delete');
      const card = await stranger.createCard({ category_id: theirs.id });
      const response = await learner.del(`/api/categories/${theirs.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Set not found' });
      expect((await stranger.get(`/api/cards/${card.id}`)).json().category_id).toBe(theirs.id);
    });
  });

  it("removes a user's sets and cards with the user", async () => {
    const learner = await signedInClient(app);
    const set = await learner.createSet('Gone with the user');
    await learner.createCard({ category_id: set.id });
    await ctx.db.deleteFrom('users').where('id', '=', learner.user.id).execute();
    const count = async (table: 'cards' | 'categories') =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('user_id', '=', learner.user.id)
            .executeTakeFirstOrThrow()
        ).count,
      );
    expect(await count('cards')).toBe(0);
    expect(await count('categories')).toBe(0);
  });
});

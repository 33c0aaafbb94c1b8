// Studying one set or tag, suspending and burying, custom study (cram, ahead), multiple choice,
// and leeches.
import type { FastifyInstance } from 'fastify';
import { signedInClient, type ApiClient, type CardJson } from '../../test/api-client';
import { bearer, describeEachDb } from '../../test/harness';

const START = new Date('2024-06-11T05:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;

interface StudyCardJson extends CardJson {
  preview: Record<string, { interval: string; due: string }>;
}

describeEachDb('study scopes, card actions, custom study, multiple choice, leeches', (ctx) => {
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

  const get = (url: string, client = me, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(client.user.accessToken), ...headers } });
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers: { ...bearer(me.user.accessToken), ...headers }, payload });
  const queue = async (query = '') => {
    const response = await get(`/api/learning/review-queue${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as { dueCount: number; newCount: number; due: StudyCardJson[]; new: StudyCardJson[] };
  };
  const ids = (cards: Array<{ id: number }>) => cards.map((card) => card.id).sort((a, b) => a - b);
  const review = async (cardId: number, result: number) => {
    const response = await post('/api/spaced-repetition/review', { cardId, result, timeSpent: 3000 });
    expect(response.statusCode).toBe(200);
    return response.json() as { card: StudyCardJson; leech: boolean };
  };

  describe('scopes', () => {
    it('studies one set or one tag; an unknown or foreign set is 404, a bad one 400', async () => {
      const bio = await me.createSet('Biology');
      const chem = await me.createSet('Chemistry');
      const cell = await me.createCard({ category_id: bio.id, tags: 'cells, Exam' });
      const gene = await me.createCard({ category_id: bio.id, tags: 'genetics' });
      const acid = await me.createCard({ category_id: chem.id, tags: 'exam' });
      await me.createCard({ tags: 'examination' });

      expect(ids((await queue(`?set=${bio.id}`)).new)).toEqual(ids([cell, gene]));
      expect((await queue(`?set=${bio.id}`)).newCount).toBe(2);
      expect(ids((await queue('?tag=exam')).new)).toEqual(ids([cell, acid]));
      expect(ids((await queue(`?set=${chem.id}&tag=EXAM`)).new)).toEqual(ids([acid]));
      expect((await queue()).newCount).toBe(4);

      const stranger = await signedInClient(app);
      const theirs = await stranger.createSet('Theirs');
      for (const [query, status, error] of [
        [`?set=${theirs.id}`, 404, 'Set not found'],
        ['?set=999999', 404, 'Set not found'],
        ['?set=abc', 400, 'set must be a set id'],
      ] as const) {
        const response = await get(`/api/learning/review-queue${query}`);
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual({ error });
      }
    });

    it('takes tags with LIKE wildcards literally', async () => {
      const literal = await me.createCard({ tags: '100%' });
      await me.createCard({ tags: '1000' });
      expect(ids((await queue(`?tag=${encodeURIComponent('100%')}`)).new)).toEqual([literal.id]);
      expect((await queue('?tag=_')).new).toEqual([]);
    });
  });

  describe('suspend and bury', () => {
    it('leaves suspended cards out until unsuspended, buried ones until the next local day', async () => {
      const a = await me.createCard();
      const b = await me.createCard();
      const suspended = await post(`/api/spaced-repetition/cards/${a.id}/suspend`);
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json().card).toMatchObject({ id: a.id, suspended: true });
      // 05:00 UTC is 07:00 in Berlin: buried until Berlin's next midnight, 22:00 UTC.
      const buried = await post(`/api/spaced-repetition/cards/${b.id}/bury`, undefined, {
        'x-time-zone': 'Europe/Berlin',
      });
      expect(buried.json().card).toMatchObject({ id: b.id, buried_until: '2024-06-11T22:00:00.000Z' });
      expect((await queue()).new).toEqual([]);

      now = new Date('2024-06-11T22:00:00.000Z');
      expect(ids((await queue()).new)).toEqual([b.id]);
      await post(`/api/spaced-repetition/cards/${a.id}/unsuspend`);
      expect(ids((await queue()).new)).toEqual([a.id, b.id]);

      // The cards screen sees the flags too.
      await post(`/api/spaced-repetition/cards/${a.id}/suspend`);
      expect((await me.get(`/api/cards/${a.id}`)).json()).toMatchObject({ suspended: true });
      await post(`/api/spaced-repetition/cards/${b.id}/bury`);
      await post(`/api/spaced-repetition/cards/${b.id}/unbury`);
      expect((await me.get(`/api/cards/${b.id}`)).json()).toMatchObject({ buried_until: null });
    });

    it("refuses unknown actions and other learners' cards", async () => {
      const card = await me.createCard();
      expect((await post(`/api/spaced-repetition/cards/${card.id}/delete`)).statusCode).toBe(400);
      const stranger = await signedInClient(app);
      const theirs = await stranger.createCard();
      const response = await post(`/api/spaced-repetition/cards/${theirs.id}/suspend`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Card not found' });
      expect((await stranger.get(`/api/cards/${theirs.id}`)).json()).toMatchObject({ suspended: false });
    });
  });

  describe('custom study', () => {
    it('crams a whole set, studied cards by due then new ones, without rescheduling anything', async () => {
      const set = await me.createSet('Exam');
      const fresh = await me.createCard({ category_id: set.id });
      const studied = await me.createCard({ category_id: set.id });
      await me.createCard();
      await review(studied.id, 3); // Easy: due in days, not due now
      expect((await queue(`?set=${set.id}`)).due).toEqual([]);

      const response = await get(`/api/learning/custom?mode=cram&set=${set.id}`);
      expect(response.statusCode).toBe(200);
      const cards = response.json().cards as StudyCardJson[];
      expect(cards.map((card) => card.id)).toEqual([studied.id, fresh.id]);
      expect(cards[0]!.preview['2']).toBeDefined();
      const before = await me.get(`/api/cards/${studied.id}`);
      await get(`/api/learning/custom?mode=cram&set=${set.id}`);
      expect((await me.get(`/api/cards/${studied.id}`)).json()).toEqual(before.json());
    });

    it('studies ahead: the cards due within the next days, soonest first', async () => {
      const soon = await me.createCard();
      const later = await me.createCard();
      await review(soon.id, 3);
      await review(later.id, 3);
      await review(later.id, 3); // not yet due, but rated again: much later
      const dueOf = async (id: number) => new Date((await me.get(`/api/cards/${id}`)).json().due).getTime();
      const days = Math.ceil(((await dueOf(soon.id)) - START.getTime()) / DAY);
      const ahead = await get(`/api/learning/custom?mode=ahead&days=${days}`);
      expect(ahead.statusCode).toBe(200);
      expect(ids(ahead.json().cards)).toEqual([soon.id]);
      // The twice-rated card falls due later, still within the 30 days study-ahead allows.
      const laterDays = Math.ceil(((await dueOf(later.id)) - START.getTime()) / DAY);
      expect(laterDays).toBeGreaterThan(days);
      expect(laterDays).toBeLessThanOrEqual(30);
      const both = await get(`/api/learning/custom?mode=ahead&days=${laterDays}`);
      expect(both.json().cards.map((card: CardJson) => card.id)).toEqual([soon.id, later.id]);
    });

    it('answers bad modes, days and limits with 400', async () => {
      for (const [query, error] of [
        ['mode=fast', 'mode must be cram or ahead'],
        ['mode=ahead&days=0', 'days must be between 1 and 30'],
        ['mode=ahead&days=31', 'days must be between 1 and 30'],
        ['mode=cram&limit=501', 'limit must be between 1 and 500'],
      ]) {
        const response = await get(`/api/learning/custom?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error });
      }
      expect((await get('/api/learning/custom')).statusCode).toBe(400);
    });
  });

  describe('multiple choice', () => {
    it("offers each card's answer among other answers of the same set, the right one marked", async () => {
      const set = await me.createSet('Capitals');
      const capitals = [
        ['France', 'Paris'],
        ['Italy', 'Rome'],
        ['Spain', 'Madrid'],
        ['Peru', 'Lima'],
        ['Chile', 'Santiago'],
      ];
      for (const [question, answer] of capitals) await me.createCard({ category_id: set.id, question, answer });
      await me.createCard({ question: 'Elsewhere', answer: 'Not a capital' });

      const response = await get(`/api/learning/multiple-choice?set=${set.id}&limit=5&choices=4`);
      expect(response.statusCode).toBe(200);
      const { questions } = response.json() as {
        questions: Array<{ card: CardJson; choices: string[]; correct: number }>;
      };
      expect(questions).toHaveLength(5);
      for (const { card, choices, correct } of questions) {
        expect(choices).toHaveLength(4);
        expect(new Set(choices).size).toBe(4);
        expect(choices[correct]).toBe(card.answer);
        expect(choices).not.toContain('Not a capital');
        for (const choice of choices) expect(capitals.map(([, answer]) => answer)).toContain(choice);
      }
    });

    it('on all cards, draws wrong answers from the same set, then a shared tag, before unrelated cards', async () => {
      const capitals = await me.createSet('Capitals');
      const verbs = await me.createSet('Verbs');
      for (const [question, answer] of [
        ['France', 'Paris'],
        ['Italy', 'Rome'],
      ])
        await me.createCard({ category_id: capitals.id, question, answer, tags: 'geo' });
      await me.createCard({ question: 'Austria', answer: 'Vienna', tags: 'geo' });
      for (const [question, answer] of [
        ['correr', 'to run'],
        ['comer', 'to eat'],
        ['andar', 'to walk'],
      ])
        await me.createCard({ category_id: verbs.id, question, answer });
      const { questions } = (await get('/api/learning/multiple-choice?limit=20&choices=3')).json() as {
        questions: Array<{ card: CardJson; choices: string[]; correct: number }>;
      };
      const choicesOf = (answer: string) => questions.find((q) => q.card.answer === answer)!.choices.toSorted();
      expect(choicesOf('Paris')).toEqual(['Paris', 'Rome', 'Vienna']);
      expect(choicesOf('Vienna')).toEqual(['Paris', 'Rome', 'Vienna']);
      for (const verb of ['to run', 'to eat']) expect(choicesOf(verb)).toEqual(['to eat', 'to run', 'to walk']);
    });

    it('asks a cloze card for its hidden words, a reversed card for its question', async () => {
      const set = await me.createSet('Mixed');
      await me.createCard({ category_id: set.id, kind: 'cloze', question: '{{c1::Oxygen}} has number 8', answer: '' });
      await me.createCard({ category_id: set.id, kind: 'reversed', question: 'Hydrogen', answer: 'number 1' });
      const { questions } = (await get(`/api/learning/multiple-choice?set=${set.id}&choices=2`)).json() as {
        questions: Array<{ card: CardJson; choices: string[]; correct: number }>;
      };
      const byCard = Object.fromEntries(questions.map((q) => [`${q.card.kind}${q.card.ord}`, q.choices[q.correct]]));
      expect(byCard).toEqual({ cloze1: 'Oxygen', reversed0: 'number 1', reversed1: 'Hydrogen' });
    });

    it('is 422 with fewer than two different answers, 400 on bad numbers', async () => {
      const set = await me.createSet('Lonely');
      await me.createCard({ category_id: set.id, answer: 'same' });
      await me.createCard({ category_id: set.id, answer: 'Same' });
      const response = await get(`/api/learning/multiple-choice?set=${set.id}`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: 'Multiple choice needs at least two cards with different answers here',
      });
      expect((await get('/api/learning/multiple-choice?choices=7')).json()).toEqual({
        error: 'choices must be between 2 and 6',
      });
      expect((await get('/api/learning/multiple-choice?limit=0')).statusCode).toBe(400);
    });
  });

  describe('leeches', () => {
    it('suspends and tags a card at its 8th lapse, with a notification, once', async () => {
      const card = await me.createCard({ tags: 'hard' });
      // Graduate it, then forget it: each Again on a review card is a lapse.
      let lapses = 0;
      let last: { card: StudyCardJson; leech: boolean } | undefined;
      await review(card.id, 3);
      while (lapses < 8) {
        now = new Date(new Date((await me.get(`/api/cards/${card.id}`)).json().due).getTime() + MINUTE);
        const state = (await me.get(`/api/cards/${card.id}`)).json().state;
        last = await review(card.id, state === 'review' ? 0 : 3);
        if (state === 'review') lapses += 1;
        if (lapses < 8) expect(last.leech).toBe(false);
      }
      expect(last).toMatchObject({ leech: true, card: { suspended: true, tags: 'hard, leech', lapses: 8 } });
      expect((await me.get('/api/cards/search?q=leech')).json().results.map((c: CardJson) => c.id)).toEqual([card.id]);
      const notifications = (await get('/api/notifications')).json();
      const leeches = (Array.isArray(notifications) ? notifications : notifications.notifications).filter(
        (n: { type: string }) => n.type === 'leech',
      );
      expect(leeches).toHaveLength(1);
      expect(leeches[0]).toMatchObject({ params: {}, title: 'Leech card suspended' });
    });
  });
});

// Every query value whose range moved into the contract's schemas: each wrong value (out of
// range, not a whole number, a number written otherwise than in digits, repeated) is answered
// 400 with the same text the services gave, the bounds themselves pass, and a blank value is one
// not given. On SQLite and PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '../test/harness';
import { userWithRole } from '../test/platform-fixtures';

/** [route (with whatever else it needs), field, its lowest and highest values, the message]. */
const RANGES: ReadonlyArray<readonly [route: string, field: string, min: number, max: number, message: string]> = [
  ['/api/learning/review-queue', 'newLimit', 0, 100, 'newLimit must be between 0 and 100'],
  ['/api/learning/review-queue', 'limit', 1, 1000, 'limit must be between 1 and 1000'],
  ['/api/spaced-repetition/due', 'limit', 1, 1000, 'limit must be between 1 and 1000'],
  ['/api/spaced-repetition/schedule', 'limit', 1, 1000, 'limit must be between 1 and 1000'],
  ['/api/spaced-repetition/schedule', 'offset', 0, 999_999, 'offset must be 0 or a positive integer'],
  ['/api/spaced-repetition/forecast', 'days', 1, 365, 'days must be between 1 and 365'],
  ['/api/learning/custom?mode=ahead', 'days', 1, 30, 'days must be between 1 and 30'],
  ['/api/learning/custom?mode=cram', 'limit', 1, 500, 'limit must be between 1 and 500'],
  ['/api/learning/multiple-choice', 'limit', 1, 50, 'limit must be between 1 and 50'],
  ['/api/learning/multiple-choice', 'choices', 2, 6, 'choices must be between 2 and 6'],
  ['/api/dashboard/analytics', 'days', 1, 366, 'days must be a whole number between 1 and 366'],
  ['/api/dashboard/recent-activity', 'limit', 1, 50, 'limit must be a whole number between 1 and 50'],
  ['/api/tokens/history', 'limit', 1, 100, 'limit must be between 1 and 100'],
  ['/api/tokens/history', 'offset', 0, 9_999_999, 'offset must be 0 or a positive integer'],
  ['/api/notifications', 'limit', 1, 100, 'limit must be between 1 and 100'],
  ['/api/gamification/leaderboard', 'limit', 1, 100, 'limit must be between 1 and 100'],
  ['/api/admin/users', 'limit', 1, 100, 'Limit must be a whole number from 1 to 100'],
  ['/api/admin/users', 'offset', 0, 9_999_999, 'Offset must be a whole number of 0 or more'],
  ['/api/admin/audit', 'limit', 1, 100, 'Limit must be a whole number from 1 to 100'],
  ['/api/admin/audit', 'offset', 0, 9_999_999, 'Offset must be a whole number of 0 or more'],
  ['/api/cards', 'limit', 1, 1000, 'Limit must be between 1 and 1000'],
  ['/api/cards/search?q=x', 'difficultyMin', 1, 5, 'Difficulty must be between 1 and 5'],
  ['/api/cards/search?q=x', 'difficultyMax', 1, 5, 'Difficulty must be between 1 and 5'],
];

/** Ids: any that can name a row passes the schema (the route then answers for an unknown one). */
const IDS: ReadonlyArray<readonly [route: string, field: string, message: string]> = [
  ['/api/learning/review-queue', 'set', 'set must be a set id'],
  ['/api/learning/custom?mode=cram', 'set', 'set must be a set id'],
  ['/api/cards', 'category', 'Category must be a positive integer'],
  ['/api/cards', 'before', 'before must be a card id'],
  ['/api/cards/export', 'category', 'Category must be a positive integer'],
];

/** Text that is no whole number, or a number not written in digits (Fastify alone reads those as numbers). */
const NOT_WHOLE_NUMBERS = ['abc', '1.5', '1e2', '+5', '0x10', '-0', 'Infinity'];

/** An answer as two requests alike give it: multiple choice draws and shuffles, so only its sizes. */
const comparable = (body: { questions?: Array<{ choices: string[] }> }) =>
  body.questions ? body.questions.map((question) => question.choices.length) : body;

const withQuery = (route: string, query: string) => `${route}${route.includes('?') ? '&' : '?'}${query}`;

describeEachDb('query values checked by the contract', (ctx) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;
  const get = (url: string) => app.inject({ method: 'GET', url, headers });
  const NOW = new Date('2024-06-11T10:00:00.000Z');

  beforeAll(async () => {
    app = await ctx.buildApp({}, { now: () => NOW });
    // A super_admin reaches the admin routes too.
    headers = (await userWithRole(app, ctx.db, 'super_admin')).headers;
    // Multiple choice needs two different answers to choose from.
    for (const [question, answer] of [
      ['2 + 2', '4'],
      ['3 + 3', '6'],
    ]) {
      await app.inject({ method: 'POST', url: '/api/cards', headers, payload: { question, answer } });
    }
  });

  it.each(RANGES)('%s %s: below, above and other text answer its message', async (route, field, min, max, error) => {
    for (const value of [String(min - 1), String(max + 1), ...NOT_WHOLE_NUMBERS]) {
      const response = await get(withQuery(route, `${field}=${encodeURIComponent(value)}`));
      expect({ value, status: response.statusCode, body: response.json() }).toEqual({
        value,
        status: 400,
        body: { error },
      });
    }
    const repeated = await get(withQuery(route, `${field}=${min}&${field}=${max}`));
    expect({ status: repeated.statusCode, body: repeated.json() }).toEqual({ status: 400, body: { error } });
  });

  it.each(RANGES)('%s %s: both bounds pass, and a blank value is one not given', async (route, field, min, max) => {
    for (const value of [min, max, ` ${max} `]) {
      const response = await get(withQuery(route, `${field}=${encodeURIComponent(value)}`));
      expect({ value, status: response.statusCode }).toEqual({ value, status: 200 });
    }
    const absent = await get(route);
    for (const blank of ['', '%20%20']) {
      const response = await get(withQuery(route, `${field}=${blank}`));
      expect({ blank, status: response.statusCode, body: comparable(response.json()) }).toEqual({
        blank,
        status: absent.statusCode,
        body: comparable(absent.json()),
      });
    }
  });

  it.each(IDS)('%s %s: a value that names no row answers its message', async (route, field, error) => {
    for (const value of ['0', '2147483648', '-3', ...NOT_WHOLE_NUMBERS]) {
      const response = await get(withQuery(route, `${field}=${encodeURIComponent(value)}`));
      expect({ value, status: response.statusCode, body: response.json() }).toEqual({
        value,
        status: 400,
        body: { error },
      });
    }
    const blank = await get(withQuery(route, `${field}=`));
    expect(blank.statusCode).toBe((await get(route)).statusCode);
  });

  it('a mode or flag outside its values answers its message; blank flags are false', async () => {
    for (const mode of ['fast', 'CRAM', '']) {
      const response = await get(`/api/learning/custom?mode=${mode}`);
      expect({ mode, body: response.json() }).toEqual({ mode, body: { error: 'mode must be cram or ahead' } });
    }
    expect((await get('/api/learning/custom')).json()).toEqual({ error: 'Mode is required' });
    for (const flag of ['yes', '1', 'TRUE']) {
      const response = await get(`/api/cards?hideKnown=${flag}`);
      expect({ flag, body: response.json() }).toEqual({ flag, body: { error: 'hideKnown must be true or false' } });
    }
    expect((await get('/api/cards?hideKnown=')).body).toBe((await get('/api/cards?hideKnown=false')).body);
  });
});

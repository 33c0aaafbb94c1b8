import { waitFor } from '@testing-library/react';
import { checkPrefetch } from '@flashcard/shared-auth/testing';
import { prefetch } from './App';
import { renderStudyAt } from './test/study';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test("each call the shell starts ahead is one the hub makes itself, its scope's query included", async () => {
  const where = { pathname: '/study', search: '?set=4' };
  const prefetched = await checkPrefetch(
    () => prefetch(where),
    () => renderStudyAt('/study?set=4'),
    waitFor,
  );
  expect(prefetched).toContain('get /api/learning/review-queue?set=4');
});

test('a session or practice screen is not prefetched (it starts from what the learner picks)', () => {
  expect(prefetch({ pathname: '/study/review', search: '' })).toEqual([]);
});

import { waitFor } from '@testing-library/react';
import { checkPrefetch } from '@flashcard/shared-auth/testing';
import { prefetch } from './App';
import { renderCards } from './test/cards';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('each call the shell starts ahead is one the card list makes itself, path and query', async () => {
  expect(await checkPrefetch(prefetch, () => renderCards('/cards'), waitFor)).toEqual([
    'get /api/cards?limit=50',
    'get /api/categories',
    'get /api/cards/filters/options',
  ]);
});

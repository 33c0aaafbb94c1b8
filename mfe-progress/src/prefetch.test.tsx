import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { checkPrefetch } from '@flashcard/shared-auth/testing';
import App, { prefetch } from './App';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('each call the shell starts ahead is one the page makes itself, path and query', async () => {
  const show = () =>
    render(
      <MemoryRouter initialEntries={['/progress']}>
        <Routes>
          <Route path="/progress/*" element={<App />} />
        </Routes>
      </MemoryRouter>,
    );
  expect(await checkPrefetch(prefetch, show, waitFor)).toHaveLength(6);
});

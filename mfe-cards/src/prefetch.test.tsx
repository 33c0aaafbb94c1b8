import { render, waitFor } from '@testing-library/react';
import axios from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeServer, type FakeServer } from '@flashcard/shared-auth/testing';
import App, { prefetch } from './App';

const WHERE = { pathname: '/cards', search: '' };
const ROUTE = '/cards/*';

// Every call fails: this test is about which calls are made, not what the screens show.
let server: FakeServer;
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  server = fakeServer(() => ({ status: 503, data: { error: 'Unavailable' } }));
});
afterEach(() => {
  server.restore();
  jest.restoreAllMocks();
});

const asked = () => server.calls.map((config) => `${config.method} ${axios.getUri(config)}`);

test('each call the shell starts ahead is one the screen makes itself, byte for byte', async () => {
  const ahead = prefetch();
  await Promise.allSettled(ahead);
  const prefetched = asked();
  expect(prefetched).toHaveLength(ahead.length);
  server.calls.length = 0;

  render(
    <MemoryRouter initialEntries={[WHERE.pathname + WHERE.search]}>
      <Routes>
        <Route path={ROUTE} element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(prefetched)));
});

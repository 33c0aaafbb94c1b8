import { fakeServer } from '../testing';
import { cardQueryParams, cardsApi } from './cards';

test('only set filters are sent, hideKnown as true', () => {
  expect(cardQueryParams({ category: 3, college: '', difficultyMin: 2, hideKnown: false })).toEqual({
    category: '3',
    difficultyMin: '2',
  });
  expect(cardQueryParams({ class_name: 'Bio 101', difficultyMax: 4, hideKnown: true })).toEqual({
    class_name: 'Bio 101',
    difficultyMax: '4',
    hideKnown: 'true',
  });
});

test('search reads either a results field or the list itself', async () => {
  const card = { id: 1, question: 'q', answer: 'a' };
  let server = fakeServer(() => ({ status: 200, data: { results: [card] } }));
  await expect(cardsApi.search('q')).resolves.toEqual([card]);
  expect(server.calls[0].params).toEqual({ q: 'q' });
  server.restore();
  server = fakeServer(() => ({ status: 200, data: [card] }));
  await expect(cardsApi.search('q')).resolves.toEqual([card]);
  server.restore();
});

test('delete sends confirm=true', async () => {
  const server = fakeServer(() => ({ status: 200, data: { message: 'deleted' } }));
  await cardsApi.remove(5);
  expect(server.calls[0].url).toBe('/cards/5');
  expect(server.calls[0].params).toEqual({ confirm: true });
  server.restore();
});

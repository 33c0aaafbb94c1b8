import { DIFFICULTY_BOUNDS } from '@flashcard/api-contract';
import { DIFFICULTY_KEYS, DIFFICULTY_LEVELS, difficultyKey } from './difficulty';

test('every difficulty the API accepts has its word, and only those', () => {
  const accepted = Array.from(
    { length: DIFFICULTY_BOUNDS.max - DIFFICULTY_BOUNDS.min + 1 },
    (_, index) => DIFFICULTY_BOUNDS.min + index,
  );
  expect([...DIFFICULTY_LEVELS]).toEqual(accepted);
  expect(Object.keys(DIFFICULTY_KEYS).map(Number)).toEqual(accepted);
  expect(difficultyKey(DIFFICULTY_BOUNDS.max + 1)).toBe(DIFFICULTY_KEYS[1]);
});

/** Difficulty levels 1-5; their labels ('Easy' ... 'Expert') are in src/i18n. */
export const DIFFICULTY_KEYS = {
  1: 'easy',
  2: 'medium',
  3: 'hard',
  4: 'veryHard',
  5: 'expert',
} as const;

export type DifficultyLevel = keyof typeof DIFFICULTY_KEYS;
export type DifficultyKey = (typeof DIFFICULTY_KEYS)[DifficultyLevel];

export const DIFFICULTY_LEVELS = [1, 2, 3, 4, 5] as const;

/** The message key (`difficulty.<key>`) of a level; an unknown level reads as the first. */
export function difficultyKey(level: number): DifficultyKey {
  return DIFFICULTY_KEYS[level as DifficultyLevel] ?? DIFFICULTY_KEYS[1];
}

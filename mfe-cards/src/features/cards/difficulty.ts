/** Spec section 9: difficulty levels 1-5 and their labels. */
export const DIFFICULTY_LABELS: Record<number, string> = {
  1: 'Easy',
  2: 'Medium',
  3: 'Hard',
  4: 'Very Hard',
  5: 'Expert',
};

export const DIFFICULTY_LEVELS = [1, 2, 3, 4, 5] as const;

export function difficultyLabel(level: number): string {
  return DIFFICULTY_LABELS[level] ?? DIFFICULTY_LABELS[1];
}

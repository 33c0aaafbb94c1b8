// Shares shown as percentages (success rates, retention), rounded alike on every screen.

/** `part` of `whole` in percent with one decimal; null when there is nothing to divide by. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((1000 * part) / whole) / 10 : null;

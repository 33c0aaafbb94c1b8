// (Re)learning steps as a learner writes them, as Anki does: delays separated by spaces, each a
// whole number of minutes, hours or days ("1m 10m", "10m", "1h 1d"). The settings service checks
// them with `parseSteps`; the scheduler hands the parsed steps to ts-fsrs.

/** A step as ts-fsrs takes it: a whole number and its unit. */
export type StepText = `${number}${'m' | 'h' | 'd'}`;

/** How many steps each list may hold, and the shortest and longest step (minutes). */
export const STEPS_BOUNDS = {
  learningSteps: { min: 1, max: 10 },
  relearningSteps: { min: 0, max: 10 },
  minutes: { min: 1, max: 24 * 60 },
} as const;

const UNIT_MINUTES = { m: 1, h: 60, d: 24 * 60 } as const;

/**
 * The steps of `text` (whitespace-separated), or null when one is not a whole number of m, h or
 * d within STEPS_BOUNDS.minutes or the count is outside `count`.
 */
export function parseSteps(text: string, count: { min: number; max: number }): StepText[] | null {
  const tokens = text.trim() ? text.trim().split(/\s+/) : [];
  if (tokens.length < count.min || tokens.length > count.max) return null;
  const steps: StepText[] = [];
  for (const token of tokens) {
    const match = /^(\d{1,5})([mhd])$/.exec(token.toLowerCase());
    if (!match) return null;
    const value = Number(match[1]);
    const minutes = value * UNIT_MINUTES[match[2] as keyof typeof UNIT_MINUTES];
    if (minutes < STEPS_BOUNDS.minutes.min || minutes > STEPS_BOUNDS.minutes.max) return null;
    steps.push(`${value}${match[2]}` as StepText);
  }
  return steps;
}

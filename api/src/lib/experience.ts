// What earns experience points. XP is only ever granted by the server for work it saw done;
// every grant is a row in experience_events (the ledger), so XP = the sum of a user's rows.

export const XP_SOURCES = {
  review: 'review',
  sessionComplete: 'session_complete',
  /** An unlocked achievement: the XP of its catalogue entry (modules/gamification/achievements.ts). */
  achievement: 'achievement',
  dailyBonus: 'daily_bonus',
  dailyGoal: 'daily_goal',
} as const;

/** A review earns XP whatever the rating: forgetting a card and trying again is work too. */
export function reviewXp(result: 0 | 1 | 2 | 3): number {
  return result === 0 ? 5 : 10;
}

/** Finishing a session that studied at least one card. */
export const SESSION_COMPLETE_XP = 20;

/**
 * Reaching the daily goal (cards studied today >= the goal), once per local day. The client
 * asks for it (POST /gamification/experience/add); the server checks the goal was reached.
 */
export const DAILY_GOAL_XP = 25;

/** The daily bonus pays this much XP per day of the claim streak (the streak counted is capped). */
export const DAILY_BONUS_XP_PER_DAY = 5;

// ---- Levels ---------------------------------------------------------------------------------
// Level n begins at 50 * n * (n - 1) XP: level 1 at 0, 2 at 100, 3 at 300, 4 at 600, 5 at 1000.
// Each level takes 100 XP more than the one before, so levels slow down without ever stopping.

/** XP at which `level` (1 or more) begins. */
export function levelStart(level: number): number {
  return 50 * level * (level - 1);
}

/** The level reached with `xp` experience points (1 for 0 XP). */
export function levelFor(xp: number): number {
  if (!(xp > 0)) return 1;
  // Inverse of levelStart, then corrected for floating-point error at exact boundaries.
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + xp / 12.5)) / 2));
  while (levelStart(level + 1) <= xp) level += 1;
  while (level > 1 && levelStart(level) > xp) level -= 1;
  return level;
}

/** The level and the way through it: `current` XP earned in it out of the `next` it takes. */
export function levelProgress(xp: number): { level: number; current: number; next: number } {
  const level = levelFor(xp);
  const start = levelStart(level);
  return { level, current: Math.max(0, xp - start), next: levelStart(level + 1) - start };
}

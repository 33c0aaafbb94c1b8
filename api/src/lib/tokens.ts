// Why tokens move: the reasons written to token_ledger.reason. Tokens are only credited by the
// server (the daily bonus, achievements), like XP (lib/experience.ts), and spent on what the
// learner buys (a streak freeze: a debit); the balance is the sum.
export const TOKEN_REASONS = {
  dailyBonus: 'daily_bonus',
  achievement: 'achievement',
  streakFreeze: 'streak_freeze',
} as const;

// One icon per catalogue key (api/src/modules/gamification/achievements.ts); decoration only.
const ICONS: Record<string, string> = {
  first_review: '🎯',
  reviews_100: '💯',
  reviews_1000: '🧠',
  cards_10: '✍️',
  cards_100: '📚',
  streak_3: '🔥',
  streak_7: '🗓️',
  first_session: '✅',
  daily_goal: '🏁',
};

export const achievementIcon = (key: string): string => ICONS[key] ?? '🏆';

const unlockDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** 'June 11, 2024'; null for a missing or unreadable time. */
export function formatUnlockDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : unlockDate.format(date);
}

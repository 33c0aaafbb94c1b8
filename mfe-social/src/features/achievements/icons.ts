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

/** 'June 11, 2024' in English ('11 juin 2024' in French); null for a missing or unreadable time. */
export function formatUnlockDate(iso: string | null, language: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

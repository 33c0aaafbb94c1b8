// Hard-coded sample content (spec: the achievements screen is static for now).
export interface SampleAchievement {
  id: string;
  icon: string;
  title: string;
  description: string;
  progress: number;
  target: number;
}

export const ACHIEVEMENTS: readonly SampleAchievement[] = [
  { id: 'first-steps', icon: '🎯', title: 'First Steps', description: 'Study your first card.', progress: 1, target: 1 },
  { id: 'card-creator', icon: '✍️', title: 'Card Creator', description: 'Create 25 cards.', progress: 25, target: 25 },
  { id: 'week-warrior', icon: '🔥', title: 'Week Warrior', description: 'Keep a 7-day study streak.', progress: 7, target: 7 },
  { id: 'century', icon: '💯', title: 'Century', description: 'Study 100 cards.', progress: 64, target: 100 },
  { id: 'perfectionist', icon: '⭐', title: 'Perfectionist', description: 'Finish 10 sessions with 100% accuracy.', progress: 3, target: 10 },
  { id: 'monthly-master', icon: '🏆', title: 'Monthly Master', description: 'Keep a 30-day study streak.', progress: 7, target: 30 },
];

export function isUnlocked(achievement: Pick<SampleAchievement, 'progress' | 'target'>): boolean {
  return achievement.progress >= achievement.target;
}

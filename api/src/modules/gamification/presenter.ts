// Gamification results -> JSON. Views of other users carry public fields only (never an
// e-mail); a user who never chose a name has it null (the screens word the stand-in).
import type {
  Achievement,
  Leaderboard as LeaderboardJson,
  Profile as ProfileJson,
  PublicProfile as PublicProfileJson,
} from '@flashcard/api-contract/schemas';
import { levelProgress } from '../../lib/experience';
import type { AchievementStatus } from './achievements';
import type { Leaderboard, Profile, PublicProfile } from './service';

export function presentProfile(profile: Profile): ProfileJson {
  const { level, current, next } = levelProgress(profile.experiencePoints);
  return {
    id: profile.user.id,
    display_name: profile.user.display_name,
    experience_points: profile.experiencePoints,
    level,
    level_progress: { current, next },
    achievements_unlocked: profile.achievementsUnlocked,
    tokens: profile.tokens,
    current_streak: profile.currentStreak,
    longest_streak: profile.longestStreak,
    cards: profile.cards,
    reviews: profile.reviews,
  };
}

export function presentPublicProfile(profile: PublicProfile): PublicProfileJson {
  return {
    id: profile.user.id,
    display_name: profile.user.display_name,
    experience_points: profile.experiencePoints,
    level: levelProgress(profile.experiencePoints).level,
    achievements_unlocked: profile.achievementsUnlocked,
  };
}

export function presentLeaderboard(board: Leaderboard): LeaderboardJson {
  return {
    leaderboard: board.entries.map((entry) => ({
      rank: entry.rank,
      id: entry.id,
      display_name: entry.display_name,
      experience_points: entry.experience_points,
      level: levelProgress(entry.experience_points).level,
    })),
    me: { rank: board.me.rank, experience_points: board.me.experiencePoints },
  };
}

export function presentAchievement(status: AchievementStatus): Achievement {
  const { definition } = status;
  return {
    key: definition.key,
    name: definition.name,
    description: definition.description,
    unlocked: status.unlockedAt !== null,
    unlocked_at: status.unlockedAt,
    progress: status.progress,
    target: status.target,
    xp_reward: definition.xp,
    token_reward: definition.tokens,
  };
}

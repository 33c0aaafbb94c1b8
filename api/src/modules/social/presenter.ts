// Social results -> JSON. Other learners appear by id and public name only (never an e-mail);
// the name is null when they chose none (the screens word the stand-in).
import type {
  FeedItem,
  FriendRequest,
  SocialConnection,
  SocialProfile,
  SocialSearchResult,
  SocialUser,
} from '@flashcard/api-contract/schemas';
import type { ConnectionRow, SocialUserRow } from './repository';
import { englishName } from '../../lib/learner-name';
import { type FeedEntry, type ProfileView, type RequestView, type SearchHit } from './service';

export const presentUser = (user: SocialUserRow): SocialUser => ({ id: user.id, display_name: user.display_name });

export const presentConnection = (row: ConnectionRow): SocialConnection => ({
  id: row.id,
  display_name: row.display_name,
  since: row.since,
});

export const presentRequest = (request: RequestView): FriendRequest => ({
  id: request.id,
  direction: request.direction,
  user: request.user && presentUser(request.user),
  email: request.email,
  created_at: request.created_at,
});

export const presentSearchHit = (hit: SearchHit): SocialSearchResult => ({
  ...presentUser(hit.user),
  is_friend: hit.isFriend,
  is_following: hit.isFollowing,
  request: hit.request,
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function presentFeedEntry(entry: FeedEntry): FeedItem {
  const user = presentUser(entry.row);
  const name = englishName(entry.row);
  if (entry.kind === 'session') {
    const { row } = entry;
    const cards = Number(row.cards_studied);
    const accuracy = Math.round(Number(row.accuracy));
    return {
      id: `session:${row.session_id}`,
      type: 'session',
      user,
      message: `${name} finished a study session: ${plural(cards, 'card')}, ${accuracy}% correct`,
      details: { cards, accuracy },
      created_at: entry.at,
    };
  }
  if (entry.streakDays !== null) {
    return {
      id: `achievement:${entry.row.achievement_id}`,
      type: 'streak',
      user,
      message: `${name} reached a ${entry.streakDays}-day study streak`,
      details: { days: entry.streakDays },
      created_at: entry.at,
    };
  }
  return {
    id: `achievement:${entry.row.achievement_id}`,
    type: 'achievement',
    user,
    message: `${name} unlocked the achievement "${entry.name}"`,
    details: { achievement: entry.name, achievement_key: entry.row.achievement_key },
    created_at: entry.at,
  };
}

export const presentProfile = (profile: ProfileView): SocialProfile => ({
  ...presentUser(profile.user),
  level: profile.level,
  experience_points: profile.experiencePoints,
  current_streak: profile.currentStreak,
  cards_count: profile.cards,
  achievements_count: profile.achievements,
  is_friend: profile.isFriend,
  is_following: profile.isFollowing,
});

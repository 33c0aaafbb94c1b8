// The one rule of who may see another learner (name, numbers, activity), used by every view
// that shows one: public profiles, the leaderboard, search, the feed, friends, followers,
// following and friend requests. A learner's setting (social_profiles.visibility; no row means
// everyone): everyone = any signed-in learner, friends = accepted friends only, nobody = no one
// else. A disabled account shows to no one else; deleted accounts have no row left to show.
// A learner always sees themselves. Admins get no exception here: they see accounts in
// /api/admin, not in learners' views.
import { sql, type RawBuilder, type SqlBool } from 'kysely';

export const VISIBILITIES = ['everyone', 'friends', 'nobody'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * A WHERE (or JOIN ... ON) condition for a query with the `users` table in scope under that
 * name: the row's learner is one `viewerId` may see. Plain SQL, the same on SQLite and
 * PostgreSQL; a setting other than everyone or friends (nobody, or anything unknown) hides.
 */
export function visibleTo(viewerId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(users.id = ${viewerId} or (users.disabled_at is null and (
    not exists (select 1 from social_profiles where social_profiles.user_id = users.id and social_profiles.visibility <> 'everyone')
    or exists (
      select 1 from social_profiles
      inner join friendships on friendships.user_id = ${viewerId} and friendships.friend_id = social_profiles.user_id
      where social_profiles.user_id = users.id and social_profiles.visibility = 'friends'
    )
  )))`;
}

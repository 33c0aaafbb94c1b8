// SQL of the social area. A learner's own rows (requests, friendships, follows, privacy) are read
// and written through queries scoped to their id; other learners are read by their public
// fields only (id, display name), never an e-mail, and only as far as modules/privacy's rule
// (visibleTo) lets the viewer see them.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runTransaction } from '../../db/transaction';
import { visibleTo } from '../privacy';

export interface SocialUserRow {
  id: number;
  display_name: string | null;
}

export interface ConnectionRow extends SocialUserRow {
  since: string;
}

export interface RequestRow {
  id: number;
  sender_id: number;
  receiver_id: number | null;
  created_at: string;
  hidden_at: string | null;
}

export interface RequestWithUserRow {
  id: number;
  created_at: string;
  /** The other learner; null for an outgoing request the sender may not name (see requestsOf). */
  other_id: number | null;
  other_name: string | null;
  /** The address an outgoing request by e-mail was sent to. */
  receiver_email: string | null;
}

export interface FeedSessionRow extends SocialUserRow {
  session_id: number;
  session_type: string;
  cards_studied: number;
  accuracy: number;
  ended_at: string;
}

export interface FeedAchievementRow extends SocialUserRow {
  achievement_id: number;
  achievement_key: string;
  unlocked_at: string;
}

const count = (row: { count: number | string | bigint } | undefined) => Number(row?.count ?? 0);

export class SocialRepository {
  constructor(private readonly db: Kysely<Database>) {}

  userById(id: number): Promise<SocialUserRow | undefined> {
    return this.db.selectFrom('users').select(['id', 'display_name']).where('id', '=', id).executeTakeFirst();
  }

  /** The learner, when the viewer may see them (themselves always). */
  visibleUser(viewerId: number, id: number): Promise<SocialUserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('id', '=', id)
      .where(visibleTo(viewerId))
      .executeTakeFirst();
  }

  async timeZoneOf(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('time_zone').where('id', '=', id).executeTakeFirst();
    return row?.time_zone ?? null;
  }

  /** An account that may sign in; the e-mail is only matched, never returned. */
  userByEmail(email: string): Promise<SocialUserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('email', '=', email)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
  }

  async visibility(userId: number): Promise<string> {
    const row = await this.db
      .selectFrom('social_profiles')
      .select('visibility')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.visibility ?? 'everyone';
  }

  async setVisibility(userId: number, visibility: string, at: string): Promise<void> {
    await this.db
      .insertInto('social_profiles')
      .values({ user_id: userId, visibility, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ visibility, updated_at: at }))
      .execute();
  }

  async isFriend(userId: number, otherId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('friendships')
      .select('id')
      .where('user_id', '=', userId)
      .where('friend_id', '=', otherId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async isFollowing(userId: number, otherId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('follows')
      .select('id')
      .where('follower_id', '=', userId)
      .where('followee_id', '=', otherId)
      .executeTakeFirst();
    return row !== undefined;
  }

  friends(userId: number): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', 'friendships.friend_id')
      .select(['users.id', 'users.display_name', 'friendships.created_at as since'])
      .where('friendships.user_id', '=', userId)
      .where(visibleTo(userId))
      .orderBy('friendships.id', 'desc')
      .execute();
  }

  friendIds(userId: number): Promise<number[]> {
    return this.db
      .selectFrom('friendships')
      .select('friend_id')
      .where('user_id', '=', userId)
      .execute()
      .then((rows) => rows.map((row) => row.friend_id));
  }

  following(userId: number): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.followee_id')
      .select(['users.id', 'users.display_name', 'follows.created_at as since'])
      .where('follows.follower_id', '=', userId)
      .where(visibleTo(userId))
      .orderBy('follows.id', 'desc')
      .execute();
  }

  followers(userId: number): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.follower_id')
      .select(['users.id', 'users.display_name', 'follows.created_at as since'])
      .where('follows.followee_id', '=', userId)
      .where(visibleTo(userId))
      .orderBy('follows.id', 'desc')
      .execute();
  }

  /** A request by id (not by e-mail) the sender sent the receiver, declined or not. */
  requestById(senderId: number, receiverId: number): Promise<RequestRow | undefined> {
    return this.db
      .selectFrom('friend_requests')
      .select(['id', 'sender_id', 'receiver_id', 'created_at', 'hidden_at'])
      .where('sender_id', '=', senderId)
      .where('receiver_id', '=', receiverId)
      .where('receiver_email', 'is', null)
      .executeTakeFirst();
  }

  /** Whether the receiver sees a request (of either kind) from the sender. */
  async hasIncoming(receiverId: number, senderId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('friend_requests')
      .select('id')
      .where('receiver_id', '=', receiverId)
      .where('sender_id', '=', senderId)
      .where('hidden_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whether a request by e-mail from the sender is not delivered to the receiver: one from the
   * sender reached them already (declined or not), or one from them waits for the sender.
   */
  async requestPendingBetween(senderId: number, receiverId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('friend_requests')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('sender_id', '=', senderId), eb('receiver_id', '=', receiverId)]),
          eb.and([eb('sender_id', '=', receiverId), eb('receiver_id', '=', senderId), eb('hidden_at', 'is', null)]),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The new request by id; undefined when one is pending already (the unique index decides). */
  createRequest(senderId: number, receiverId: number, at: string): Promise<RequestRow | undefined> {
    return this.db
      .insertInto('friend_requests')
      .values({ sender_id: senderId, receiver_id: receiverId, created_at: at })
      .onConflict((oc) => oc.columns(['sender_id', 'receiver_id']).where('receiver_email', 'is', null).doNothing())
      .returning(['id', 'sender_id', 'receiver_id', 'created_at', 'hidden_at'])
      .executeTakeFirst();
  }

  /**
   * The new request to an address, delivered to `receiverId` (null: to no one); undefined when
   * the sender has one pending to that address already.
   */
  createEmailRequest(
    senderId: number,
    email: string,
    receiverId: number | null,
    at: string,
  ): Promise<RequestRow | undefined> {
    return this.db
      .insertInto('friend_requests')
      .values({ sender_id: senderId, receiver_id: receiverId, receiver_email: email, created_at: at })
      .onConflict((oc) => oc.columns(['sender_id', 'receiver_email']).doNothing())
      .returning(['id', 'sender_id', 'receiver_id', 'created_at', 'hidden_at'])
      .executeTakeFirst();
  }

  /**
   * The statements a friend-request notification costs (the receiver's switch, one insert),
   * writing nothing: a request by e-mail that reaches no one takes as long as one that does.
   */
  async notificationWork(userId: number, at: string): Promise<void> {
    await this.db
      .selectFrom('user_settings')
      .select('friend_notifications')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await this.db
      .insertInto('notifications')
      .columns(['user_id', 'type', 'title', 'message', 'created_at'])
      .expression(
        this.db
          .selectFrom('users')
          .select([
            'id',
            sql<string>`''`.as('type'),
            sql<string>`''`.as('title'),
            sql<string>`''`.as('message'),
            sql<string>`${at}`.as('created_at'),
          ])
          .where('id', '=', userId)
          .where(sql<boolean>`1 = 0`),
      )
      .execute();
  }

  /**
   * The learner's pending requests, both ways, newest first. Incoming: the ones they see, from
   * accounts that may sign in (the sender chose to show themselves). Outgoing: all they sent,
   * declined ones too; the receiver named only for a request by id to a learner the sender may
   * see (one by e-mail shows its address, never who uses it).
   */
  async requestsOf(userId: number): Promise<{ incoming: RequestWithUserRow[]; outgoing: RequestWithUserRow[] }> {
    const incoming = this.db
      .selectFrom('friend_requests')
      .innerJoin('users', 'users.id', 'friend_requests.sender_id')
      .select([
        'friend_requests.id',
        'friend_requests.created_at',
        'users.id as other_id',
        'users.display_name as other_name',
        sql<null>`null`.as('receiver_email'),
      ])
      .where('friend_requests.receiver_id', '=', userId)
      .where('friend_requests.hidden_at', 'is', null)
      .where('users.disabled_at', 'is', null)
      .orderBy('friend_requests.id', 'desc')
      .execute();
    const outgoing = this.db
      .selectFrom('friend_requests')
      .leftJoin('users', (join) =>
        join
          .onRef('users.id', '=', 'friend_requests.receiver_id')
          .on('friend_requests.receiver_email', 'is', null)
          .on(visibleTo(userId)),
      )
      .select([
        'friend_requests.id',
        'friend_requests.created_at',
        'users.id as other_id',
        'users.display_name as other_name',
        'friend_requests.receiver_email',
      ])
      .where('friend_requests.sender_id', '=', userId)
      .orderBy('friend_requests.id', 'desc')
      .execute();
    return { incoming: await incoming, outgoing: await outgoing };
  }

  /** A request the learner sent or received; another pair's request reads as not found. */
  findRequest(userId: number, id: number): Promise<RequestRow | undefined> {
    return this.db
      .selectFrom('friend_requests')
      .select(['id', 'sender_id', 'receiver_id', 'created_at', 'hidden_at'])
      .where('id', '=', id)
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
      .executeTakeFirst();
  }

  /**
   * Deletes the request and makes the two friends, in one transaction; false when the request
   * was gone already (a concurrent accept or cancel won).
   */
  acceptRequest(request: RequestRow & { receiver_id: number }, at: string): Promise<boolean> {
    return runTransaction(this.db, async (trx) => {
      const deleted = await trx.deleteFrom('friend_requests').where('id', '=', request.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await trx
        .insertInto('friendships')
        .values([
          { user_id: request.sender_id, friend_id: request.receiver_id, created_at: at },
          { user_id: request.receiver_id, friend_id: request.sender_id, created_at: at },
        ])
        .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
        .execute();
      // Every other request that reached one of the two from the other is answered too.
      await trx
        .deleteFrom('friend_requests')
        .where((eb) =>
          eb.or([
            eb.and([eb('sender_id', '=', request.sender_id), eb('receiver_id', '=', request.receiver_id)]),
            eb.and([eb('sender_id', '=', request.receiver_id), eb('receiver_id', '=', request.sender_id)]),
          ]),
        )
        .execute();
      return true;
    });
  }

  /** Hides every request from the sender the receiver sees; false when there was none. */
  async declineFrom(receiverId: number, senderId: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('friend_requests')
      .set({ hidden_at: at })
      .where('receiver_id', '=', receiverId)
      .where('sender_id', '=', senderId)
      .where('hidden_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes a request its sender cancels; false when it was gone. */
  async cancelRequest(senderId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('friend_requests')
      .where('id', '=', id)
      .where('sender_id', '=', senderId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Ends the friendship both ways; false when they were not friends. */
  removeFriend(userId: number, friendId: number): Promise<boolean> {
    return runTransaction(this.db, async (trx) => {
      const mine = await trx
        .deleteFrom('friendships')
        .where('user_id', '=', userId)
        .where('friend_id', '=', friendId)
        .executeTakeFirst();
      await trx.deleteFrom('friendships').where('user_id', '=', friendId).where('friend_id', '=', userId).execute();
      return Number(mine.numDeletedRows) > 0;
    });
  }

  /** False when already following. */
  async follow(followerId: number, followeeId: number, at: string): Promise<boolean> {
    const row = await this.db
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: at })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async unfollow(followerId: number, followeeId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('follows')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Learners (not the searcher) whose display name contains the pattern (a LIKE pattern with
   * '!' as escape) and whom the searcher may see.
   */
  search(userId: number, pattern: string, limit: number): Promise<SocialUserRow[]> {
    return this.db
      .selectFrom('users')
      .select(['users.id', 'users.display_name'])
      .where('users.id', '<>', userId)
      .where(sql<boolean>`lower(users.display_name) like ${pattern} escape '!'`)
      .where(visibleTo(userId))
      .orderBy('users.display_name')
      .orderBy('users.id')
      .limit(limit)
      .execute();
  }

  /** Of these learners, the ones the user follows. */
  async followedAmong(userId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', userId)
      .where('followee_id', 'in', ids)
      .execute();
    return new Set(rows.map((row) => row.followee_id));
  }

  followingIds(userId: number): Promise<number[]> {
    return this.db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', userId)
      .execute()
      .then((rows) => rows.map((row) => row.followee_id));
  }

  /** The finished sessions of these learners that the viewer may see. */
  feedSessions(viewerId: number, userIds: number[], limit: number): Promise<FeedSessionRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('study_sessions')
      .innerJoin('users', 'users.id', 'study_sessions.user_id')
      .select([
        'users.id',
        'users.display_name',
        'study_sessions.id as session_id',
        'study_sessions.session_type',
        'study_sessions.cards_studied',
        'study_sessions.accuracy',
        'study_sessions.ended_at',
      ])
      .where('study_sessions.user_id', 'in', userIds)
      .where(visibleTo(viewerId))
      .where('study_sessions.ended_at', 'is not', null)
      .where('study_sessions.abandoned', '=', false)
      .orderBy('study_sessions.ended_at', 'desc')
      .limit(limit)
      .execute() as Promise<FeedSessionRow[]>;
  }

  /** The unlocked achievements of these learners that the viewer may see. */
  feedAchievements(viewerId: number, userIds: number[], limit: number): Promise<FeedAchievementRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('user_achievements')
      .innerJoin('users', 'users.id', 'user_achievements.user_id')
      .select([
        'users.id',
        'users.display_name',
        'user_achievements.id as achievement_id',
        'user_achievements.achievement_key',
        'user_achievements.unlocked_at',
      ])
      .where('user_achievements.user_id', 'in', userIds)
      .where(visibleTo(viewerId))
      .orderBy('user_achievements.unlocked_at', 'desc')
      .limit(limit)
      .execute();
  }

  async profileCounts(userId: number): Promise<{ experiencePoints: number; cards: number; achievements: number }> {
    const [xp, cards, achievements] = await Promise.all([
      this.db
        .selectFrom('experience_events')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      this.db
        .selectFrom('cards')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      this.db
        .selectFrom('user_achievements')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return { experiencePoints: Number(xp?.amount ?? 0), cards: count(cards), achievements: count(achievements) };
  }
}

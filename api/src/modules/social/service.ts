// The social rules: friend requests (never to oneself, never twice, never to a friend), friends,
// follows, the friends' feed, learner search and public profiles within each learner's privacy
// setting (everyone / friends / nobody: who finds them in search and sees their profile).
// Sending and accepting a request notify the other learner.
import type { NewNotification } from '../../db/schema';
import { levelFor } from '../../lib/experience';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { notificationKey } from '../../lib/notification-text';
import { parseId } from '../../lib/params';
import { toTimestamp } from '../../lib/time';
import type { ConnectionRow, FeedAchievementRow, FeedSessionRow, RequestRow, RequestWithUserRow, SocialRepository, SocialUserRow } from './repository';

export const VISIBILITIES = ['everyone', 'friends', 'nobody'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_LIMIT = 20;
export const FEED_LIMIT = 30;
/** Achievements that mark a streak: shown in the feed as streak milestones. */
const STREAK_ACHIEVEMENTS: Record<string, number> = { streak_3: 3, streak_7: 7 };

export const MESSAGES = {
  requestTargetRequired: 'Enter an e-mail address or choose a learner',
  noUserWithEmail: 'No learner uses that e-mail address',
  userNotFound: 'Learner not found',
  requestToSelf: 'You cannot send a friend request to yourself',
  alreadyFriends: 'You are already friends',
  alreadyRequested: 'You already sent this learner a friend request',
  theyRequested: 'This learner already sent you a friend request: accept it instead',
  requestNotFound: 'Friend request not found',
  requestNotYours: 'Only the learner who received a friend request can accept it',
  requestAccepted: 'Friend request accepted',
  requestDeclined: 'Friend request declined',
  requestCancelled: 'Friend request cancelled',
  friendNotFound: 'Friend not found',
  friendRemoved: 'Friend removed',
  followSelf: 'You cannot follow yourself',
  alreadyFollowing: 'You already follow this learner',
  followed: 'You now follow this learner',
  notFollowing: 'You do not follow this learner',
  unfollowed: 'You no longer follow this learner',
  searchTooShort: `Type at least ${SEARCH_MIN_LENGTH} characters to search`,
  visibilityInvalid: 'Visibility must be one of: everyone, friends, nobody',
  profileNotVisible: 'This profile does not exist or is private',
} as const;

export const publicName = (user: SocialUserRow): string => user.display_name ?? `Learner ${user.id}`;

export interface NotificationWriter {
  /** False when one with the same dedupe key exists already. */
  create(notification: NewNotification): Promise<boolean>;
}

export interface SocialServiceDeps {
  repository: SocialRepository;
  notifications: NotificationWriter;
  /** The learner's current streak in days, as the dashboard counts it. */
  currentStreak: (userId: number, timeZone: string) => Promise<number>;
  now: () => Date;
}

export interface RequestView {
  id: number;
  direction: 'incoming' | 'outgoing';
  user: SocialUserRow;
  created_at: string;
}

export interface SearchHit {
  user: SocialUserRow;
  isFriend: boolean;
  isFollowing: boolean;
  request: 'incoming' | 'outgoing' | null;
}

export type FeedEntry =
  | { kind: 'session'; row: FeedSessionRow; at: string }
  | { kind: 'achievement'; row: FeedAchievementRow; at: string; name: string; streakDays: number | null };

export interface ProfileView {
  user: SocialUserRow;
  level: number;
  experiencePoints: number;
  currentStreak: number;
  cards: number;
  achievements: number;
  isFriend: boolean;
  isFollowing: boolean;
}

export class SocialService {
  constructor(
    private readonly deps: SocialServiceDeps,
    private readonly achievementNames: ReadonlyMap<string, string> = new Map(),
  ) {}

  private now = () => toTimestamp(this.deps.now());

  friends(userId: number): Promise<ConnectionRow[]> {
    return this.deps.repository.friends(userId);
  }

  following(userId: number): Promise<ConnectionRow[]> {
    return this.deps.repository.following(userId);
  }

  followers(userId: number): Promise<ConnectionRow[]> {
    return this.deps.repository.followers(userId);
  }

  async sendRequest(userId: number, body: { email?: string; userId?: number }): Promise<RequestView> {
    const { repository } = this.deps;
    const email = body.email?.trim().toLowerCase() ?? '';
    let target: SocialUserRow | undefined;
    if (email !== '') {
      target = await repository.userByEmail(email);
      if (!target) throw notFound(MESSAGES.noUserWithEmail);
    } else if (body.userId !== undefined && body.userId !== null) {
      const id = parseId(body.userId);
      target = id === null ? undefined : await repository.userById(id);
      // A learner the sender may not find is not found.
      if (!target || (target.id !== userId && !(await this.canFind(userId, target.id)))) throw notFound(MESSAGES.userNotFound);
    } else {
      throw badRequest(MESSAGES.requestTargetRequired);
    }
    if (target.id === userId) throw badRequest(MESSAGES.requestToSelf);
    if (await repository.isFriend(userId, target.id)) throw conflict(MESSAGES.alreadyFriends);
    const pending = await repository.requestBetween(userId, target.id);
    if (pending) throw conflict(pending.sender_id === userId ? MESSAGES.alreadyRequested : MESSAGES.theyRequested);
    const request = await repository.createRequest(userId, target.id, this.now());
    if (!request) throw conflict(MESSAGES.alreadyRequested);
    const sender = await repository.userById(userId);
    await this.deps.notifications.create({
      user_id: target.id,
      ...notificationKey('friend_request', { user_id: userId, name: sender?.display_name ?? null }),
      title: 'New friend request',
      message: `${sender ? publicName(sender) : 'A learner'} sent you a friend request.`,
      dedupe_key: `friend_request:${request.id}`,
      created_at: request.created_at,
    });
    return { id: request.id, direction: 'outgoing', user: target, created_at: request.created_at };
  }

  async requests(userId: number): Promise<{ incoming: RequestView[]; outgoing: RequestView[] }> {
    const rows = await this.deps.repository.requestsOf(userId);
    const view = (row: RequestWithUserRow): RequestView => ({
      id: row.id,
      direction: row.receiver_id === userId ? 'incoming' : 'outgoing',
      user: { id: row.other_id, display_name: row.other_name },
      created_at: row.created_at,
    });
    const views = rows.map(view);
    return { incoming: views.filter((v) => v.direction === 'incoming'), outgoing: views.filter((v) => v.direction === 'outgoing') };
  }

  /** Accepts an incoming request: the two become friends and the sender is notified. */
  async acceptRequest(userId: number, rawId: string): Promise<ConnectionRow> {
    const request = await this.findRequest(userId, rawId);
    if (request.receiver_id !== userId) throw notFound(MESSAGES.requestNotFound);
    const at = this.now();
    if (!(await this.deps.repository.acceptRequest(request, at))) throw notFound(MESSAGES.requestNotFound);
    const [me, sender] = await Promise.all([this.deps.repository.userById(userId), this.deps.repository.userById(request.sender_id)]);
    await this.deps.notifications.create({
      user_id: request.sender_id,
      ...notificationKey('friend_accepted', { user_id: userId, name: me?.display_name ?? null }),
      title: 'Friend request accepted',
      message: `${me ? publicName(me) : 'A learner'} accepted your friend request.`,
      dedupe_key: `friend_accepted:${request.id}`,
      created_at: at,
    });
    return { id: request.sender_id, display_name: sender?.display_name ?? null, since: at };
  }

  /** Declines an incoming request or cancels an outgoing one. */
  async deleteRequest(userId: number, rawId: string): Promise<string> {
    const request = await this.findRequest(userId, rawId);
    if (!(await this.deps.repository.deleteRequest(userId, request.id))) throw notFound(MESSAGES.requestNotFound);
    return request.receiver_id === userId ? MESSAGES.requestDeclined : MESSAGES.requestCancelled;
  }

  async removeFriend(userId: number, rawId: string): Promise<void> {
    const friendId = parseId(rawId);
    if (friendId === null || !(await this.deps.repository.removeFriend(userId, friendId))) throw notFound(MESSAGES.friendNotFound);
  }

  async follow(userId: number, rawId: string): Promise<void> {
    const target = await this.visibleUser(userId, rawId, MESSAGES.userNotFound);
    if (target.id === userId) throw badRequest(MESSAGES.followSelf);
    if (!(await this.deps.repository.follow(userId, target.id, this.now()))) throw conflict(MESSAGES.alreadyFollowing);
  }

  async unfollow(userId: number, rawId: string): Promise<void> {
    const id = parseId(rawId);
    if (id === null || !(await this.deps.repository.unfollow(userId, id))) throw notFound(MESSAGES.notFollowing);
  }

  async search(userId: number, rawQuery: string | undefined): Promise<SearchHit[]> {
    const query = (rawQuery ?? '').trim().toLowerCase();
    if (query.length < SEARCH_MIN_LENGTH) throw badRequest(MESSAGES.searchTooShort);
    const pattern = `%${query.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const { repository } = this.deps;
    const users = await repository.search(userId, pattern, SEARCH_LIMIT);
    const ids = users.map((user) => user.id);
    const [friends, followed, requests] = await Promise.all([
      repository.friendIds(userId),
      repository.followedAmong(userId, ids),
      repository.requestsOf(userId),
    ]);
    const friendSet = new Set(friends);
    return users.map((user) => {
      const request = requests.find((row) => row.other_id === user.id);
      return {
        user,
        isFriend: friendSet.has(user.id),
        isFollowing: followed.has(user.id),
        request: request ? (request.receiver_id === userId ? 'incoming' : 'outgoing') : null,
      };
    });
  }

  /** Finished study sessions and achievements of the learner's friends and of followed public learners, newest first. */
  async feed(userId: number): Promise<FeedEntry[]> {
    const { repository } = this.deps;
    const [friends, following] = await Promise.all([repository.friendIds(userId), repository.following(userId)]);
    const friendSet = new Set(friends);
    const followedPublic = await repository.publicAmong(following.map((row) => row.id).filter((id) => !friendSet.has(id)));
    const ids = [...friends, ...followedPublic];
    const [sessions, achievements] = await Promise.all([repository.feedSessions(ids, FEED_LIMIT), repository.feedAchievements(ids, FEED_LIMIT)]);
    const entries: FeedEntry[] = [
      ...sessions.map((row): FeedEntry => ({ kind: 'session', row, at: row.ended_at })),
      ...achievements.map(
        (row): FeedEntry => ({
          kind: 'achievement',
          row,
          at: row.unlocked_at,
          name: this.achievementNames.get(row.achievement_key) ?? row.achievement_key,
          streakDays: STREAK_ACHIEVEMENTS[row.achievement_key] ?? null,
        }),
      ),
    ];
    return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, FEED_LIMIT);
  }

  async privacy(userId: number): Promise<Visibility> {
    return toVisibility(await this.deps.repository.visibility(userId));
  }

  async updatePrivacy(userId: number, raw: string | undefined): Promise<Visibility> {
    const visibility = VISIBILITIES.find((v) => v === raw);
    if (!visibility) throw badRequest(MESSAGES.visibilityInvalid);
    await this.deps.repository.setVisibility(userId, visibility, this.now());
    return visibility;
  }

  async profile(userId: number, rawId: string): Promise<ProfileView> {
    const user = await this.visibleUser(userId, rawId, MESSAGES.profileNotVisible);
    const { repository } = this.deps;
    const [counts, currentStreak, isFriend, isFollowing] = await Promise.all([
      repository.profileCounts(user.id),
      // Their streak counts their days, in their own zone, whoever looks.
      repository.timeZoneOf(user.id).then((zone) => this.deps.currentStreak(user.id, zone ?? 'UTC')),
      repository.isFriend(userId, user.id),
      repository.isFollowing(userId, user.id),
    ]);
    return {
      user,
      level: levelFor(counts.experiencePoints),
      experiencePoints: counts.experiencePoints,
      currentStreak,
      cards: counts.cards,
      achievements: counts.achievements,
      isFriend,
      isFollowing,
    };
  }

  private async findRequest(userId: number, rawId: string): Promise<RequestRow> {
    const id = parseId(rawId);
    const request = id === null ? undefined : await this.deps.repository.findRequest(userId, id);
    if (!request) throw notFound(MESSAGES.requestNotFound);
    return request;
  }

  /** Whether the viewer may find (and see the profile of) the other learner. */
  private async canFind(viewerId: number, otherId: number): Promise<boolean> {
    if (viewerId === otherId) return true;
    const visibility = toVisibility(await this.deps.repository.visibility(otherId));
    if (visibility === 'everyone') return true;
    if (visibility === 'nobody') return false;
    return this.deps.repository.isFriend(viewerId, otherId);
  }

  private async visibleUser(viewerId: number, rawId: string, message: string): Promise<SocialUserRow> {
    const id = parseId(rawId);
    const user = id === null ? undefined : await this.deps.repository.userById(id);
    if (!user || !(await this.canFind(viewerId, user.id))) throw notFound(message);
    return user;
  }
}

function toVisibility(value: string): Visibility {
  return VISIBILITIES.find((v) => v === value) ?? 'everyone';
}

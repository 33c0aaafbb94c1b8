// The social rules: friend requests (never to oneself, never twice, never to a friend), friends,
// follows, the friends' feed, learner search and public profiles within each learner's privacy
// setting (everyone / friends / nobody: modules/privacy's one rule, applied in the repository's
// queries). Sending and accepting a request notify the other learner.
//
// A request by e-mail is no oracle of who uses an address: whether a learner uses it, is a
// friend already or has a request pending, the sender gets the same 201 with the address and
// no name or id, and sees it pending until they cancel it or it is accepted (a decline only hides
// it from the receiver). The same queries run either way, so the answer takes as long.
import type { NewNotification } from '../../db/schema';
import type { InTransaction } from '../../db/transaction';
import { levelFor } from '../../lib/experience';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { notificationKey } from '../../lib/notification-text';
import { englishName } from '../../lib/learner-name';
import { parseId } from '../../lib/params';
import { toTimestamp } from '../../lib/time';
import { VISIBILITIES, type Visibility } from '../privacy';
import type {
  ConnectionRow,
  FeedAchievementRow,
  FeedSessionRow,
  RequestRow,
  RequestWithUserRow,
  SocialRepository,
  SocialUserRow,
} from './repository';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_LIMIT = 20;
export const FEED_LIMIT = 30;
/** Achievements that mark a streak: shown in the feed as streak milestones. */
const STREAK_ACHIEVEMENTS: Record<string, number> = { streak_3: 3, streak_7: 7 };

export const MESSAGES = {
  requestTargetRequired: 'Enter an e-mail address or choose a learner',
  userNotFound: 'Learner not found',
  requestToSelf: 'You cannot send a friend request to yourself',
  alreadyFriends: 'You are already friends',
  alreadyRequested: 'You already sent this learner a friend request',
  alreadyRequestedEmail: 'You already sent a friend request to this address',
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

export interface NotificationWriter {
  /** False when one with the same dedupe key exists already. */
  create(notification: NewNotification): Promise<boolean>;
}

export interface SocialRepos {
  repository: SocialRepository;
  notifications: NotificationWriter;
}

export interface SocialServiceDeps extends SocialRepos {
  /** A request and the notification it sends, written together: one commit either way. */
  inTransaction: InTransaction<SocialRepos>;
  /** The learner's current streak in days, as the dashboard counts it. */
  currentStreak: (userId: number, timeZone: string) => Promise<number>;
  now: () => Date;
}

export interface RequestView {
  id: number;
  direction: 'incoming' | 'outgoing';
  /** Null for an outgoing request whose receiver the sender may not name. */
  user: SocialUserRow | null;
  /** The address of an outgoing request by e-mail. */
  email: string | null;
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
    const email = body.email?.trim().toLowerCase() ?? '';
    if (email !== '') return this.sendByEmail(userId, email);
    if (body.userId === undefined || body.userId === null) throw badRequest(MESSAGES.requestTargetRequired);
    const { repository } = this.deps;
    const id = parseId(body.userId);
    // A learner the sender may not see is not found.
    const target = id === null ? undefined : await repository.visibleUser(userId, id);
    if (!target) throw notFound(MESSAGES.userNotFound);
    if (target.id === userId) throw badRequest(MESSAGES.requestToSelf);
    if (await repository.isFriend(userId, target.id)) throw conflict(MESSAGES.alreadyFriends);
    // Only what the sender sees: their own request by id, or one they received (not one they
    // sent by e-mail, which would tie that address to this learner).
    if (await repository.hasIncoming(userId, target.id)) throw conflict(MESSAGES.theyRequested);
    const sender = await repository.userById(userId);
    const at = this.now();
    const request = await this.deps.inTransaction(async (repos) => {
      const created = await repos.repository.createRequest(userId, target.id, at);
      if (created) await this.notifyRequest(repos.notifications, sender, target.id, created);
      return created;
    });
    if (!request) throw conflict(MESSAGES.alreadyRequested);
    return { id: request.id, direction: 'outgoing', user: target, email: null, created_at: request.created_at };
  }

  /**
   * The same answer, statements and commits whoever uses the address (a notification is one more
   * insert in the same transaction, not one more commit); only a deliverable request reaches anyone.
   */
  private async sendByEmail(userId: number, email: string): Promise<RequestView> {
    const { repository } = this.deps;
    const [sender, target] = await Promise.all([repository.userById(userId), repository.userByEmail(email)]);
    // Their own address: nothing about anyone else to hide.
    if (target?.id === userId) throw badRequest(MESSAGES.requestToSelf);
    const targetId = target?.id ?? 0;
    const [friends, pending] = await Promise.all([
      repository.isFriend(userId, targetId),
      repository.requestPendingBetween(userId, targetId),
    ]);
    const receiverId = target && !friends && !pending ? target.id : null;
    const at = this.now();
    const request = await this.deps.inTransaction(async (repos) => {
      const created = await repos.repository.createEmailRequest(userId, email, receiverId, at);
      if (created && receiverId !== null) await this.notifyRequest(repos.notifications, sender, receiverId, created);
      else await repos.repository.notificationWork(userId, at);
      return created;
    });
    if (!request) throw conflict(MESSAGES.alreadyRequestedEmail);
    return { id: request.id, direction: 'outgoing', user: null, email, created_at: request.created_at };
  }

  private async notifyRequest(
    notifications: NotificationWriter,
    sender: SocialUserRow | undefined,
    receiverId: number,
    request: RequestRow,
  ): Promise<void> {
    await notifications.create({
      user_id: receiverId,
      ...notificationKey('friend_request', { user_id: request.sender_id, name: sender?.display_name ?? null }),
      title: 'New friend request',
      message: `${sender ? englishName(sender) : 'A learner'} sent you a friend request.`,
      dedupe_key: `friend_request:${request.id}`,
      created_at: request.created_at,
    });
  }

  async requests(userId: number): Promise<{ incoming: RequestView[]; outgoing: RequestView[] }> {
    const rows = await this.deps.repository.requestsOf(userId);
    const view =
      (direction: RequestView['direction']) =>
      (row: RequestWithUserRow): RequestView => ({
        id: row.id,
        direction,
        user: row.other_id === null ? null : { id: row.other_id, display_name: row.other_name },
        email: row.receiver_email,
        created_at: row.created_at,
      });
    // One line per sender: a request by id and one by e-mail from the same learner are one ask
    // (accepting or declining either answers both).
    const senders = new Set<number | null>();
    const incoming = rows.incoming.filter((row) => !senders.has(row.other_id) && senders.add(row.other_id));
    return { incoming: incoming.map(view('incoming')), outgoing: rows.outgoing.map(view('outgoing')) };
  }

  /** Accepts an incoming request: the two become friends and the sender is notified. */
  async acceptRequest(userId: number, rawId: string): Promise<ConnectionRow> {
    const request = await this.findRequest(userId, rawId);
    if (request.receiver_id !== userId || request.hidden_at !== null) throw notFound(MESSAGES.requestNotFound);
    const at = this.now();
    if (!(await this.deps.repository.acceptRequest({ ...request, receiver_id: userId }, at)))
      throw notFound(MESSAGES.requestNotFound);
    const [me, sender] = await Promise.all([
      this.deps.repository.userById(userId),
      this.deps.repository.userById(request.sender_id),
    ]);
    await this.deps.notifications.create({
      user_id: request.sender_id,
      ...notificationKey('friend_accepted', { user_id: userId, name: me?.display_name ?? null }),
      title: 'Friend request accepted',
      message: `${me ? englishName(me) : 'A learner'} accepted your friend request.`,
      dedupe_key: `friend_accepted:${request.id}`,
      created_at: at,
    });
    return { id: request.sender_id, display_name: sender?.display_name ?? null, since: at };
  }

  /**
   * Cancels an outgoing request, or declines an incoming one: hidden from the receiver (with
   * any other from the same sender), still pending for its sender, who learns nothing.
   */
  async deleteRequest(userId: number, rawId: string): Promise<string> {
    const { repository } = this.deps;
    const request = await this.findRequest(userId, rawId);
    if (request.sender_id === userId) {
      if (!(await repository.cancelRequest(userId, request.id))) throw notFound(MESSAGES.requestNotFound);
      return MESSAGES.requestCancelled;
    }
    if (request.hidden_at !== null || !(await repository.declineFrom(userId, request.sender_id, this.now()))) {
      throw notFound(MESSAGES.requestNotFound);
    }
    return MESSAGES.requestDeclined;
  }

  async removeFriend(userId: number, rawId: string): Promise<void> {
    const friendId = parseId(rawId);
    if (friendId === null || !(await this.deps.repository.removeFriend(userId, friendId)))
      throw notFound(MESSAGES.friendNotFound);
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
      this.requests(userId),
    ]);
    const friendSet = new Set(friends);
    // Outgoing requests by e-mail name no one, so they never mark a result.
    const direction = (id: number) =>
      requests.incoming.some((r) => r.user?.id === id)
        ? 'incoming'
        : requests.outgoing.some((r) => r.user?.id === id)
          ? 'outgoing'
          : null;
    return users.map((user) => ({
      user,
      isFriend: friendSet.has(user.id),
      isFollowing: followed.has(user.id),
      request: direction(user.id),
    }));
  }

  /** Finished study sessions and achievements of the learner's friends and followed learners they may see, newest first. */
  async feed(userId: number): Promise<FeedEntry[]> {
    const { repository } = this.deps;
    const [friends, following] = await Promise.all([repository.friendIds(userId), repository.followingIds(userId)]);
    const ids = [...new Set([...friends, ...following])];
    const [sessions, achievements] = await Promise.all([
      repository.feedSessions(userId, ids, FEED_LIMIT),
      repository.feedAchievements(userId, ids, FEED_LIMIT),
    ]);
    const entries: FeedEntry[] = [
      ...sessions.map((row): FeedEntry => ({ kind: 'session', row, at: row.ended_at })),
      ...achievements.map((row): FeedEntry => ({
        kind: 'achievement',
        row,
        at: row.unlocked_at,
        name: this.achievementNames.get(row.achievement_key) ?? row.achievement_key,
        streakDays: STREAK_ACHIEVEMENTS[row.achievement_key] ?? null,
      })),
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

  private async visibleUser(viewerId: number, rawId: string, message: string): Promise<SocialUserRow> {
    const id = parseId(rawId);
    const user = id === null ? undefined : await this.deps.repository.visibleUser(viewerId, id);
    if (!user) throw notFound(message);
    return user;
  }
}

function toVisibility(value: string): Visibility {
  return VISIBILITIES.find((v) => v === value) ?? 'everyone';
}

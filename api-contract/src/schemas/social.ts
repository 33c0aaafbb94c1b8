// /api/social/*: friends, friend requests, follows, the friends' feed, learner search, the
// privacy setting and public profiles. Views of other learners carry public fields only (never
// an e-mail); the rules and their messages are in the API's social service.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { DisplayName, errorResponses, MessageResponse, Nullable, PathId, TimeZoneHeaders } from './common';

/**
 * Who sees the learner anywhere another learner shows (search, profiles, leaderboard, feed,
 * friend and follow lists): any signed-in learner, accepted friends only, or no one else.
 */
export const SocialVisibility = Type.Union([Type.Literal('everyone'), Type.Literal('friends'), Type.Literal('nobody')]);

/** Another learner, as any view shows them. */
export const SocialUser = Type.Object({ id: Type.Integer(), display_name: DisplayName });

/** A friend, a follower or a followed learner, and since when. */
export const SocialConnection = Type.Object({ id: Type.Integer(), display_name: DisplayName, since: Type.String() });

/**
 * A pending friend request. An outgoing one by e-mail names no one (`user` null, `email` the
 * address it was sent to) whether or not a learner uses the address, and stays pending for its
 * sender until they cancel it or it is accepted; `user` is also null for an outgoing request to a
 * learner the sender may no longer see.
 */
export const FriendRequest = Type.Object({
  id: Type.Integer(),
  direction: Type.Union([Type.Literal('incoming'), Type.Literal('outgoing')]),
  user: Nullable(SocialUser),
  email: Nullable(Type.String()),
  created_at: Type.String(),
});
export const FriendRequestList = Type.Object({
  incoming: Type.Array(FriendRequest),
  outgoing: Type.Array(FriendRequest),
});

/** By e-mail (typed exactly) or by the id of a learner found in search. */
export const FriendRequestBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 254 })),
  userId: Type.Optional(Type.Integer()),
});

export const SocialSearchResult = Type.Object({
  id: Type.Integer(),
  display_name: DisplayName,
  is_friend: Type.Boolean(),
  is_following: Type.Boolean(),
  /** A pending request between the two, if any. */
  request: Nullable(Type.Union([Type.Literal('incoming'), Type.Literal('outgoing')])),
});
export const SocialSearchQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) });

export const FeedItem = Type.Object({
  /** e.g. 'session:12' or 'achievement:4': unique in the feed. */
  id: Type.String(),
  type: Type.Union([Type.Literal('session'), Type.Literal('achievement'), Type.Literal('streak')]),
  user: SocialUser,
  /** The event in English, for clients that do not word it themselves. */
  message: Type.String(),
  /** The numbers and names the message is made of, for wording it in another language. */
  details: Type.Object({
    /** session: cards studied and percent correct. */
    cards: Type.Optional(Type.Integer()),
    accuracy: Type.Optional(Type.Integer()),
    /** streak: days in a row. */
    days: Type.Optional(Type.Integer()),
    /** achievement: its English name, and its catalogue key (the screens name it by the key). */
    achievement: Type.Optional(Type.String()),
    achievement_key: Type.Optional(Type.String()),
  }),
  created_at: Type.String(),
});
export const SocialFeed = Type.Object({ items: Type.Array(FeedItem) });

export const PrivacySetting = Type.Object({ visibility: SocialVisibility });
export const PrivacyBody = Type.Object({ visibility: Type.Optional(Type.String({ maxLength: 40 })) });

export const SocialProfile = Type.Object({
  id: Type.Integer(),
  display_name: DisplayName,
  level: Type.Integer(),
  experience_points: Type.Integer(),
  current_streak: Type.Integer(),
  cards_count: Type.Integer(),
  achievements_count: Type.Integer(),
  is_friend: Type.Boolean(),
  is_following: Type.Boolean(),
});

export const SocialIdParams = Type.Object({ id: PathId });
export const SocialUserParams = Type.Object({ userId: PathId });

export const socialEndpoints = {
  friends: endpoint('GET', '/social/friends', {
    response: { 200: Type.Array(SocialConnection), ...errorResponses(401) },
  }),
  following: endpoint('GET', '/social/following', {
    response: { 200: Type.Array(SocialConnection), ...errorResponses(401) },
  }),
  followers: endpoint('GET', '/social/followers', {
    response: { 200: Type.Array(SocialConnection), ...errorResponses(401) },
  }),
  sendRequest: endpoint('POST', '/social/friend-request', {
    body: FriendRequestBody,
    response: { 201: FriendRequest, ...errorResponses(400, 401, 404, 409, 429) },
  }),
  requests: endpoint('GET', '/social/friend-requests', {
    response: { 200: FriendRequestList, ...errorResponses(401) },
  }),
  acceptRequest: endpoint('POST', '/social/friend-request/:id/accept', {
    params: SocialIdParams,
    response: { 200: SocialConnection, ...errorResponses(401, 404, 409) },
  }),
  deleteRequest: endpoint('DELETE', '/social/friend-request/:id', {
    params: SocialIdParams,
    response: { 200: MessageResponse, ...errorResponses(401, 404) },
  }),
  removeFriend: endpoint('DELETE', '/social/friend/:id', {
    params: SocialIdParams,
    response: { 200: MessageResponse, ...errorResponses(401, 404) },
  }),
  feed: endpoint('GET', '/social/feed', { response: { 200: SocialFeed, ...errorResponses(401) } }),
  search: endpoint('GET', '/social/users/search', {
    querystring: SocialSearchQuery,
    response: { 200: Type.Array(SocialSearchResult), ...errorResponses(400, 401) },
  }),
  follow: endpoint('POST', '/social/follow/:userId', {
    params: SocialUserParams,
    response: { 200: MessageResponse, ...errorResponses(400, 401, 404, 409) },
  }),
  unfollow: endpoint('DELETE', '/social/follow/:userId', {
    params: SocialUserParams,
    response: { 200: MessageResponse, ...errorResponses(401, 404) },
  }),
  privacy: endpoint('GET', '/social/privacy', { response: { 200: PrivacySetting, ...errorResponses(401) } }),
  updatePrivacy: endpoint('PUT', '/social/privacy', {
    body: PrivacyBody,
    response: { 200: PrivacySetting, ...errorResponses(400, 401) },
  }),
  profile: endpoint('GET', '/social/profile/:userId', {
    params: SocialUserParams,
    headers: TimeZoneHeaders,
    response: { 200: SocialProfile, ...errorResponses(401, 404) },
  }),
};

export type SocialVisibility = Static<typeof SocialVisibility>;
export type SocialUser = Static<typeof SocialUser>;
export type SocialConnection = Static<typeof SocialConnection>;
export type FriendRequest = Static<typeof FriendRequest>;
export type FriendRequestList = Static<typeof FriendRequestList>;
export type FriendRequestInput = Static<typeof FriendRequestBody>;
export type SocialSearchResult = Static<typeof SocialSearchResult>;
export type FeedItem = Static<typeof FeedItem>;
export type SocialFeed = Static<typeof SocialFeed>;
export type SocialProfile = Static<typeof SocialProfile>;

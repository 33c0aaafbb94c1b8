// Typed calls of the social area (see schemas/social.ts).
import { socialEndpoints as ep, type FriendRequestInput, type SocialVisibility } from '../schemas/social';
import { callEndpoint } from './call';

const id = (value: number) => ({ params: { id: String(value) } });
const userId = (value: number) => ({ params: { userId: String(value) } });

export const socialApi = {
  friends: () => callEndpoint(ep.friends, {}),
  following: () => callEndpoint(ep.following, {}),
  followers: () => callEndpoint(ep.followers, {}),
  /** By exact e-mail or by the id of a learner found in search. */
  sendFriendRequest: (body: FriendRequestInput) => callEndpoint(ep.sendRequest, { body }),
  friendRequests: () => callEndpoint(ep.requests, {}),
  acceptFriendRequest: (requestId: number) => callEndpoint(ep.acceptRequest, id(requestId)),
  /** Declines an incoming request or cancels an outgoing one. */
  deleteFriendRequest: (requestId: number) => callEndpoint(ep.deleteRequest, id(requestId)),
  removeFriend: (friendId: number) => callEndpoint(ep.removeFriend, id(friendId)),
  feed: () => callEndpoint(ep.feed, {}),
  searchUsers: (q: string) => callEndpoint(ep.search, { querystring: { q } }),
  follow: (user: number) => callEndpoint(ep.follow, userId(user)),
  unfollow: (user: number) => callEndpoint(ep.unfollow, userId(user)),
  privacy: () => callEndpoint(ep.privacy, {}),
  updatePrivacy: (visibility: SocialVisibility) => callEndpoint(ep.updatePrivacy, { body: { visibility } }),
  profile: (user: number) => callEndpoint(ep.profile, userId(user)),
};

// /api/social/*: friends, requests, follows, the feed, search, privacy and public profiles.
// HTTP in, service call, presenter out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { socialEndpoints as ep } from '@flashcard/api-contract/schemas';
import type { RateLimits } from '../../config';
import { presentConnection, presentFeedEntry, presentProfile, presentRequest, presentSearchHit } from './presenter';
import { MESSAGES, type SocialService } from './service';

const socialRoutes: FastifyPluginAsyncTypebox<{
  service: SocialService;
  rateLimits: Pick<RateLimits, 'friendRequestsPerUser'>;
}> = async (app, { service, rateLimits }) => {
  app.addHook('onRequest', app.authenticate);
  // Per learner, after authentication: requests notify other learners and probe addresses.
  const friendRequestsPerUser = app.attemptLimit('friend-request', rateLimits.friendRequestsPerUser, (request) =>
    String(request.user.id),
  );

  app.get(ep.friends.path, { schema: ep.friends.schema }, async (request) =>
    (await service.friends(request.user.id)).map(presentConnection),
  );
  app.get(ep.following.path, { schema: ep.following.schema }, async (request) =>
    (await service.following(request.user.id)).map(presentConnection),
  );
  app.get(ep.followers.path, { schema: ep.followers.schema }, async (request) =>
    (await service.followers(request.user.id)).map(presentConnection),
  );

  app.post(
    ep.sendRequest.path,
    { schema: ep.sendRequest.schema, preHandler: friendRequestsPerUser },
    async (request, reply) =>
      reply.code(201).send(presentRequest(await service.sendRequest(request.user.id, request.body ?? {}))),
  );
  app.get(ep.requests.path, { schema: ep.requests.schema }, async (request) => {
    const { incoming, outgoing } = await service.requests(request.user.id);
    return { incoming: incoming.map(presentRequest), outgoing: outgoing.map(presentRequest) };
  });
  app.post(ep.acceptRequest.path, { schema: ep.acceptRequest.schema }, async (request) =>
    presentConnection(await service.acceptRequest(request.user.id, request.params.id)),
  );
  app.delete(ep.deleteRequest.path, { schema: ep.deleteRequest.schema }, async (request) => ({
    message: await service.deleteRequest(request.user.id, request.params.id),
  }));
  app.delete(ep.removeFriend.path, { schema: ep.removeFriend.schema }, async (request) => {
    await service.removeFriend(request.user.id, request.params.id);
    return { message: MESSAGES.friendRemoved };
  });

  app.get(ep.feed.path, { schema: ep.feed.schema }, async (request) => ({
    items: (await service.feed(request.user.id)).map(presentFeedEntry),
  }));
  app.get(ep.search.path, { schema: ep.search.schema }, async (request) =>
    (await service.search(request.user.id, request.query.q)).map(presentSearchHit),
  );

  app.post(ep.follow.path, { schema: ep.follow.schema }, async (request) => {
    await service.follow(request.user.id, request.params.userId);
    return { message: MESSAGES.followed };
  });
  app.delete(ep.unfollow.path, { schema: ep.unfollow.schema }, async (request) => {
    await service.unfollow(request.user.id, request.params.userId);
    return { message: MESSAGES.unfollowed };
  });

  app.get(ep.privacy.path, { schema: ep.privacy.schema }, async (request) => ({
    visibility: await service.privacy(request.user.id),
  }));
  app.put(ep.updatePrivacy.path, { schema: ep.updatePrivacy.schema }, async (request) => ({
    visibility: await service.updatePrivacy(request.user.id, request.body?.visibility),
  }));

  app.get(ep.profile.path, { schema: ep.profile.schema }, async (request) =>
    presentProfile(await service.profile(request.user.id, request.params.userId)),
  );
};

export default socialRoutes;

// /api/gamification/*: levels, the leaderboard, achievements and the daily-goal XP.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { gamificationEndpoints as ep } from '@flashcard/api-contract/schemas';
import { presentAchievement, presentLeaderboard, presentProfile, presentPublicProfile } from './presenter';
import type { GamificationService } from './service';

const gamificationRoutes: FastifyPluginAsyncTypebox<{ service: GamificationService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(ep.profile.path, { schema: ep.profile.schema }, async (request) =>
    presentProfile(await service.profile(request.user.id, request.user.timeZone)),
  );

  app.get(ep.publicProfile.path, { schema: ep.publicProfile.schema }, async (request) =>
    presentPublicProfile(await service.publicProfile(request.user.id, request.params.id)),
  );

  app.get(ep.leaderboard.path, { schema: ep.leaderboard.schema }, async (request) =>
    presentLeaderboard(await service.leaderboard(request.user.id, request.query)),
  );

  app.get(ep.achievements.path, { schema: ep.achievements.schema }, async (request) => ({
    achievements: (await service.achievements(request.user.id, request.user.timeZone)).map(presentAchievement),
  }));

  app.post(ep.checkAchievements.path, { schema: ep.checkAchievements.schema }, async (request) => {
    const result = await service.checkAchievements(request.user.id, request.user.timeZone);
    return {
      unlocked: result.unlocked.map(presentAchievement),
      achievements: result.achievements.map(presentAchievement),
    };
  });

  app.post(ep.addExperience.path, { schema: ep.addExperience.schema }, async (request) => {
    const result = await service.addExperience(request.user.id, request.user.timeZone, request.body);
    return { experience_points: result.experiencePoints, granted: result.granted };
  });
};

export default gamificationRoutes;

// /api/gamification/*: levels, the leaderboard, achievements and the daily-goal XP.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { zoneOf } from './params';
import { presentAchievement, presentLeaderboard, presentProfile, presentPublicProfile } from './presenter';
import {
  achievementsSchema,
  addExperienceSchema,
  checkAchievementsSchema,
  leaderboardSchema,
  profileSchema,
  publicProfileSchema,
} from './schemas';
import type { GamificationService } from './service';

const gamificationRoutes: FastifyPluginAsyncTypebox<{ service: GamificationService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/gamification/profile', { schema: profileSchema }, async (request) =>
    presentProfile(await service.profile(request.user.id)),
  );

  app.get('/gamification/profile/:id', { schema: publicProfileSchema }, async (request) =>
    presentPublicProfile(await service.publicProfile(request.params.id)),
  );

  app.get('/gamification/leaderboard', { schema: leaderboardSchema }, async (request) =>
    presentLeaderboard(await service.leaderboard(request.user.id, request.query)),
  );

  app.get('/gamification/achievements', { schema: achievementsSchema }, async (request) => ({
    achievements: (await service.achievements(request.user.id, zoneOf(request.headers['x-time-zone']))).map(presentAchievement),
  }));

  app.post('/gamification/achievements/check', { schema: checkAchievementsSchema }, async (request) => {
    const result = await service.checkAchievements(request.user.id, zoneOf(request.headers['x-time-zone']));
    return { unlocked: result.unlocked.map(presentAchievement), achievements: result.achievements.map(presentAchievement) };
  });

  app.post('/gamification/experience/add', { schema: addExperienceSchema }, async (request) => {
    const result = await service.addExperience(request.user.id, zoneOf(request.headers['x-time-zone']), request.body);
    return { experience_points: result.experiencePoints, granted: result.granted };
  });
};

export default gamificationRoutes;

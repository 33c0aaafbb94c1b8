// /api/daily-bonus/*: today's bonus (once per local day; the reward grows with the streak) and
// claiming it.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, TimeZoneHeaders } from './common';

export const Reward = Type.Object({ tokens: Type.Integer(), xp: Type.Integer() });

export const DailyBonusInfo = Type.Object({
  available: Type.Boolean(),
  streak: Type.Integer(),
  /** What the next claim pays (now if available, else at next_claim_at). */
  reward: Reward,
  next_claim_at: Type.String(),
  last_claimed_at: Nullable(Type.String()),
  /** What the latest claim paid (null before the first): "received" on the day it was claimed. */
  last_reward: Nullable(Reward),
});

export const DailyBonusClaim = Type.Object({ streak: Type.Integer(), reward: Reward, next_claim_at: Type.String() });

export const dailyBonusEndpoints = {
  info: endpoint('GET', '/daily-bonus/info', {
    headers: TimeZoneHeaders,
    response: { 200: DailyBonusInfo, ...errorResponses(401) },
  }),
  /** 409 when today's bonus was already claimed. */
  claim: endpoint('POST', '/daily-bonus/claim', {
    headers: TimeZoneHeaders,
    response: { 200: DailyBonusClaim, ...errorResponses(401, 409) },
  }),
};

export type Reward = Static<typeof Reward>;
export type DailyBonusInfo = Static<typeof DailyBonusInfo>;
export type DailyBonusClaim = Static<typeof DailyBonusClaim>;

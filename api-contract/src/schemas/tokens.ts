// /api/tokens/*: the learner's token balance (the sum of a ledger), its history, and the ways
// to earn tokens.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, QueryValue, TextParams, TimeZoneHeaders } from './common';
import { Reward } from './daily-bonus';

export const TokenBalance = Type.Object({ balance: Type.Integer() });

export const TokenEntry = Type.Object({
  id: Type.Integer(),
  /** Positive: credit; negative: debit. */
  amount: Type.Integer(),
  reason: Type.String(),
  reference: Nullable(Type.String()),
  created_at: Type.String(),
});
export const TokenHistory = Type.Object({ entries: Type.Array(TokenEntry) });

export const TokenOpportunity = Type.Object({
  /**
   * The text's key; `params` its values (daily_bonus: claimable 1 or 0, streak_cap;
   * achievement:<key>: achievement, progress, target). Title and description in English.
   */
  key: Type.String(),
  params: TextParams,
  title: Type.String(),
  description: Type.String(),
  reward: Reward,
});
export const TokenOpportunities = Type.Object({ opportunities: Type.Array(TokenOpportunity) });

export const tokensEndpoints = {
  balance: endpoint('GET', '/tokens/balance', { response: { 200: TokenBalance, ...errorResponses(401) } }),
  /** Newest first. */
  history: endpoint('GET', '/tokens/history', {
    querystring: Type.Object({ limit: Type.Optional(QueryValue), offset: Type.Optional(QueryValue) }),
    response: { 200: TokenHistory, ...errorResponses(400, 401) },
  }),
  opportunities: endpoint('GET', '/tokens/opportunities', {
    headers: TimeZoneHeaders,
    response: { 200: TokenOpportunities, ...errorResponses(401) },
  }),
};

export type TokenEntry = Static<typeof TokenEntry>;
export type TokenOpportunity = Static<typeof TokenOpportunity>;

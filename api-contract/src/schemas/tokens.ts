// /api/tokens/*: the learner's token balance (the sum of a ledger), its history, the ways
// to earn tokens, and what they buy: streak freezes.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, PAGE_OFFSET, QueryInteger, TextParams, TimeZoneHeaders } from './common';
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

/** Entries of the history per call. */
export const TOKEN_HISTORY_LIMIT = { min: 1, max: 100, default: 20 } as const;
export const TokenHistoryQuery = Type.Object({
  limit: QueryInteger(
    TOKEN_HISTORY_LIMIT,
    `limit must be between ${TOKEN_HISTORY_LIMIT.min} and ${TOKEN_HISTORY_LIMIT.max}`,
  ),
  offset: QueryInteger(PAGE_OFFSET, 'offset must be 0 or a positive integer'),
});

/**
 * A streak freeze: bought for `price` tokens, at most `maxHeld` held at once; a held one keeps
 * the study streak over one missed local day (the day counts as kept, not as studied).
 */
export const STREAK_FREEZE = { price: 50, maxHeld: 2 } as const;
export const StreakFreezeStatus = Type.Object({
  /** Freezes bought and not used yet. */
  held: Type.Integer(),
  maxHeld: Type.Integer(),
  price: Type.Integer(),
  /** The token balance, after the purchase for a buy. */
  balance: Type.Integer(),
});

export const tokensEndpoints = {
  balance: endpoint('GET', '/tokens/balance', { response: { 200: TokenBalance, ...errorResponses(401) } }),
  /** Newest first. */
  history: endpoint('GET', '/tokens/history', {
    querystring: TokenHistoryQuery,
    response: { 200: TokenHistory, ...errorResponses(400, 401) },
  }),
  opportunities: endpoint('GET', '/tokens/opportunities', {
    headers: TimeZoneHeaders,
    response: { 200: TokenOpportunities, ...errorResponses(401) },
  }),
  streakFreezes: endpoint('GET', '/tokens/streak-freeze', {
    response: { 200: StreakFreezeStatus, ...errorResponses(401) },
  }),
  /** Buys one freeze: 400 when the balance is short of the price or the most are held. */
  buyStreakFreeze: endpoint('POST', '/tokens/streak-freeze', {
    response: { 201: StreakFreezeStatus, ...errorResponses(400, 401) },
  }),
};

export type TokenEntry = Static<typeof TokenEntry>;
export type TokenOpportunity = Static<typeof TokenOpportunity>;
export type TokenOpportunities = Static<typeof TokenOpportunities>;
export type TokenHistoryQuery = Static<typeof TokenHistoryQuery>;
export type StreakFreezeStatus = Static<typeof StreakFreezeStatus>;

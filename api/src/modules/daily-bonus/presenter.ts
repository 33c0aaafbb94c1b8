// Daily bonus state -> JSON.
import type { DailyBonusClaim, DailyBonusInfo } from '@flashcard/api-contract/schemas';
import type { Claimed, DailyBonusStatus } from './service';

export function presentInfo(status: DailyBonusStatus): DailyBonusInfo {
  return {
    available: status.available,
    streak: status.streak,
    reward: { ...status.reward },
    next_claim_at: status.nextClaimAt,
    last_claimed_at: status.lastClaimedAt,
    last_reward: status.lastReward && { ...status.lastReward },
  };
}

export function presentClaim(claimed: Claimed): DailyBonusClaim {
  return { streak: claimed.streak, reward: { ...claimed.reward }, next_claim_at: claimed.nextClaimAt };
}

// Daily bonus state -> JSON.
import type { Claimed, DailyBonusStatus } from './service';

export function presentInfo(status: DailyBonusStatus) {
  return {
    available: status.available,
    streak: status.streak,
    reward: { ...status.reward },
    next_claim_at: status.nextClaimAt,
    last_claimed_at: status.lastClaimedAt,
  };
}

export function presentClaim(claimed: Claimed) {
  return { streak: claimed.streak, reward: { ...claimed.reward }, next_claim_at: claimed.nextClaimAt };
}

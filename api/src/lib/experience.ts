// What earns experience points. XP is only ever granted by the server for work it saw done;
// every grant is a row in experience_events (the ledger), so XP = the sum of a user's rows.

export const XP_SOURCES = {
  review: 'review',
  sessionComplete: 'session_complete',
} as const;

/** A review earns XP whatever the rating: forgetting a card and trying again is work too. */
export function reviewXp(result: 0 | 1 | 2 | 3): number {
  return result === 0 ? 5 : 10;
}

/** Finishing a session that studied at least one card. */
export const SESSION_COMPLETE_XP = 20;

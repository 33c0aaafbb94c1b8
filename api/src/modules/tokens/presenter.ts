// Token ledger rows -> JSON.
import type { TokenEntry } from '@flashcard/api-contract/schemas';
import type { TokenLedgerRow } from '../../db/schema';

export function presentEntry(entry: TokenLedgerRow): TokenEntry {
  return {
    id: entry.id,
    amount: entry.amount,
    reason: entry.reason,
    reference: entry.reference,
    created_at: entry.created_at,
  };
}

// Request values every module parses the same way: ids in paths and bodies. (Query values are
// checked by their schemas, the contract's, @flashcard/api-contract.)
import { MAX_ID } from '@flashcard/api-contract/schemas';

/** A path or body id that can name a row, else null (the caller answers "not found"). */
export function parseId(value: string | number | undefined | null): number | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '');
  if (!/^[0-9]{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

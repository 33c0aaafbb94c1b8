// Request values every module parses the same way: ids in paths and bodies, whole-number query
// parameters. (Their schemas are the contract's, @flashcard/api-contract.)
import { badRequest } from './http-error';

// Ids are 32-bit integer columns; anything outside cannot name a row (and would overflow in SQL).
export const MAX_ID = 2_147_483_647;

/** A path or body id that can name a row, else null (the caller answers "not found"). */
export function parseId(value: string | number | undefined | null): number | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '');
  if (!/^[0-9]{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** Query text that must be a whole number in [min, max]; `fallback` when absent. */
export function intParam(
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
  message: string,
): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[0-9]{1,7}$/.test(value)) throw badRequest(message);
  const number = Number(value);
  if (number < min || number > max) throw badRequest(message);
  return number;
}

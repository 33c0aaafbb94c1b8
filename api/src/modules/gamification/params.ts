// Request pieces the engagement modules (gamification, daily-bonus, tokens, notifications)
// share: the learner's time zone and whole-number query parameters.
import { Type } from '@sinclair/typebox';
import { badRequest } from '../../lib/http-error';
import { canonicalTimeZone } from '../../lib/time';

export const TimeZoneHeaders = Type.Object({
  /** IANA time zone of the learner, e.g. Europe/Paris; defaults to UTC. */
  'x-time-zone': Type.Optional(Type.String()),
});

/** Query values arrive as text; the services check them and answer with a readable message. */
export const QueryValue = Type.String({ maxLength: 20 });

/** An unknown or missing time zone falls back to UTC rather than failing the screen. */
export const zoneOf = (header: string | undefined): string => canonicalTimeZone(header) ?? 'UTC';

/** Query text that must be a whole number in [min, max]; `fallback` when absent. */
export function intParam(value: string | undefined, fallback: number, min: number, max: number, message: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^[0-9]{1,7}$/.test(value)) throw badRequest(message);
  const number = Number(value);
  if (number < min || number > max) throw badRequest(message);
  return number;
}

// Password hashing: argon2id with OWASP's minimum settings (19 MiB, 2 passes). The default
// 64 MiB per hash, times a class signing in at once, costs more memory than it adds safety.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import type * as LanguageEn from '@zxcvbn-ts/language-en';
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** False for a wrong password and for a hash argon2 cannot read. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker settings than today's (re-hash on sign-in). */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification for an e-mail that has no account, so response
 * times do not tell an attacker which e-mails are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;

/**
 * Whether the password is one of the ~49,000 most common ones found in breaches (zxcvbn-ts's
 * list, bundled: no network call), ignoring case. Loaded on first use.
 */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily: the list is large
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    common = new Set(dictionary['passwords-common']!.map((entry) => entry.toLowerCase()));
  }
  return common.has(password.toLowerCase());
}

/** zxcvbn's "safely unguessable" (10^8+ guesses): moderate protection even if the argon2 hashes leak. */
export const MIN_PASSWORD_SCORE = 3;
/**
 * Only this many characters are scored: zxcvbn's matching grows fast with length (a 256-character
 * "a1a1..." took a second of this thread), and a password weak in its first 64 is weak enough.
 */
const SCORED_LENGTH = 64;

let strength: { meter: ZxcvbnFactory; fallbackAdvice: string } | undefined;

/**
 * zxcvbn with the common and English dictionaries, built on the first new password (~0.2 s and
 * ~25 MB of heap, measured): a process that only signs people in never pays for it.
 */
function strengthMeter(): NonNullable<typeof strength> {
  if (!strength) {
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded lazily: the dictionaries are large */
    const common = require('@zxcvbn-ts/language-common') as typeof LanguageCommon;
    const en = require('@zxcvbn-ts/language-en') as typeof LanguageEn;
    /* eslint-enable @typescript-eslint/no-require-imports */
    const meter = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: SCORED_LENGTH,
      // The l33t matcher tries this many substitution sets (default 100): 10 cut the worst
      // 64-character input from ~500 to ~80 ms here and still finds "p@ssw0rd".
      l33tMaxSubstitutions: 10,
    });
    strength = { meter, fallbackAdvice: en.translations.suggestions.anotherWord };
  }
  return strength;
}

/**
 * Why the password is too easy to guess (zxcvbn's warning and suggestions, in English), or null
 * when it scores MIN_PASSWORD_SCORE or more. `userInputs` (the e-mail, its name part) count as
 * known words.
 */
export function passwordWeakness(password: string, userInputs: string[] = []): string | null {
  const { meter, fallbackAdvice } = strengthMeter();
  const result = meter.check(password, userInputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  const advice = [warning, ...suggestions].filter((text): text is string => Boolean(text));
  return advice.length ? advice.join(' ') : fallbackAdvice;
}

// Password hashing: argon2id with OWASP's minimum settings (19 MiB, 2 passes). The default
// 64 MiB per hash, times a class signing in at once, costs more memory than it adds safety.
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

// Account recovery: "Forgot password?" e-mails a single-use link (30 minutes; only its sha256 is
// stored), and the link sets a new password under sign-up's rules and ends every session.
//
// The request's answer is decided before the address is even looked up: the lookup, the link and
// the e-mail happen after it, so the answer and its timing are the same whether or not an account
// uses the address (or is disabled, which gets no e-mail).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { RESET_LINK_TTL_MINUTES, type ResetDelivery, type ResetPasswordInput } from '@flashcard/api-contract/schemas';
import { badRequest, forbidden } from '../../lib/http-error';
import type { Mailer } from '../../lib/mail';
import { hashPassword } from '../../lib/passwords';
import { toTimestamp } from '../../lib/time';
import type { RecoveryRepository } from './recovery-repository';
import { resetEmail } from './reset-email';
import { MESSAGES, normalizeEmail, validateNewPassword } from './service';

export const RESET_LINK_TTL_MS = RESET_LINK_TTL_MINUTES * 60_000;
/** The page that takes a link's token (the shell's /reset-password). */
export const RESET_PAGE_PATH = '/reset-password';

// The sign-up form's shape check: a malformed address is refused (400) whoever asks.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 32 random bytes in base64url: anything else was never issued. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const RECOVERY_MESSAGES = {
  requested: 'If an account uses this address, an e-mail with a link to reset its password is on its way.',
  invalidLink: 'This password reset link is not valid. Please request a new one.',
  expiredLink: 'This password reset link has expired. Please request a new one.',
  usedLink: 'This password reset link has already been used. Please request a new one.',
  reset: 'Your password has been reset. Sign in with your new password.',
} as const;

export interface RecoveryServiceDeps {
  repository: RecoveryRepository;
  mailer: Mailer;
  /** PUBLIC_URL: the links' origin; unset, the request's (config.ts says when that is allowed). */
  publicUrl?: string;
  log: FastifyBaseLogger;
  /** Drop this instance's cached account status, so the ended sessions stop at once here. */
  forgetAccount?: (userId: number) => void;
  now: () => Date;
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class RecoveryService {
  /** Links being made and sent after their answers; `close` waits for them. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: RecoveryServiceDeps) {}

  get delivery(): ResetDelivery {
    return this.deps.mailer.delivery;
  }

  /**
   * Answers at once (the caller's 202); a link goes out afterwards only if an active account uses
   * the address. `requestOrigin` is the request's own origin, used when no PUBLIC_URL is set.
   */
  requestReset(rawEmail: string, requestOrigin: string): ResetDelivery {
    const email = normalizeEmail(rawEmail);
    if (!email) throw badRequest(MESSAGES.emailRequired);
    if (!EMAIL_FORMAT.test(email)) throw badRequest(MESSAGES.emailInvalid);
    const base = this.deps.publicUrl ?? requestOrigin;
    const work = this.sendLink(email, base)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'password reset e-mail failed'))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
    return this.delivery;
  }

  /**
   * Sets the new password the link allows and spends the link; every refresh token of the account
   * is revoked and its access tokens end (token_version), on every device. Answers the account's
   * e-mail (normalized), whose sign-in waits the caller then lifts.
   */
  async resetPassword({ token, password, confirmPassword }: ResetPasswordInput): Promise<{ email: string }> {
    const { repository } = this.deps;
    const now = toTimestamp(this.deps.now());
    const link = TOKEN_FORMAT.test(token) ? await repository.findResetToken(hashResetToken(token)) : undefined;
    if (!link) throw badRequest(RECOVERY_MESSAGES.invalidLink);
    if (link.used_at !== null) throw badRequest(RECOVERY_MESSAGES.usedLink);
    if (link.expires_at <= now) throw badRequest(RECOVERY_MESSAGES.expiredLink);
    const user = await repository.accounts.findUserById(link.user_id);
    if (!user) throw badRequest(RECOVERY_MESSAGES.invalidLink);
    if (user.disabled_at) throw forbidden(MESSAGES.accountDisabled);
    // Sign-up's rules and order; the link stays unspent, so the learner may try another password.
    validateNewPassword(password, user.email);
    if (confirmPassword !== password) throw badRequest(MESSAGES.passwordsDiffer);

    const hash = await hashPassword(password);
    const spent = await repository.transaction(async (trx) => {
      if (!(await trx.markResetTokenUsed(link.id, now))) return false;
      await trx.accounts.updatePasswordHash(user.id, hash, now);
      await trx.accounts.revokeAllForUser(user.id, now);
      await trx.accounts.bumpTokenVersion(user.id);
      return true;
    });
    // Two resets with one link at once: the other one spent it.
    if (!spent) throw badRequest(RECOVERY_MESSAGES.usedLink);
    this.deps.forgetAccount?.(user.id);
    return { email: normalizeEmail(user.email) };
  }

  /** Waits for the links still being sent, then closes the mail transport (the server is closing). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.deps.mailer.close();
  }

  private async sendLink(email: string, base: string): Promise<void> {
    const { repository } = this.deps;
    const user = await repository.accounts.findUserByEmail(email);
    if (!user || user.disabled_at) return;
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.now();
    await repository.replaceResetTokens({
      user_id: user.id,
      token_hash: hashResetToken(token),
      expires_at: toTimestamp(new Date(now.getTime() + RESET_LINK_TTL_MS)),
      used_at: null,
      created_at: toTimestamp(now),
    });
    const link = `${base}${RESET_PAGE_PATH}?token=${token}`;
    const language = await repository.language(user.id);
    await this.deps.mailer.send({ to: user.email, ...resetEmail(link, language) });
  }
}

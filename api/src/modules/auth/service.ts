// Sign-up, sign-in and the refresh-token lifecycle. Routes call these and present the result;
// every rule and user-facing message about accounts lives here.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ACCOUNT_DISABLED_ERROR, type RegisterInput, type Tokens } from '@flashcard/api-contract/schemas';
import type { RefreshTokenRow, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/http-error';
import {
  hashPassword,
  isCommonPassword,
  needsRehash,
  passwordWeakness,
  verifyAgainstDummy,
  verifyPassword,
} from '../../lib/passwords';
import { toTimestamp } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import type { AuthRepository } from './repository';

export const MIN_PASSWORD_LENGTH = 6;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A browser's tabs share one cookie: a refresh whose answer never arrived (the tab reloaded) or
 * that raced another tab's presents a token rotated a moment ago. Within this window, while its
 * successor is still unused, that is not theft: the successor is rotated instead.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

// The same simple shape check the sign-up form makes; deliverability is not our business.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest display name (the sign-up schema's limit too). */
export const DISPLAY_NAME_MAX = 100;

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  passwordsDiffer: 'Passwords do not match',
  emailTaken: 'An account with this email already exists',
  credentialsRequired: 'Email and password are required',
  invalidCredentials: 'Invalid email or password',
  invalidRefreshToken: 'Invalid or expired refresh token',
  userGone: 'User not found',
  wrongCurrentPassword: 'Current password is incorrect',
  accountDisabled: ACCOUNT_DISABLED_ERROR,
  displayName: `Display name must be 1 to ${DISPLAY_NAME_MAX} characters`,
  displayNameControl: 'Display name must not contain control characters',
  passwordCommon: 'This password is too common: it appears in lists of breached passwords. Please choose another.',
  passwordIsEmail: 'Your password must not be your email address',
  /** `advice`: zxcvbn's warning and suggestions, e.g. 'Repeated characters like "aaa" are easy to guess.' */
  passwordWeak: (advice: string) => `Choose a stronger password: ${advice}`,
} as const;

export interface SignedIn {
  user: UserRow;
  tokens: Required<Tokens>;
}

export interface AuthServiceDeps {
  repository: AuthRepository;
  signAccessToken: (user: Omit<AuthUser, 'timeZone'>) => string;
  /** Drop this instance's cached account status, so a revocation bites at once here. */
  forgetAccount?: (userId: number) => void;
  now: () => Date;
}

/** E-mails are compared and stored trimmed and lower-cased: "Ann@X.org " is ann@x.org. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Refresh tokens are looked up by hash; the token itself is only ever in the client's hands. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The spec's rules first (required, 6 characters), then ASVS: not a breached favourite, not the
 * e-mail, and not easy to guess by zxcvbn's estimate (which knows the e-mail's words too). Every
 * way of setting a password (sign-up, change, reset by e-mailed link) goes through this.
 */
export function validateNewPassword(password: string, email: string): void {
  if (!password) throw badRequest(MESSAGES.passwordRequired);
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(MESSAGES.passwordTooShort);
  if (password.trim().toLowerCase() === email) throw badRequest(MESSAGES.passwordIsEmail);
  if (isCommonPassword(password)) throw badRequest(MESSAGES.passwordCommon);
  const weakness = passwordWeakness(password, [email, email.split('@')[0]!]);
  if (weakness) throw badRequest(MESSAGES.passwordWeak(weakness));
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  private timestamp(offsetMs = 0): string {
    return toTimestamp(new Date(this.deps.now().getTime() + offsetMs));
  }

  async register(input: RegisterInput): Promise<SignedIn> {
    const email = normalizeEmail(input.email);
    if (!email) throw badRequest(MESSAGES.emailRequired);
    if (!EMAIL_FORMAT.test(email)) throw badRequest(MESSAGES.emailInvalid);
    validateNewPassword(input.password, email);
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
      throw badRequest(MESSAGES.passwordsDiffer);
    }
    // Hash first, whether or not the e-mail is taken: both answers then take the hashing time,
    // so timing does not tell which e-mails have accounts (the per-address limit bounds asking).
    const passwordHash = await hashPassword(input.password);
    if (await this.repository.findUserByEmail(email)) throw conflict(MESSAGES.emailTaken);

    const now = this.timestamp();
    let user: UserRow;
    try {
      user = await this.repository.insertUser({
        email,
        password_hash: passwordHash,
        display_name: input.display_name?.trim() || null,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two sign-ups with the same e-mail at once: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
      throw error;
    }
    return this.startSession(user);
  }

  async login(rawEmail: string, password: string): Promise<SignedIn> {
    const email = normalizeEmail(rawEmail);
    if (!email || !password) throw badRequest(MESSAGES.credentialsRequired);
    const user = await this.repository.findUserByEmail(email);
    if (!user) {
      // Same work and same answer as a wrong password: no way to probe which e-mails exist.
      await verifyAgainstDummy(password);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(user.password_hash, password))) throw unauthorized(MESSAGES.invalidCredentials);
    if (user.disabled_at) throw forbidden(MESSAGES.accountDisabled);
    if (needsRehash(user.password_hash)) {
      await this.repository.updatePasswordHash(user.id, await hashPassword(password), this.timestamp());
    }
    return this.startSession(user);
  }

  /**
   * Trades a refresh token for a new pair. Each token works once: a second use means it was
   * copied, so the whole family (every token from that sign-in) is revoked and both the thief
   * and the user must sign in again. A cookie's token rotated within REFRESH_REUSE_GRACE_MS
   * whose successor is unused stands for that successor (one browser, several tabs).
   */
  async refresh(refreshToken: string | undefined, { fromCookie = false } = {}): Promise<SignedIn> {
    if (!refreshToken) throw unauthorized(MESSAGES.invalidRefreshToken);
    const now = this.timestamp();
    const graceSince = fromCookie ? this.timestamp(-REFRESH_REUSE_GRACE_MS) : now;
    const next = newRefreshToken();
    // Decide inside one transaction, throw after it: a family revocation must be committed.
    const outcome = await this.repository.transaction(async (repository) => {
      const presented = await repository.findRefreshToken(hashRefreshToken(refreshToken));
      if (!presented) return null;
      let current = await liveToken(repository, presented, graceSince, now);
      if (!current || current.expires_at <= now) {
        // Disabling revoked the account's tokens: its owner's page is told why, not just "expired".
        const owner = await repository.findUserById(presented.user_id);
        return owner?.disabled_at ? ('disabled' as const) : null;
      }
      const user = await repository.findUserById(current.user_id);
      if (!user) return null;
      if (user.disabled_at) return 'disabled' as const;

      const nextId = await repository.insertRefreshToken({
        user_id: user.id,
        token_hash: next.hash,
        family_id: current.family_id,
        expires_at: this.timestamp(REFRESH_TOKEN_TTL_MS),
        created_at: now,
        revoked_at: null,
        replaced_by: null,
      });
      // Used concurrently a moment ago: decide again on what that use wrote (on PostgreSQL the
      // other transaction may have committed after this one read the row).
      while (!(await repository.markRotated(current.id, nextId, now))) {
        const reread = await repository.findRefreshTokenById(current.id);
        const successor = reread ? await liveToken(repository, reread, graceSince, now) : null;
        if (!successor) {
          await repository.revokeFamily(current.family_id, now);
          return null;
        }
        current = successor;
      }
      return user;
    });
    if (!outcome) throw unauthorized(MESSAGES.invalidRefreshToken);
    if (outcome === 'disabled') throw unauthorized(MESSAGES.accountDisabled);
    return { user: outcome, tokens: { accessToken: this.accessTokenFor(outcome), refreshToken: next.token } };
  }

  /** Ends the sign-in the refresh token belongs to. Unknown or missing tokens are fine: already signed out. */
  async logout(refreshToken: string | null | undefined): Promise<void> {
    if (!refreshToken) return;
    const userId = await this.repository.transaction(async (repository) => {
      const owner = await repository.revokeToken(hashRefreshToken(refreshToken), this.timestamp());
      // The access tokens of this user stop too (other devices refresh into new ones).
      if (owner !== undefined) await repository.bumpTokenVersion(owner);
      return owner;
    });
    if (userId !== undefined) this.deps.forgetAccount?.(userId);
  }

  async currentUser(userId: number): Promise<UserRow> {
    const user = await this.repository.findUserById(userId);
    // A valid token for a deleted account: treat like an invalid token.
    if (!user) throw unauthorized(MESSAGES.userGone);
    return user;
  }

  /** Renames the account: trimmed, 1-100 characters, no control characters. */
  async rename(userId: number, displayName: unknown): Promise<UserRow> {
    const name = typeof displayName === 'string' ? displayName.trim() : '';
    if (name.length < 1 || name.length > DISPLAY_NAME_MAX) throw badRequest(MESSAGES.displayName);
    // eslint-disable-next-line no-control-regex -- finding them is the point
    if (/[\u0000-\u001f\u007f]/.test(name)) throw badRequest(MESSAGES.displayNameControl);
    await this.repository.setDisplayName(userId, name);
    return this.currentUser(userId);
  }

  /**
   * On success every refresh and access token of the user is revoked: other devices sign in
   * again; the device that changed it goes on with the new session answered here.
   */
  async changePassword(userId: number, oldPassword: string, newPassword: string): Promise<SignedIn> {
    const user = await this.currentUser(userId);
    validateNewPassword(newPassword, user.email);
    if (!(await verifyPassword(user.password_hash, oldPassword))) throw badRequest(MESSAGES.wrongCurrentPassword);
    const now = this.timestamp();
    const hash = await hashPassword(newPassword);
    await this.repository.transaction(async (repository) => {
      await repository.updatePasswordHash(user.id, hash, now);
      await repository.revokeAllForUser(user.id, now);
      await repository.bumpTokenVersion(user.id);
    });
    this.deps.forgetAccount?.(user.id);
    // Signed with the bumped version, so it outlives the revocation it follows.
    return this.startSession(await this.currentUser(user.id));
  }

  private accessTokenFor(user: UserRow): string {
    return this.deps.signAccessToken({ id: user.id, role: user.role, tokenVersion: user.token_version });
  }

  /** A new sign-in: a fresh access token and the first refresh token of a new family. */
  private async startSession(user: UserRow): Promise<SignedIn> {
    const refresh = newRefreshToken();
    const now = this.timestamp();
    await this.repository.insertRefreshToken({
      user_id: user.id,
      token_hash: refresh.hash,
      family_id: randomUUID(),
      expires_at: this.timestamp(REFRESH_TOKEN_TTL_MS),
      created_at: now,
      revoked_at: null,
      replaced_by: null,
    });
    return { user, tokens: { accessToken: this.accessTokenFor(user), refreshToken: refresh.token } };
  }
}

/**
 * The token a presented one stands for: itself while live; within the grace window (rotated after
 * `graceSince`) the unused successor of a just-rotated one, following a few quick rotations. Any
 * other rotated token is reuse: its family is revoked.
 */
async function liveToken(
  repository: AuthRepository,
  token: RefreshTokenRow,
  graceSince: string,
  now: string,
): Promise<RefreshTokenRow | null> {
  let current = token;
  for (
    let hops = 0;
    hops < 5 && current.replaced_by !== null && current.revoked_at !== null && current.revoked_at > graceSince;
    hops++
  ) {
    const successor = await repository.findRefreshTokenById(current.replaced_by);
    if (!successor) break;
    current = successor;
  }
  if (current.revoked_at === null) return current;
  if (current.replaced_by !== null) await repository.revokeFamily(current.family_id, now);
  return null;
}

function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

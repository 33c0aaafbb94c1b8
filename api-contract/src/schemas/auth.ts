// /api/auth/*: sign-up, sign-in, token refresh, sign-out, the current user, password change,
// account recovery (a reset link by e-mail, then a new password).
// Responses are serialised through these schemas, so a field missing here never reaches the
// client (no password hash by accident). Request bounds are generous: they only stop absurd
// payloads; the rules with the messages the forms show are in the API's auth service.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, MessageResponse, Nullable, Role } from './common';

const Email = Type.String({ maxLength: 254 });
const Password = Type.String({ maxLength: 1024 });
const RefreshToken = Type.String({ maxLength: 256 });

/** The password rule of sign-up and password change (6 characters, its text exact): checked in the form before sending. */
export const PASSWORD_RULE = {
  minLength: 6,
  tooShort: 'Password must be at least 6 characters long',
  mismatch: 'Passwords do not match',
} as const;

/**
 * The server's refusal of a disabled account (sign-in 403; refresh and any call 401): the page
 * tells the learner why the session ended when it meets this text.
 */
export const ACCOUNT_DISABLED_ERROR = 'This account is disabled';

/** How long a "Forgot password?" link works. */
export const RESET_LINK_TTL_MINUTES = 30;

export const User = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  display_name: Nullable(Type.String()),
  role: Role,
  created_at: Type.String(),
});

/**
 * `refreshToken` only for clients that keep it themselves: a browser call (marked with
 * BROWSER_SESSION_HEADER) gets it in the HttpOnly cookie only, never in a body a page script could read.
 */
export const Tokens = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.Optional(Type.String()),
});

/**
 * What marks a call as the browser app's (the kernel sends it on every call): the refresh token then
 * travels only in the HttpOnly session cookie, and a refresh or sign-out by cookie without it is
 * refused (a cross-site form cannot send a custom header).
 */
export const BROWSER_SESSION_HEADER = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;

/** Other fields the sign-up form sends are ignored (no additionalProperties: false). */
export const RegisterBody = Type.Object({
  email: Email,
  password: Password,
  display_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  confirmPassword: Type.Optional(Password),
});

export const LoginBody = Type.Object({ email: Email, password: Password });
/** No body (or no token): the browser's HttpOnly cookie is read instead. */
export const RefreshBody = Type.Object({ refreshToken: Type.Optional(RefreshToken) });
/** Both optional: signing out works without a refresh token (and without a body at all). */
export const LogoutBody = Type.Object({ refreshToken: Type.Optional(Nullable(RefreshToken)) });
export const ChangePasswordBody = Type.Object({ oldPassword: Password, newPassword: Password });

/** "Forgot password?": the address to send a reset link to. */
export const ForgotPasswordBody = Type.Object({ email: Email });
/**
 * Where reset links go on this server: 'email' (SMTP_URL is set), or 'log' (none: the server's
 * log, for a developer). A property of the server, the same for every request, so it tells
 * nothing about the address asked for.
 */
export const ResetDelivery = Type.Union([Type.Literal('email'), Type.Literal('log')]);
/** The same answer whether or not an account uses the address (no account enumeration). */
export const ForgotPasswordResponse = Type.Object({ message: Type.String(), delivery: ResetDelivery });
export const ResetPasswordBody = Type.Object({
  token: Type.String({ maxLength: 256 }),
  password: Password,
  confirmPassword: Password,
});

export const AuthResponse = Type.Object({ user: User, tokens: Tokens, message: Type.String() });
export const RefreshResponse = Type.Object({ tokens: Tokens, user: User });
export const MeResponse = Type.Object({ success: Type.Literal(true), user: User });
export const SuccessMessageResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });
/** Every earlier session ends; `tokens` start a new one on the device that changed it. */
export const ChangePasswordResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  tokens: Tokens,
});

export const authEndpoints = {
  register: endpoint('POST', '/auth/register', {
    body: RegisterBody,
    response: { 201: AuthResponse, ...errorResponses(400, 409, 429) },
  }),
  login: endpoint('POST', '/auth/login', {
    body: LoginBody,
    // 403: a disabled account, told only after the right password.
    response: { 200: AuthResponse, ...errorResponses(400, 401, 403, 429) },
  }),
  /**
   * Rotates the refresh token (the body's, else the cookie's): the old one is spent. 403: a cookie
   * refresh without BROWSER_SESSION_HEADER, or from another site.
   */
  refresh: endpoint('POST', '/auth/refresh', {
    body: RefreshBody,
    response: { 200: RefreshResponse, ...errorResponses(400, 401, 403) },
  }),
  /** No authentication: signing out must work with an expired access token. Clears the session cookie. */
  logout: endpoint('POST', '/auth/logout', {
    body: LogoutBody,
    response: { 200: MessageResponse, ...errorResponses(400) },
  }),
  me: endpoint('GET', '/auth/me', { response: { 200: MeResponse, ...errorResponses(401) } }),
  changePassword: endpoint('POST', '/auth/change-password', {
    body: ChangePasswordBody,
    response: { 200: ChangePasswordResponse, ...errorResponses(400, 401, 429) },
  }),
  /** Always 202 with the same body, known address or not; a link is e-mailed only to an active account. */
  forgotPassword: endpoint('POST', '/auth/forgot-password', {
    body: ForgotPasswordBody,
    response: { 202: ForgotPasswordResponse, ...errorResponses(400, 429) },
  }),
  /**
   * Sets the password under sign-up's rules and ends every session of the account. 400: a bad
   * password, or a link unknown, malformed, expired or used; 403: the account was disabled since.
   */
  resetPassword: endpoint('POST', '/auth/reset-password', {
    body: ResetPasswordBody,
    response: { 200: MessageResponse, ...errorResponses(400, 403, 429) },
  }),
};

export type User = Static<typeof User>;
export type Tokens = Static<typeof Tokens>;
export type RegisterInput = Static<typeof RegisterBody>;
export type AuthResponse = Static<typeof AuthResponse>;
export type RefreshResponse = Static<typeof RefreshResponse>;
export type ResetDelivery = Static<typeof ResetDelivery>;
export type ForgotPasswordResponse = Static<typeof ForgotPasswordResponse>;
export type ResetPasswordInput = Static<typeof ResetPasswordBody>;

// /api/auth/*: sign-up, sign-in, token refresh, sign-out, the current user, password change.
// Responses are serialised through these schemas, so a field missing here never reaches the
// client (no password hash by accident). Request bounds are generous: they only stop absurd
// payloads; the rules with the messages the forms show are in the API's auth service.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, MessageResponse, Nullable, Role } from './common';

const Email = Type.String({ maxLength: 254 });
const Password = Type.String({ maxLength: 1024 });
const RefreshToken = Type.String({ maxLength: 256 });


/** The password rule of sign-up and password change (spec section 7): checked in the form before sending. */
export const PASSWORD_RULE = {
  minLength: 6,
  tooShort: 'Password must be at least 6 characters long',
  mismatch: 'Passwords do not match',
} as const;

export const User = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  display_name: Nullable(Type.String()),
  role: Role,
  created_at: Type.String(),
});

export const Tokens = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
});

/** Other fields the sign-up form sends are ignored (no additionalProperties: false). */
export const RegisterBody = Type.Object({
  email: Email,
  password: Password,
  display_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  confirmPassword: Type.Optional(Password),
});

export const LoginBody = Type.Object({ email: Email, password: Password });
export const RefreshBody = Type.Object({ refreshToken: RefreshToken });
/** Both optional: signing out works without a refresh token (and without a body at all). */
export const LogoutBody = Type.Object({ refreshToken: Type.Optional(Nullable(RefreshToken)) });
export const ChangePasswordBody = Type.Object({ oldPassword: Password, newPassword: Password });

export const AuthResponse = Type.Object({ user: User, tokens: Tokens, message: Type.String() });
export const RefreshResponse = Type.Object({ tokens: Tokens, user: User });
export const MeResponse = Type.Object({ success: Type.Literal(true), user: User });
export const SuccessMessageResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });
/** Every earlier session ends; `tokens` start a new one on the device that changed it. */
export const ChangePasswordResponse = Type.Object({ success: Type.Literal(true), message: Type.String(), tokens: Tokens });

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
  /** Rotates the refresh token: the old one is spent. */
  refresh: endpoint('POST', '/auth/refresh', {
    body: RefreshBody,
    response: { 200: RefreshResponse, ...errorResponses(400, 401) },
  }),
  /** No authentication: signing out must work with an expired access token. */
  logout: endpoint('POST', '/auth/logout', {
    body: LogoutBody,
    response: { 200: MessageResponse, ...errorResponses(400) },
  }),
  me: endpoint('GET', '/auth/me', { response: { 200: MeResponse, ...errorResponses(401) } }),
  changePassword: endpoint('POST', '/auth/change-password', {
    body: ChangePasswordBody,
    response: { 200: ChangePasswordResponse, ...errorResponses(400, 401, 429) },
  }),
};

export type User = Static<typeof User>;
export type Tokens = Static<typeof Tokens>;
export type RegisterInput = Static<typeof RegisterBody>;
export type AuthResponse = Static<typeof AuthResponse>;
export type RefreshResponse = Static<typeof RefreshResponse>;
export type MeResponse = Static<typeof MeResponse>;

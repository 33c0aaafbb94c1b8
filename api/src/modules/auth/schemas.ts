// Request and response shapes of /api/auth/*. Responses are serialised through these schemas,
// so a field missing here never reaches the client (no password hash by accident).
import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../../db/schema';
import { errorResponses } from '../../lib/schemas';

// Generous upper bounds: they only stop absurd payloads; the real rules are in service.ts
// with the messages the UI shows.
const Email = Type.String({ maxLength: 254 });
const Password = Type.String({ maxLength: 1024 });
const RefreshToken = Type.String({ maxLength: 256 });

export const User = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  display_name: Type.Union([Type.String(), Type.Null()]),
  role: Type.Union(ROLES.map((role) => Type.Literal(role))),
  created_at: Type.String(),
});
export type UserJson = Static<typeof User>;

export const Tokens = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
});

/** Other fields the sign-up form sends are ignored (no additionalProperties: false). */
export const RegisterBody = Type.Object({
  email: Email,
  password: Password,
  display_name: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  confirmPassword: Type.Optional(Password),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object({ email: Email, password: Password });
export const RefreshBody = Type.Object({ refreshToken: RefreshToken });
export const LogoutBody = Type.Object({ refreshToken: Type.Optional(Type.Union([RefreshToken, Type.Null()])) });
export const ChangePasswordBody = Type.Object({ oldPassword: Password, newPassword: Password });

export const AuthResponse = Type.Object({ user: User, tokens: Tokens, message: Type.String() });
export const RefreshResponse = Type.Object({ tokens: Tokens, user: User });
export const MeResponse = Type.Object({ success: Type.Literal(true), user: User });
export const MessageResponse = Type.Object({ message: Type.String() });
export const SuccessMessageResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });

export const registerSchema = {
  body: RegisterBody,
  response: { 201: AuthResponse, ...errorResponses(400, 409, 429) },
};
export const loginSchema = {
  body: LoginBody,
  response: { 200: AuthResponse, ...errorResponses(400, 401, 429) },
};
export const refreshSchema = {
  body: RefreshBody,
  response: { 200: RefreshResponse, ...errorResponses(400, 401) },
};
export const logoutSchema = {
  body: LogoutBody,
  response: { 200: MessageResponse, ...errorResponses(400) },
};
export const meSchema = {
  response: { 200: MeResponse, ...errorResponses(401) },
};
export const changePasswordSchema = {
  body: ChangePasswordBody,
  response: { 200: SuccessMessageResponse, ...errorResponses(400, 401, 429) },
};

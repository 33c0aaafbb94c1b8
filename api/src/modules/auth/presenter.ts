// Database rows -> the JSON the client sees. The only place that decides which user fields leave the server.
import type {
  AuthResponse,
  ForgotPasswordResponse,
  ResetDelivery,
  Tokens,
  User,
} from '@flashcard/api-contract/schemas';
import type { UserRow } from '../../db/schema';

/** A session as answered: the refresh token left out for a browser (it has the cookie). */
export interface Answered {
  user: UserRow;
  tokens: Tokens;
}

export function presentUser(user: UserRow): User {
  return {
    id: user.id,
    email: user.email,
    display_name: user.display_name,
    role: user.role,
    created_at: user.created_at,
  };
}

export function presentSignedIn(session: Answered, message: string): AuthResponse {
  return { user: presentUser(session.user), tokens: session.tokens, message };
}

/** "Forgot password?"'s one answer: nothing in it depends on the address asked for. */
export function presentResetRequested(delivery: ResetDelivery, message: string): ForgotPasswordResponse {
  return { message, delivery };
}

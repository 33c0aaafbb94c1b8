// Database rows -> the JSON the client sees. The only place that decides which user fields leave the server.
import type { UserRow } from '../../db/schema';
import type { UserJson } from './schemas';
import type { SignedIn } from './service';

export function presentUser(user: UserRow): UserJson {
  return {
    id: user.id,
    email: user.email,
    display_name: user.display_name,
    role: user.role,
    created_at: user.created_at,
  };
}

export function presentSignedIn(session: SignedIn, message: string) {
  return { user: presentUser(session.user), tokens: session.tokens, message };
}

// Changing a user's role. Used by the set-role command line tool (no HTTP endpoint yet: role
// changes are an operator's act).
import type { Kysely } from 'kysely';
import { ROLES, type Database, type Role, type UserRow } from '../../db/schema';
import { toTimestamp } from '../../lib/time';
import { AuthRepository } from './repository';
import { normalizeEmail } from './service';

export class RoleChangeError extends Error {}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * Sets the role of the account with this e-mail and returns the updated user. Access tokens
 * already issued keep their old role until they expire (at most 15 minutes).
 */
export async function setUserRole(
  db: Kysely<Database>,
  email: string,
  role: string,
  now = new Date(),
): Promise<UserRow> {
  if (!isRole(role)) throw new RoleChangeError(`Unknown role "${role}". Use one of: ${ROLES.join(', ')}.`);
  const user = await new AuthRepository(db).updateRoleByEmail(normalizeEmail(email), role, toTimestamp(now));
  if (!user) throw new RoleChangeError(`No account with the email "${email}".`);
  return user;
}

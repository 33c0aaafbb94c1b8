import type { Role } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';

const ADMIN_ROLES: readonly Role[] = ['admin', 'super_admin'];

/** Reads the role from THE shared store, so a role change in the shell applies here at once. */
export function useIsAdmin(): boolean {
  return useAuthStore((s) => !!s.user && ADMIN_ROLES.includes(s.user.role));
}

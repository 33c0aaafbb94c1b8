import { useAuthStore } from '@flashcard/shared-auth';

/** Only super admins may change the registry (the API answers 403 to anyone else). */
export function useIsSuperAdmin(): boolean {
  return useAuthStore((s) => s.user?.role === 'super_admin');
}

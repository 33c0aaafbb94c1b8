// Test data for the admin screens' tests (imported by tests only).
import type { AdminUser } from '@flashcard/api-contract';

export function makeUser(id: number, fields: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    email: `user${id}@example.com`,
    display_name: `User ${id}`,
    role: 'user',
    created_at: `2026-01-${String(10 + (id % 18)).padStart(2, '0')}T08:00:00.000Z`,
    disabled: false,
    ...fields,
  };
}

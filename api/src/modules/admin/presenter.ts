// Admin rows -> the contract's JSON.
import type { AdminEvent, AdminUser } from '@flashcard/api-contract/schemas';
import type { UserRow } from '../../db/schema';
import type { AdminEventRow } from './repository';

export const presentAdminUser = (user: UserRow): AdminUser => ({
  id: user.id,
  email: user.email,
  display_name: user.display_name,
  role: user.role,
  created_at: user.created_at,
  disabled: user.disabled_at !== null,
});

export const presentAdminEvent = (event: AdminEventRow): AdminEvent => ({
  id: event.id,
  action: event.action,
  actorId: event.actor_id,
  actorEmail: event.actor_email,
  targetId: event.target_id,
  targetEmail: event.target_email,
  detail: event.detail,
  at: event.created_at,
});

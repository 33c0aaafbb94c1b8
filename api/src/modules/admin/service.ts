// Admin rules: who may change roles (super_admin only, never their own), who may disable or
// enable whom (never oneself; a super_admin account only by a super_admin), and an audit row
// for every such act.
import type { AdminAuditQuery, AdminUserQuery } from '@flashcard/api-contract/schemas';
import type { Role, UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { parseId } from '../../lib/params';
import { toTimestamp } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import type { AdminRepository } from './repository';

export const RECENT_USERS = 10;

export const MESSAGES = {
  userNotFound: 'User not found',
  onlySuperAdminRoles: 'Only a super admin can change roles',
  ownRole: 'You cannot change your own role',
  ownAccount: 'You cannot disable or enable your own account',
  superAdminTarget: 'Only a super admin can disable or enable a super admin',
} as const;

export interface AdminServiceDeps {
  repository: AdminRepository;
  now: () => Date;
  /** Called after a user is disabled or enabled, so cached account states are dropped. */
  onAccountStatusChange?: (userId: number) => void;
}

export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  async overview() {
    const now = this.deps.now();
    const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [totals, recent] = await Promise.all([
      this.deps.repository.totals(toTimestamp(startOfDay)),
      this.deps.repository.searchUsers('', RECENT_USERS, 0),
    ]);
    return { totals, recentUsers: recent.users };
  }

  /** One page of the users matching `q` (the page's bounds are the contract's, checked by its schema). */
  async users({ q, limit, offset }: AdminUserQuery) {
    const { users, total } = await this.deps.repository.searchUsers(q ?? '', limit, offset);
    return { users, total, limit, offset };
  }

  async audit({ limit, offset }: AdminAuditQuery) {
    const { events, total } = await this.deps.repository.events(limit, offset);
    return { events, total, limit, offset };
  }

  async setRole(actor: AuthUser, rawId: string, role: Role): Promise<UserRow> {
    if (actor.role !== 'super_admin') throw forbidden(MESSAGES.onlySuperAdminRoles);
    const target = await this.target(rawId);
    if (target.id === actor.id) throw badRequest(MESSAGES.ownRole);
    if (target.role === role) return target;
    const updated = await this.deps.repository.updateRole(target.id, role, this.timestamp());
    if (!updated) throw notFound(MESSAGES.userNotFound);
    await this.record(actor, 'role_change', updated, `${target.role} -> ${role}`);
    return updated;
  }

  async setDisabled(actor: AuthUser, rawId: string, disabled: boolean): Promise<UserRow> {
    const target = await this.target(rawId);
    if (target.id === actor.id) throw badRequest(MESSAGES.ownAccount);
    if (target.role === 'super_admin' && actor.role !== 'super_admin') throw forbidden(MESSAGES.superAdminTarget);
    if ((target.disabled_at !== null) === disabled) return target;
    const now = this.timestamp();
    const updated = await this.deps.repository.setDisabled(target.id, disabled ? now : null, now);
    if (!updated) throw notFound(MESSAGES.userNotFound);
    this.deps.onAccountStatusChange?.(updated.id);
    await this.record(actor, disabled ? 'disable' : 'enable', updated, null);
    return updated;
  }

  private async target(rawId: string): Promise<UserRow> {
    const id = parseId(rawId);
    const user = id === null ? undefined : await this.deps.repository.findUser(id);
    if (!user) throw notFound(MESSAGES.userNotFound);
    return user;
  }

  private async record(
    actor: AuthUser,
    action: 'role_change' | 'disable' | 'enable',
    target: UserRow,
    detail: string | null,
  ) {
    const actorRow = await this.deps.repository.findUser(actor.id);
    await this.deps.repository.addEvent({
      action,
      actor_id: actor.id,
      actor_email: actorRow?.email ?? `user #${actor.id}`,
      target_id: target.id,
      target_email: target.email,
      detail,
      created_at: this.timestamp(),
    });
  }

  private timestamp(): string {
    return toTimestamp(this.deps.now());
  }
}

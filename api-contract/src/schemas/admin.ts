// The admin area (admin or super_admin): platform totals, the newest users, user search, role
// changes (super_admin only), disabling and enabling accounts, and the audit trail of those acts.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses, Nullable, PAGE_OFFSET, PathId, QueryInteger, Role } from './common';

export const AdminUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  display_name: Nullable(Type.String()),
  role: Role,
  created_at: Type.String(),
  disabled: Type.Boolean(),
});

export const AdminTotals = Type.Object({
  users: Type.Integer(),
  /** Users with a review or a study session today (UTC). */
  activeToday: Type.Integer(),
  cards: Type.Integer(),
  reviews: Type.Integer(),
  sessions: Type.Integer(),
});

export const AdminOverview = Type.Object({
  totals: AdminTotals,
  /** The 10 newest accounts, newest first. */
  recentUsers: Type.Array(AdminUser),
});

/** Users or events per page: the admin screens' page, and the API's when none is asked for. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_LIMIT = { min: 1, max: 100, default: ADMIN_PAGE_SIZE } as const;

/** One page of a list: `limit` rows from `offset`. */
const AdminPage = {
  limit: QueryInteger(
    ADMIN_PAGE_LIMIT,
    `Limit must be a whole number from ${ADMIN_PAGE_LIMIT.min} to ${ADMIN_PAGE_LIMIT.max}`,
  ),
  offset: QueryInteger(PAGE_OFFSET, 'Offset must be a whole number of 0 or more'),
};

export const AdminUserQuery = Type.Object({
  /** Part of an e-mail or display name (any case); absent: every user. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  ...AdminPage,
});

export const AdminUserPage = Type.Object({
  users: Type.Array(AdminUser),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});

export const AdminRoleBody = Type.Object({ role: Role });

export const AdminAction = Type.Union([Type.Literal('role_change'), Type.Literal('disable'), Type.Literal('enable')]);

export const AdminEvent = Type.Object({
  id: Type.Integer(),
  action: AdminAction,
  actorId: Nullable(Type.Integer()),
  actorEmail: Type.String(),
  targetId: Nullable(Type.Integer()),
  targetEmail: Type.String(),
  /** For a role change: 'user -> admin'. */
  detail: Nullable(Type.String()),
  at: Type.String(),
});

export const AdminAuditQuery = Type.Object(AdminPage);

export const AdminAuditPage = Type.Object({
  events: Type.Array(AdminEvent),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});

const UserParams = Type.Object({ id: PathId });

export const adminEndpoints = {
  /** Totals and the 10 newest users. */
  overview: endpoint('GET', '/admin/overview', { response: { 200: AdminOverview, ...errorResponses(401, 403) } }),
  /** Users matching `q` (e-mail or display name), newest first, one page. */
  users: endpoint('GET', '/admin/users', {
    querystring: AdminUserQuery,
    response: { 200: AdminUserPage, ...errorResponses(400, 401, 403) },
  }),
  /** Change a user's role (super_admin only; never one's own). */
  setRole: endpoint('PUT', '/admin/users/:id/role', {
    params: UserParams,
    body: AdminRoleBody,
    response: { 200: AdminUser, ...errorResponses(400, 401, 403, 404) },
  }),
  /** The account's access tokens stop working within a second; it cannot sign in. */
  disable: endpoint('POST', '/admin/users/:id/disable', {
    params: UserParams,
    response: { 200: AdminUser, ...errorResponses(400, 401, 403, 404) },
  }),
  enable: endpoint('POST', '/admin/users/:id/enable', {
    params: UserParams,
    response: { 200: AdminUser, ...errorResponses(400, 401, 403, 404) },
  }),
  /** Role changes, disables and enables, newest first. */
  audit: endpoint('GET', '/admin/audit', {
    querystring: AdminAuditQuery,
    response: { 200: AdminAuditPage, ...errorResponses(400, 401, 403) },
  }),
};

export type AdminUser = Static<typeof AdminUser>;
export type AdminTotals = Static<typeof AdminTotals>;
export type AdminOverview = Static<typeof AdminOverview>;
export type AdminAction = Static<typeof AdminAction>;
export type AdminEvent = Static<typeof AdminEvent>;
export type AdminAuditPage = Static<typeof AdminAuditPage>;
export type AdminUserQuery = Static<typeof AdminUserQuery>;
export type AdminAuditQuery = Static<typeof AdminAuditQuery>;

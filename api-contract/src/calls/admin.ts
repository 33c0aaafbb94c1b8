// Typed calls of the admin area (see schemas/admin.ts).
import { ADMIN_PAGE_SIZE, adminEndpoints as ep } from '../schemas/admin';
import type { Role } from '../schemas/common';
import { callEndpoint } from './call';

export const adminApi = {
  overview: () => callEndpoint(ep.overview, {}),
  users: (q: string, offset = 0, limit = ADMIN_PAGE_SIZE) =>
    callEndpoint(ep.users, { querystring: { ...(q ? { q } : {}), limit, offset } }),
  setRole: (id: number, role: Role) => callEndpoint(ep.setRole, { params: { id: String(id) }, body: { role } }),
  disable: (id: number) => callEndpoint(ep.disable, { params: { id: String(id) } }),
  enable: (id: number) => callEndpoint(ep.enable, { params: { id: String(id) } }),
  audit: (offset = 0, limit = ADMIN_PAGE_SIZE) => callEndpoint(ep.audit, { querystring: { limit, offset } }),
};

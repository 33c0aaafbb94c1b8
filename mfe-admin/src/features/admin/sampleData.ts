// Hard-coded sample content (spec: the admin overview is static for now).
import type { Role } from '@flashcard/api-contract';

export const ADMIN_STATS = [
  { label: 'Total Users', value: '1,248' },
  { label: 'Active Today', value: '312' },
  { label: 'Total Cards', value: '18,530' },
  { label: 'Study Sessions', value: '6,904' },
] as const;

export const QUICK_ACTIONS = ['Manage Users', 'View Reports', 'System Settings', 'Export Data'] as const;

export interface SampleUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  joined: string; // ISO date
}

export const RECENT_USERS: readonly SampleUser[] = [
  { id: 1, name: 'Maya Chen', email: 'maya.chen@example.com', role: 'user', joined: '2025-01-28' },
  { id: 2, name: 'Liam Okafor', email: 'liam.okafor@example.com', role: 'user', joined: '2025-01-27' },
  { id: 3, name: 'Sofia Rossi', email: 'sofia.rossi@example.com', role: 'admin', joined: '2025-01-25' },
  { id: 4, name: 'Noah Schmidt', email: 'noah.schmidt@example.com', role: 'user', joined: '2025-01-24' },
  { id: 5, name: 'Aisha Rahman', email: 'aisha.rahman@example.com', role: 'user', joined: '2025-01-22' },
  { id: 6, name: 'Lucas Martin', email: 'lucas.martin@example.com', role: 'user', joined: '2025-01-20' },
  { id: 7, name: 'Emma Johansson', email: 'emma.johansson@example.com', role: 'super_admin', joined: '2025-01-18' },
  { id: 8, name: 'Diego Alvarez', email: 'diego.alvarez@example.com', role: 'user', joined: '2025-01-15' },
  { id: 9, name: 'Hana Suzuki', email: 'hana.suzuki@example.com', role: 'user', joined: '2025-01-12' },
  { id: 10, name: 'Oliver Brown', email: 'oliver.brown@example.com', role: 'admin', joined: '2025-01-10' },
];

export const ROLE_LABELS: Record<Role, string> = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' };

// The one list of sidebar entries. Layout renders it, tests check it, and the role rule for
// Admin lives here only (the admin remote still shows 'Access Denied' to anyone else).
import type { Role } from '@flashcard/shared-auth';
import type { RemoteName } from '../federation/registry';

export interface NavEntry {
  label: string;
  to: string;
  /** The remote that renders this area: its code is preloaded when the entry is hovered or focused. */
  remote?: RemoteName;
  /** The remote module this route mounts (App.tsx's `exposed`), './App' when absent. */
  exposed?: string;
  /** Only these roles see the entry; absent means every signed-in user. */
  roles?: readonly Role[];
  /** A decorative glyph (hidden from screen readers). */
  icon: string;
}

export const NAVIGATION: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: '\u2302' },
  { label: 'Study', to: '/study', remote: 'mfe_study', icon: '\u270E' },
  { label: 'My Cards', to: '/cards', remote: 'mfe_cards', icon: '\u2750' },
  { label: 'Progress', to: '/progress', remote: 'mfe_progress', icon: '\u2197' },
  { label: 'Social', to: '/social', remote: 'mfe_social', exposed: './Social', icon: '\u263A' },
  { label: 'Achievements', to: '/achievements', remote: 'mfe_social', exposed: './Achievements', icon: '\u2605' },
  { label: 'Admin', to: '/admin', remote: 'mfe_admin', roles: ['admin', 'super_admin'], icon: '\u2699' },
];

/** The entries a user with this role may see (signed-out or unknown role: no restricted entries). */
export function visibleNavigation(role: Role | null | undefined): NavEntry[] {
  return NAVIGATION.filter((entry) => !entry.roles || (role != null && entry.roles.includes(role)));
}

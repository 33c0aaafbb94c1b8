// The sidebar entries: the shell's own (Dashboard) and those the registry's manifest names for
// each remote, in their declared order. The role rule lives here: an entry with roles shows
// only to those roles (the route itself is guarded by RemoteArea, and the API checks again).
import type { Manifest } from '@flashcard/api-contract';
import type { Role } from '@flashcard/shared-auth';

export interface NavEntry {
  label: string;
  to: string;
  /** The remote that renders this area: its code is preloaded when the entry is hovered or focused. */
  remote?: string;
  /** The remote module the route mounts, './App' when absent. */
  exposed?: string;
  /** Only these roles see the entry; absent means every signed-in user. */
  roles?: readonly Role[];
  /** A decorative glyph (hidden from screen readers). */
  icon: string;
  order: number;
}

export const SHELL_NAVIGATION: readonly NavEntry[] = [{ label: 'Dashboard', to: '/dashboard', icon: '\u2302', order: 0 }];

/** Shell entries and the manifest's, sorted by order (ties keep registry order). */
export function navigationFrom(manifest: Manifest | null): NavEntry[] {
  const remoteEntries = (manifest?.remotes ?? []).flatMap((remote) =>
    remote.navigation.map(
      (entry): NavEntry => ({
        label: entry.label,
        to: entry.path,
        remote: remote.name,
        exposed: entry.module,
        roles: entry.roles,
        icon: entry.icon ?? '\u25A1',
        order: entry.order,
      }),
    ),
  );
  return [...SHELL_NAVIGATION, ...remoteEntries].sort((a, b) => a.order - b.order);
}

/** The entries a user with this role may see (signed-out or unknown role: no restricted entries). */
export function visibleNavigation(entries: readonly NavEntry[], role: Role | null | undefined): NavEntry[] {
  return entries.filter((entry) => !entry.roles?.length || (role != null && entry.roles.includes(role)));
}

// The sidebar entries: the shell's own (Dashboard) and those the registry's manifest names for
// each remote, in their declared order. The role rule lives here: an entry with roles shows
// only to those roles (the route itself is guarded by RemoteArea, and the API checks again).
// Labels follow the page's language: a remote's entry shows its `labels[language]` when the
// manifest gives one, else its English `label`; the shell's own come from its namespace.
import type { Manifest, NavEntrySpec } from '@flashcard/api-contract';
import { currentLanguage, i18n, type Role } from '@flashcard/shared-auth';
import { SHELL_NAMESPACE } from '../i18n';

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

/** The shell's own entries, their labels as keys of the shell's namespace. */
const SHELL_NAVIGATION = [{ labelKey: 'nav.dashboard', to: '/dashboard', icon: '\u2302', order: 0 }] as const;

/** A manifest entry's label in this language, else its English one. */
export function navLabel(entry: Pick<NavEntrySpec, 'label' | 'labels'>, language: string): string {
  const translated = (entry.labels as Partial<Record<string, string>> | undefined)?.[language]?.trim();
  return translated || entry.label;
}

/** Shell entries and the manifest's, sorted by order (ties keep registry order), labelled in `language`. */
export function navigationFrom(manifest: Manifest | null, language: string = currentLanguage()): NavEntry[] {
  const t = i18n.getFixedT(language, SHELL_NAMESPACE);
  const shellEntries = SHELL_NAVIGATION.map(({ labelKey, ...entry }): NavEntry => ({ ...entry, label: t(labelKey) }));
  const remoteEntries = (manifest?.remotes ?? []).flatMap((remote) =>
    remote.navigation.map((entry): NavEntry => ({
      label: navLabel(entry, language),
      to: entry.path,
      remote: remote.name,
      exposed: entry.module,
      roles: entry.roles,
      icon: entry.icon ?? '\u25A1',
      order: entry.order,
    })),
  );
  return [...shellEntries, ...remoteEntries].sort((a, b) => a.order - b.order);
}

/** The role rule: no roles means every signed-in user. */
const mayOpen = (roles: readonly Role[] | undefined, role: Role | null | undefined) =>
  !roles?.length || (role != null && roles.includes(role));

/** The entries a user with this role may see (signed-out or unknown role: no restricted entries). */
export function visibleNavigation(entries: readonly NavEntry[], role: Role | null | undefined): NavEntry[] {
  return entries.filter((entry) => mayOpen(entry.roles, role));
}

/**
 * Where the manifest opens `remote`'s area for this role: its first navigation entry the role
 * sees, else its first route without parameters the role may open; null when the manifest does
 * not list the remote (the dashboard then shows no link to it).
 */
export function areaPath(manifest: Manifest | null, remote: string, role: Role | null | undefined): string | null {
  const area = manifest?.remotes.find((entry) => entry.name === remote);
  if (!area) return null;
  const entry = area.navigation.find((nav) => mayOpen(nav.roles, role));
  if (entry) return entry.path;
  const route = area.routes.find((spec) => mayOpen(spec.roles, role) && !spec.path.includes(':'));
  return route ? route.path.replace(/\/\*$/, '') : null;
}

/**
 * The path of the route the manifest serves `remote`'s `module` at for this role, its `:id`
 * filled in (the top bar's search opens a learner's profile this way, by registry key and exposed
 * module as the dashboard does); null when the manifest serves no such route.
 */
export function routePath(
  manifest: Manifest | null,
  remote: string,
  module: string,
  role: Role | null | undefined,
  id: number,
): string | null {
  const area = manifest?.remotes.find((entry) => entry.name === remote);
  const route = area?.routes.find((spec) => spec.module === module && mayOpen(spec.roles, role));
  return route ? route.path.replace(':id', String(id)) : null;
}

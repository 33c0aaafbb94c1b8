// The runtime registry of remotes. Nothing about where a remote lives is compiled into the
// shell: /remotes.json (name -> manifest URL) is fetched at start-up and registered here, so
// moving, upgrading or rolling back a remote is an edit of that file and a page reload.
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export type RemoteName = 'mfe_cards' | 'mfe_study' | 'mfe_progress' | 'mfe_admin' | 'mfe_social';
export type RemoteRegistry = Partial<Record<RemoteName, string>>;

let registry: Promise<RemoteRegistry> | null = null;

async function fetchRegistry(): Promise<RemoteRegistry> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  const entries = (await response.json()) as Record<string, string>;
  // Entries may be relative to the page ("/remotes/...") or point at another origin.
  const absolute = Object.fromEntries(
    Object.entries(entries).map(([name, entry]) => [name, new URL(entry, window.location.href).href]),
  );
  registerRemotes(Object.entries(absolute).map(([name, entry]) => ({ name, entry })));
  return absolute as RemoteRegistry;
}

/** Fetches and registers the registry once per page; a failed fetch is tried again next time. */
export function loadRegistry(): Promise<RemoteRegistry> {
  registry ??= fetchRegistry().catch((err) => {
    registry = null;
    throw err;
  });
  return registry;
}

/** Loads a remote's exposed module (default export), after the registry is known. */
export async function loadRemoteModule<T>(remote: RemoteName, exposed = './App'): Promise<T> {
  const entries = await loadRegistry();
  if (!entries[remote]) throw new Error(`${remote} is not in /remotes.json`);
  const mod = await loadRemote<{ default: T }>(`${remote}/${exposed.replace(/^\.\//, '')}`);
  if (!mod?.default) throw new Error(`${remote} did not provide ${exposed}`);
  return mod.default;
}

/**
 * Forget a failed remote so that Retry really fetches it again, from a freshly read registry
 * (the remote may have been moved or rolled back meanwhile).
 */
export async function resetRemote(remote: RemoteName): Promise<void> {
  registry = null;
  const entries = await loadRegistry();
  const entry = entries[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}

/** Warm a remote's code while the pointer rests on its navigation entry. */
export function preloadRemoteArea(remote: RemoteName, exposed = './App'): void {
  loadRegistry()
    .then((entries) => {
      if (entries[remote]) return preloadRemote([{ nameOrAlias: remote, exposes: [exposed] }]);
    })
    .catch(() => undefined); // preloading is a hint; the real load reports errors
}

// Developer overrides, in the spirit of single-spa's import-map-overrides: a developer points
// one remote at a dev server on their own machine, for their own browser only, on the real
// site. Kept in localStorage; honoured only when the site allows it (manifest.devOverrides)
// and only for localhost URLs, so nobody can be sent to another host's code this way.
import type { Manifest } from '@flashcard/api-contract';

/** `{ "mfe_cards": "http://localhost:3001/mf-manifest.json" }` (see docs/PLATFORM.md). */
export const OVERRIDES_KEY = 'flashcard-remote-overrides';
export const OVERRIDE_VERSION = 'local override';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLocalDevUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

export function readOverrides(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(OVERRIDES_KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/**
 * The cookie listing the overridden remotes (names only, no URL): the server reads it to leave
 * their release files out of the preload hints of the page's HTML (api/src/plugins/static.ts),
 * since the page will load the dev server's files instead.
 */
export const OVERRIDES_COOKIE = 'flashcard-remote-overrides';

/** Keeps the cookie in step with the remotes overridden on this page load (none: no cookie). */
export function writeOverridesCookie(overridden: string[]): void {
  const value = encodeURIComponent(overridden.join(','));
  const had = document.cookie.split(';').some((pair) => pair.trim().startsWith(`${OVERRIDES_COOKIE}=`));
  if (overridden.length) document.cookie = `${OVERRIDES_COOKIE}=${value}; path=/; SameSite=Lax`;
  else if (had) document.cookie = `${OVERRIDES_COOKIE}=; path=/; SameSite=Lax; max-age=0`;
}

export function clearOverrides(): void {
  window.localStorage.removeItem(OVERRIDES_KEY);
  writeOverridesCookie([]);
}

/** The manifest with each allowed override's entry swapped in, and the names overridden. */
export function applyOverrides(
  manifest: Manifest,
  overrides: Record<string, string>,
): { manifest: Manifest; overridden: string[] } {
  if (!manifest.devOverrides) return { manifest, overridden: [] };
  const overridden: string[] = [];
  const remotes = manifest.remotes.map((remote) => {
    const entry = overrides[remote.name];
    if (!entry || !isLocalDevUrl(entry)) return remote;
    overridden.push(remote.name);
    return { ...remote, entry, version: OVERRIDE_VERSION };
  });
  return { manifest: { ...manifest, remotes }, overridden };
}

// The registry's manifest, asked for by the entry chunk (index.ts) before the async boundary, so
// that it travels beside the shell's chunks instead of after them. No shared module is ready
// there: plain fetch, and the kernel's plain parts (@flashcard/shared-auth/boot: the API's base,
// the stored token; bundled here, not shared). platform.ts takes the answer once; on any failure
// (an expired token's 401 included) it asks again through the kernel's client, which refreshes
// tokens.
import { platformEndpoints } from '@flashcard/api-contract/schemas';
import type { Manifest } from '@flashcard/api-contract/schemas';
import { API_BASE_URL, getAccessToken } from '@flashcard/shared-auth/boot';

let early: Promise<Manifest> | null = null;

export function requestManifestEarly(): void {
  const token = getAccessToken();
  early = fetch(`${API_BASE_URL}${platformEndpoints.manifest.path}`, {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  }).then((response) => (response.ok ? (response.json() as Promise<Manifest>) : Promise.reject(new Error(`manifest: ${response.status}`))));
  // Taken later, or never (a test): a failure here is not an unhandled rejection.
  early.catch(() => undefined);
}

/** The early answer, once; null afterwards (or when none was asked for). */
export function takeEarlyManifest(): Promise<Manifest> | null {
  const taken = early;
  early = null;
  return taken;
}

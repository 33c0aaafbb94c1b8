// The session and the registry's manifest, asked for by the entry chunk (index.ts) before the
// async boundary, so that they travel beside the shell's chunks instead of after them. No shared
// module is ready there: plain fetch, and the kernel's plain parts (@flashcard/shared-auth/boot:
// the API's base and the first refresh through the HttpOnly cookie; bundled here, not shared).
// The manifest is asked for signed in (canary shares are per user), so it waits for that one
// refresh; a page with no session hinted asks for it at once. The shell hands the session to the
// kernel's store (ShellProviders) and platform.ts takes the manifest, each once; on any failure
// platform.ts asks again through the kernel's client. A session restored offline (the refresh got
// no answer) asks for nothing more: platform.ts takes the manifest this browser kept.
import { platformEndpoints } from '@flashcard/api-contract/schemas';
import type { Manifest } from '@flashcard/api-contract/schemas';
import { API_BASE_URL, restoreSession, type SessionRestore } from '@flashcard/shared-auth/boot';

type Restoring = Promise<SessionRestore>;

export interface EarlyManifest {
  /** Never asked (it rejects) when the session was restored offline. */
  manifest: Promise<Manifest>;
  /** Whom the page is for: the restored session's user, offline or not; null when signed out. */
  userId: Promise<number | null>;
  /** The session was restored offline: the registry cannot be reached either. */
  offline: Promise<boolean>;
}

let session: Restoring | null = null;
let early: EarlyManifest | null = null;

export function requestManifestEarly(): void {
  session = restoreSession();
  // A session that ended (its reason is the store's to keep) is no session for the registry.
  const restoring = session.then((signedIn) => (signedIn && 'ended' in signedIn ? null : signedIn));
  const offline = restoring.then((signedIn) => Boolean(signedIn && 'offline' in signedIn));
  const manifest = restoring.then((signedIn) => {
    if (signedIn && 'offline' in signedIn) return Promise.reject(new Error('manifest: offline'));
    return fetch(`${API_BASE_URL}${platformEndpoints.manifest.path}`, {
      headers: { Accept: 'application/json', ...(signedIn ? { Authorization: `Bearer ${signedIn.accessToken}` } : {}) },
    }).then((response) =>
      response.ok ? (response.json() as Promise<Manifest>) : Promise.reject(new Error(`manifest: ${response.status}`)),
    );
  });
  // Taken later, or never (a test): a failure here is not an unhandled rejection.
  manifest.catch(() => undefined);
  early = { manifest, userId: restoring.then((signedIn) => signedIn?.user.id ?? null), offline };
}

/** The early manifest and the user it was asked for, once; null afterwards (or when none was asked for). */
export function takeEarlyManifest(): EarlyManifest | null {
  const taken = early;
  early = null;
  return taken;
}

/** The entry chunk's session refresh, once (for the auth store's `initialize`); null afterwards. */
export function takeEarlySession(): Restoring | null {
  const taken = session;
  session = null;
  return taken;
}

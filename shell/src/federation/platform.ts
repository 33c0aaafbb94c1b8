// What this browser loads, from the platform registry: GET /api/platform/manifest lists each
// remote's entry URL, version, routes and navigation entries (the canary version for users in
// its share). Nothing about remotes is compiled into the shell: the route table and the sidebar
// are built from this manifest, and promoting or rolling back a remote takes effect on the next
// page load. The request starts with the entry chunk (early.ts), before the shell's other
// chunks, and nothing waits for it but the remote areas themselves. The last manifest a
// signed-in learner got is kept in this browser (offline/kept-manifest.ts): when the registry
// cannot be reached (no answer, or a session restored offline) the page takes it, so the areas
// exist offline; their release files come from the service worker's cache.
import axios from 'axios';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { platformApi, type Manifest } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { create } from 'zustand';
import { forgetManifest, keepManifest, keptManifest } from '../offline/kept-manifest';
import { takeEarlyManifest } from './early';
import { applyOverrides, readOverrides, writeOverridesCookie } from './overrides';

interface PlatformState {
  manifest: Manifest | null;
  /** The last manifest request failed (remote areas show their fallback with Retry). */
  failed: boolean;
  /** Remotes this browser loads from a developer's localhost (the override badge lists them). */
  overridden: string[];
  /** Whom `manifest` was asked for (null: signed out); canary shares and previews are per user. */
  userId: number | null;
  /** `manifest` is the copy this browser kept, the registry being out of reach. */
  kept: boolean;
  /**
   * What the registry serves now when it names other releases than this page runs (a promote,
   * a rollback, a canary since the page loaded): offered as a reload on the shell's pages, and
   * kept by the service worker meanwhile. The page goes on with the releases it started with.
   */
  newer: Manifest | null;
}

export const usePlatformStore = create<PlatformState>(() => ({
  manifest: null,
  failed: false,
  overridden: [],
  userId: null,
  kept: false,
  newer: null,
}));

/** Thrown instead of asking the registry while the session is offline. */
const OFFLINE = new Error('the registry is out of reach (offline session)');

/** No answer came (offline, timeout): the kept manifest may stand in. An HTTP answer may not. */
function outOfReach(error: unknown): boolean {
  return error === OFFLINE || (axios.isAxiosError(error) && !error.response);
}

let current: Promise<Manifest> | null = null;
/** Manifest requests not answered yet (a sign-in asks again: canary shares are per user). */
let unanswered = 0;
/** Whom the latest manifest request was made for (canary shares are per user). */
let askedFor: Promise<number | null> = Promise.resolve(null);
/** name -> entry URL registered with the federation runtime. */
const registered = new Map<string, string>();

function register(manifest: Manifest): void {
  const fresh: Array<{ name: string; entry: string }> = [];
  const moved: Array<{ name: string; entry: string }> = [];
  for (const remote of manifest.remotes) {
    // Entries may be relative to the page ("/remotes/...") or on another origin.
    const entry = new URL(remote.entry, window.location.href).href;
    const known = registered.get(remote.name);
    if (known === entry) continue;
    (known ? moved : fresh).push({ name: remote.name, entry });
    registered.set(remote.name, entry);
  }
  if (fresh.length) registerRemotes(fresh);
  // Another version of a registered remote (a new user in a canary, a promote seen on Retry).
  if (moved.length) registerRemotes(moved, { force: true });
}

/** Asks the registry again (start-up, sign-in, Retry) and registers what changed. */
export function refreshManifest(): Promise<Manifest> {
  const early = takeEarlyManifest();
  const signedIn = useAuthStore.getState();
  const forWhom = early ? early.userId : Promise.resolve(signedIn.isAuthenticated ? (signedIn.user?.id ?? null) : null);
  askedFor = forWhom;
  const offline = early ? early.offline : Promise.resolve(signedIn.isOffline);
  // An offline session has no token to ask with, and no network to ask over.
  const asked = offline.then((isOffline) => {
    if (isOffline) throw OFFLINE;
    return early ? early.manifest.catch(() => platformApi.manifest()) : platformApi.manifest();
  });
  const answered = asked.then(
    async (raw) => ({ raw, userId: await forWhom, kept: false }),
    async (error: unknown) => {
      const userId = await forWhom;
      const raw = userId !== null && outOfReach(error) ? keptManifest(userId) : null;
      if (!raw) throw error;
      return { raw, userId, kept: true };
    },
  );
  const request = answered.then(({ raw, userId, kept }) => {
    // The registry's own answer is kept (overrides are this browser's, applied on every read).
    if (!kept && userId !== null) keepManifest(userId, raw);
    const { manifest, overridden } = applyOverrides(raw, readOverrides());
    writeOverridesCookie(overridden);
    register(manifest);
    usePlatformStore.setState({ manifest, failed: false, overridden, userId, kept, newer: null });
    return manifest;
  });
  current = request;
  unanswered += 1;
  void request.then(
    () => (unanswered -= 1),
    () => (unanswered -= 1),
  );
  request.catch(() => {
    if (current !== request) return;
    current = null;
    usePlatformStore.setState({ failed: true });
  });
  return request;
}

/**
 * Asks the registry, quietly, whether it serves this learner other releases than the page runs;
 * registers nothing (an area open in the page keeps its code). True when it does.
 */
export async function checkForReleases(): Promise<boolean> {
  const { manifest, userId, kept } = usePlatformStore.getState();
  const auth = useAuthStore.getState();
  if (!manifest || kept || userId === null || !auth.isAuthenticated || auth.isOffline || manifestPending())
    return false;
  const raw = await platformApi.manifest({ skipErrorToast: true }).catch(() => null);
  // Another request (a sign-in, Retry) moved the page on meanwhile: that one decides.
  if (!raw || usePlatformStore.getState().manifest !== manifest) return false;
  const { manifest: served } = applyOverrides(raw, readOverrides());
  const moved = served.remotes.some(
    (remote) => registered.get(remote.name) !== new URL(remote.entry, window.location.href).href,
  );
  if (moved) usePlatformStore.setState({ newer: served });
  return moved;
}

/** True while the registry is being asked again: what the store holds may be about to change. */
export function manifestPending(): boolean {
  return unanswered > 0;
}

function manifestReady(): Promise<Manifest> {
  return current ?? refreshManifest();
}

/** Fetch the manifest now, and again whenever another user signs in (canary shares are per user). */
export function startPlatform(): void {
  refreshManifest().catch((error) => console.error('[platform] the manifest could not be loaded', error));
  useAuthStore.subscribe((state, previous) => {
    // Signed out (or a refused cookie at start-up): this browser keeps no learner's areas.
    if (!state.isLoading && !state.isAuthenticated) forgetManifest();
    // Online again: the registry may have moved on while the page used the kept copy.
    if (previous.isOffline && !state.isOffline && state.isAuthenticated) {
      refreshManifest().catch(() => undefined);
      return;
    }
    if (state.user?.id === previous.user?.id) return;
    // The session the entry chunk restored arrives after its manifest was asked for with it.
    const asked = askedFor;
    void asked.then((userId) => {
      const now = useAuthStore.getState().user?.id ?? null;
      if (askedFor === asked && userId !== now) refreshManifest().catch(() => undefined);
    });
  });
}

/** Loads a remote's exposed module (its exports, a default one at least), once the manifest is known. */
export async function loadRemoteModule<T extends { default: unknown }>(remote: string, exposed = './App'): Promise<T> {
  const manifest = await manifestReady();
  if (!manifest.remotes.some((entry) => entry.name === remote)) throw new Error(`${remote} is not in the registry`);
  const mod = await loadRemote<T>(`${remote}/${exposed.replace(/^\.\//, '')}`);
  if (!mod?.default) throw new Error(`${remote} did not provide ${exposed}`);
  return mod;
}

/**
 * Forget a failed remote so that Retry really fetches it again, from a fresh manifest (the
 * remote may have been promoted or rolled back meanwhile). The federation runtime keeps what it
 * fetched by URL: the manifest (snapshot handler's cache and `__MANIFEST_LOADING__`), the entry's
 * loading promise and container (`__GLOBAL_LOADING_REMOTE_ENTRY__`, the remote's global, its
 * instance in `__INSTANCES__`, the module cache) and the assets it preloaded
 * (`__PRELOADED_ASSETS__`). A forced registration of the same entry drops the first ones
 * (runtime-core's removeRemote); the preloaded-asset record is dropped here, so the load after
 * Retry fetches the release's chunks again instead of trusting an attempt that failed.
 */
export async function resetRemote(remote: string): Promise<void> {
  const before = registered.get(remote);
  await refreshManifest();
  const entry = registered.get(remote);
  if (!entry) return;
  if (entry === before) registerRemotes([{ name: remote, entry }], { force: true });
  forgetPreloadedAssets(before ?? entry);
}

/** Drops the runtime's record of the assets it preloaded from the release folder of `entry`. */
function forgetPreloadedAssets(entry: string): void {
  const assets = (globalThis as { __FEDERATION__?: { __PRELOADED_ASSETS__?: Set<string> } }).__FEDERATION__
    ?.__PRELOADED_ASSETS__;
  if (!assets) return;
  const folder = entry.slice(0, entry.lastIndexOf('/') + 1);
  for (const url of [...assets]) if (url.startsWith(folder)) assets.delete(url);
}

// The kernel's plain values for code that runs before shared modules are ready (the shell's
// entry chunk, ahead of its async boundary): they import nothing shared, so the importer bundles
// this small file itself. Everything else comes from the package's index. `restoreSession` is
// the page's first refresh through the HttpOnly cookie (plain fetch), or the offline session when
// it got no answer; the shell hands its answer to the shared store
// (`useAuthStore.getState().initialize(restoring)`).
export { API_BASE_URL } from './api-base';
export {
  restoreSession,
  type EndedSession,
  type OfflineSession,
  type RestoredSession,
  type SessionRestore,
} from './session';

// The kernel's plain values for code that runs before shared modules are ready (the shell's
// entry chunk, ahead of its async boundary): they import nothing shared, so the importer bundles
// this small file itself. Everything else comes from the package's index.
export { API_BASE_URL } from './api-base';
export { getAccessToken } from './session';

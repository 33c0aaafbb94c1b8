/** Where the API is, relative to the page (same origin). A module of its own so that the shell's
 *  entry chunk can use it before shared modules (axios) are ready. */
export const API_BASE_URL = '/api';

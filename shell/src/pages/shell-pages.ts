/** The shell's own pages inside the layout (App.tsx routes them; every other path is a remote's). */
export const SHELL_PAGES: readonly string[] = ['/dashboard', '/settings'];

/** The shell's signed-out pages (App.tsx, the route guard's requireAuth=false): never a page to come back to. */
export const GUEST_PAGES: readonly string[] = ['/login', '/signup', '/forgot-password', '/reset-password'];

/** The shell's own pages inside the layout (App.tsx routes them; every other path is a remote's). */
export const SHELL_PAGES: readonly string[] = ['/dashboard', '/settings'];

// Applies the dark-mode setting to the whole page: the shared CSS variables switch on
// <html data-theme="dark">, so the shell and every remote follow without knowing about it.
// The browser bar (an installed app's title bar) takes the top bar's colour of that theme: the
// page's theme-color metas, one per system theme until the account's choice is known, all say it.
// theme-colors.json: the top bar's --surface of each theme (shared-ui/src/styles.css), also read
// by the build for the page's first metas.

import THEME_COLORS from './theme-colors.json';

export function applyTheme(darkMode: boolean): void {
  document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
  const color = THEME_COLORS[darkMode ? 'dark' : 'light'];
  document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]').forEach((meta) => (meta.content = color));
}

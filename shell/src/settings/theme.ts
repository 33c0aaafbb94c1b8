// Applies the dark-mode setting to the whole page: the shared CSS variables switch on
// <html data-theme="dark">, so the shell and every remote follow without knowing about it.
export function applyTheme(darkMode: boolean): void {
  document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
}

// Applies the dark-mode setting to the whole page: the shared CSS variables switch on
// <html data-theme="dark">, so the shell and every remote follow without knowing about it.
import { useLayoutEffect } from 'react';
import { useSettingsStore } from './settingsStore';

export function applyTheme(darkMode: boolean): void {
  document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
}

/** Mounted once (ShellProviders). A layout effect, so a remembered dark theme never flashes light. */
export function useApplyTheme(): void {
  const darkMode = useSettingsStore((s) => s.settings.darkMode);
  useLayoutEffect(() => applyTheme(darkMode), [darkMode]);
}

// The account's settings (GET|PUT /api/user/settings), loaded at sign-in on any device. The shell
// applies the two that change the whole page: the language (the kernel's one i18n instance, so
// every remote follows) and dark mode (the theme). The last account's theme and language are
// kept in this browser so a reload paints in them before the settings arrive.
import { useLayoutEffect } from 'react';
import { create } from 'zustand';
import { DEFAULT_USER_SETTINGS, userApi, type UserSettings, type UserSettingsInput } from '@flashcard/api-contract';
import { browserLanguage, isLanguage, setLanguage, type Language } from '@flashcard/shared-auth';
import { applyTheme } from './theme';

export const THEME_STORAGE_KEY = 'flashcard-theme';
export const LANGUAGE_STORAGE_KEY = 'flashcard-language';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled: the page just starts in the defaults
  }
}

function remember(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // quota or privacy mode: the in-memory value still applies
  }
}

export function readStoredDarkMode(): boolean {
  return storage()?.getItem(THEME_STORAGE_KEY) === 'dark';
}

/** The language to paint in before the account's settings arrive: the last account's, else the browser's. */
export function initialLanguage(): Language {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : browserLanguage();
}

/** Makes the page show these settings (theme and language), and remembers them for the next load. */
export function applySettings(settings: Pick<UserSettings, 'darkMode' | 'language'>): Promise<void> {
  applyTheme(settings.darkMode);
  remember(THEME_STORAGE_KEY, settings.darkMode ? 'dark' : 'light');
  remember(LANGUAGE_STORAGE_KEY, settings.language);
  return setLanguage(isLanguage(settings.language) ? settings.language : 'en');
}

type Status = 'idle' | 'loading' | 'ready' | 'failed';

interface SettingsState {
  /** The saved settings (the defaults until loaded). */
  settings: UserSettings;
  status: Status;
  /** Reads the account's settings and applies them. A failure keeps the page as it is. */
  load: () => Promise<void>;
  /** Saves the fields given; the answer (the whole saved settings) is applied. Throws on failure. */
  save: (patch: UserSettingsInput) => Promise<UserSettings>;
  /** Signed out: back to the defaults and the browser's language; the theme stays as it was. */
  reset: () => Promise<void>;
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  settings: { ...DEFAULT_USER_SETTINGS, darkMode: readStoredDarkMode(), language: initialLanguage() },
  status: 'idle',
  load: async () => {
    set({ status: 'loading' });
    try {
      const settings = await userApi.settings();
      set({ settings, status: 'ready' });
      await applySettings(settings);
    } catch {
      set({ status: 'failed' }); // the client already said why; the page keeps its current look
    }
  },
  save: async (patch) => {
    const settings = await userApi.updateSettings(patch);
    set({ settings, status: 'ready' });
    await applySettings(settings);
    return settings;
  },
  reset: async () => {
    remember(LANGUAGE_STORAGE_KEY, null);
    const language = browserLanguage();
    set({ settings: { ...DEFAULT_USER_SETTINGS, darkMode: get().settings.darkMode, language }, status: 'idle' });
    await setLanguage(language);
  },
}));

/**
 * Mounted once (ShellProviders): the theme follows the store. A layout effect, so a remembered
 * dark theme never flashes light.
 */
export function useApplyTheme(): void {
  const darkMode = useSettingsStore((s) => s.settings.darkMode);
  useLayoutEffect(() => applyTheme(darkMode), [darkMode]);
}

// The settings screen's local settings (spec: never sent to the server). They live for the
// page's lifetime; only the theme is remembered across reloads, in its own storage key.
import { create } from 'zustand';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
  { value: 'it', label: 'Italiano' },
] as const;

export type Language = (typeof LANGUAGES)[number]['value'];

export const STUDY_GOAL_MIN = 5;
export const STUDY_GOAL_MAX = 50;

export interface LocalSettings {
  emailNotifications: boolean;
  pushNotifications: boolean;
  studyReminders: boolean;
  darkMode: boolean;
  autoplay: boolean;
  studyGoal: number;
  language: Language;
}

export const DEFAULT_SETTINGS: LocalSettings = {
  emailNotifications: true,
  pushNotifications: false,
  studyReminders: true,
  darkMode: false,
  autoplay: true,
  studyGoal: 15,
  language: 'en',
};

export const THEME_STORAGE_KEY = 'flashcard-theme';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled: the theme just does not survive a reload
  }
}

export function readStoredDarkMode(): boolean {
  return storage()?.getItem(THEME_STORAGE_KEY) === 'dark';
}

function storeDarkMode(darkMode: boolean): void {
  try {
    storage()?.setItem(THEME_STORAGE_KEY, darkMode ? 'dark' : 'light');
  } catch {
    // quota or privacy mode: keep the in-memory value
  }
}

interface SettingsState {
  settings: LocalSettings;
  update: (patch: Partial<LocalSettings>) => void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  settings: { ...DEFAULT_SETTINGS, darkMode: readStoredDarkMode() },
  update: (patch) => {
    if (patch.darkMode !== undefined) storeDarkMode(patch.darkMode);
    set((state) => ({ settings: { ...state.settings, ...patch } }));
  },
}));

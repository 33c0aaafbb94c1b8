// The one i18next instance of the page. i18next and react-i18next are federation singletons, so
// the shell and every remote translate through this instance: a language change re-renders
// every area at once. Each app registers its own namespace with English bundled (tests and the
// first paint need no network) and the other languages as lazy chunks, fetched when chosen.
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
  { value: 'it', label: 'Italiano' },
] as const;

export type Language = (typeof LANGUAGES)[number]['value'];

export const DEFAULT_LANGUAGE: Language = 'en';

const CODES: readonly string[] = LANGUAGES.map((l) => l.value);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && CODES.includes(value);
}

/** The first of the browser's preferred languages we offer ('fr-CA' -> 'fr'), else English. */
export function browserLanguage(
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): Language {
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** A namespace's messages in one language: nested objects of strings. */
export interface Messages {
  [key: string]: string | Messages;
}
/**
 * The shape a translation must have: English's keys, any strings. `const fr: MessagesOf<typeof en>`
 * makes a missing or misspelt key a type error.
 */
export type MessagesOf<T> = { [K in keyof T]: T[K] extends string ? string : MessagesOf<T[K]> } & {
  // Spanish, French and Italian have a plural form English lacks (CLDR "many": 1,000,000 cards).
  [plural: `${string}_many`]: string;
};

/** `() => import('./fr')`: a module whose default export is the messages. */
type Loader = () => Promise<{ default: Messages }>;

/** English inline; every other offered language as a loader (a dynamic import). */
export type Catalogue = { en: Messages } & { [L in Exclude<Language, 'en'>]: Loader };

const catalogues = new Map<string, Catalogue>();

function ensureInitialised(): void {
  if (i18next.isInitialized) return;
  const resources: Resource = {};
  void i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: CODES,
    resources,
    // Resources are given inline: init finishes synchronously, before the first render.
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: {
      useSuspense: false,
      // A remote's catalogue arriving after a language change re-renders what uses it.
      bindI18n: 'languageChanged',
      bindI18nStore: 'added',
    },
  });
  // Whoever changes the language (the settings screen, sign-in), every namespace follows,
  // including one registered while a change was on its way.
  i18next.on('languageChanged', (language) => {
    if (!isLanguage(language)) return;
    for (const [namespace, catalogue] of catalogues) {
      loadInto(language, namespace, catalogue).catch(() => undefined);
    }
  });
}

async function loadInto(language: Language, namespace: string, catalogue: Catalogue): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, namespace)) return;
  const { default: messages } = await catalogue[language]();
  i18next.addResourceBundle(language, namespace, messages, true, true);
}

/**
 * Registers an app's namespace (call once, when its module loads). When the page already shows
 * another language, that language's messages are fetched now; until they arrive the English
 * text shows.
 */
export function registerMessages(namespace: string, catalogue: Catalogue): void {
  ensureInitialised();
  catalogues.set(namespace, catalogue);
  i18next.addResourceBundle('en', namespace, catalogue.en, true, true);
  const current = i18next.language;
  if (isLanguage(current) && current !== 'en') {
    loadInto(current, namespace, catalogue).catch(() => undefined); // English stays on a failed chunk
  }
}

/**
 * Switches the page's language: every registered namespace's messages are fetched first, so
 * the switch happens in one render rather than word by word. A catalogue that fails to load
 * leaves its area in English.
 */
export async function setLanguage(language: Language): Promise<void> {
  ensureInitialised();
  await Promise.allSettled([...catalogues].map(([ns, catalogue]) => loadInto(language, ns, catalogue)));
  if (i18next.language !== language) await i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** The shared instance itself (for formatting helpers; components use react-i18next's hooks). */
export { i18next as i18n };

import {
  browserLanguage,
  currentLanguage,
  i18n,
  registerMessages,
  setLanguage,
  type Catalogue,
  type Messages,
} from './i18n';

function catalogue(
  en: Messages,
  translated: Partial<Record<'es' | 'fr' | 'de' | 'it', Messages>>,
  loads: string[] = [],
): Catalogue {
  const loader = (language: 'es' | 'fr' | 'de' | 'it') => async () => {
    loads.push(language);
    const messages = translated[language];
    if (!messages) throw new Error(`no ${language} chunk`);
    return { default: messages };
  };
  return { en, es: loader('es'), fr: loader('fr'), de: loader('de'), it: loader('it') };
}

afterEach(async () => {
  await setLanguage('en');
});

describe('browserLanguage', () => {
  it('takes the first offered language, by its base tag', () => {
    expect(browserLanguage(['pt-BR', 'fr-CA', 'de'])).toBe('fr');
    expect(browserLanguage(['IT'])).toBe('it');
  });

  it('falls back to English', () => {
    expect(browserLanguage(['pt', 'ja'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('registerMessages and setLanguage', () => {
  it('serves English at once, without loading anything', () => {
    const loads: string[] = [];
    registerMessages('one', catalogue({ title: 'My Cards' }, { fr: { title: 'Mes cartes' } }, loads));
    expect(i18n.t('title', { ns: 'one' })).toBe('My Cards');
    expect(loads).toEqual([]);
  });

  it('loads every namespace of the chosen language before switching', async () => {
    const loads: string[] = [];
    registerMessages('two', catalogue({ title: 'Study' }, { de: { title: 'Lernen' } }, loads));
    registerMessages('three', catalogue({ title: 'Progress' }, { de: { title: 'Fortschritt' } }, loads));
    await setLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('title', { ns: 'two' })).toBe('Lernen');
    expect(i18n.t('title', { ns: 'three' })).toBe('Fortschritt');
    expect(loads).toEqual(['de', 'de']);
  });

  it('loads a namespace registered after the switch (a remote arriving later)', async () => {
    await setLanguage('es');
    registerMessages('late', catalogue({ hello: 'Hello' }, { es: { hello: 'Hola' } }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(i18n.t('hello', { ns: 'late' })).toBe('Hola');
  });

  it('keeps English for an area whose chunk fails, and still switches the others', async () => {
    registerMessages('broken', catalogue({ label: 'Admin' }, {}));
    registerMessages('fine', catalogue({ label: 'Social' }, { it: { label: 'Sociale' } }));
    await setLanguage('it');
    expect(i18n.t('label', { ns: 'broken' })).toBe('Admin');
    expect(i18n.t('label', { ns: 'fine' })).toBe('Sociale');
  });

  it('falls back to English for a key a translation lacks', async () => {
    registerMessages('partial', catalogue({ a: 'Alpha', b: 'Beta' }, { fr: { a: 'Alpha FR' } }));
    await setLanguage('fr');
    expect(i18n.t('a', { ns: 'partial' })).toBe('Alpha FR');
    expect(i18n.t('b', { ns: 'partial' })).toBe('Beta');
  });
});

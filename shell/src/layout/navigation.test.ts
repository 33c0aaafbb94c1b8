import type { Manifest } from '@flashcard/api-contract';
import { setLanguage } from '@flashcard/shared-auth';
import { TEST_MANIFEST } from '../federation/testing';
import { areaPath, navigationFrom, navLabel, visibleNavigation } from './navigation';

const entries = navigationFrom(TEST_MANIFEST);
const labels = (role: Parameters<typeof visibleNavigation>[1]) => visibleNavigation(entries, role).map((e) => e.label);
const everyone = ['Dashboard', 'Study', 'My Cards', 'Progress', 'Social', 'Achievements'];

describe('navigation from the manifest', () => {
  it('orders the shell and registry entries by their order, not registry order', () => {
    expect(entries.map((e) => e.label)).toEqual([...everyone, 'Admin']);
  });

  it('shows the six common entries to a user, without Admin', () => {
    expect(labels('user')).toEqual(everyone);
  });

  it.each(['admin', 'super_admin'] as const)('adds Admin for %s', (role) => {
    expect(labels(role)).toEqual([...everyone, 'Admin']);
  });

  it('hides role-restricted entries when the role is unknown', () => {
    expect(labels(null)).toEqual(everyone);
    expect(labels(undefined)).toEqual(everyone);
  });

  it('maps each entry to its route, remote and exposed module', () => {
    expect(entries.map((e) => [e.to, e.remote, e.exposed])).toEqual([
      ['/dashboard', undefined, undefined],
      ['/study', 'mfe_study', undefined],
      ['/cards', 'mfe_cards', undefined],
      ['/progress', 'mfe_progress', undefined],
      ['/social', 'mfe_social', './Social'],
      ['/achievements', 'mfe_social', './Achievements'],
      ['/admin', 'mfe_admin', undefined],
    ]);
  });

  it('shows only the shell entry before the manifest arrives, and a new remote once it lists one', () => {
    expect(navigationFrom(null).map((e) => e.label)).toEqual(['Dashboard']);
    const withQuiz = navigationFrom({
      ...TEST_MANIFEST,
      remotes: [
        ...TEST_MANIFEST.remotes,
        {
          name: 'mfe_quiz',
          version: '0.1.0+1',
          entry: '/x',
          routes: [{ path: '/quiz/*', module: './App' }],
          navigation: [{ label: 'Quiz', path: '/quiz', order: 35 }],
        },
      ],
    });
    expect(withQuiz.map((e) => e.label)).toEqual([
      'Dashboard',
      'Study',
      'My Cards',
      'Quiz',
      'Progress',
      'Social',
      'Achievements',
      'Admin',
    ]);
  });
});

describe("navigation labels in the page's language", () => {
  afterEach(() => setLanguage('en'));

  it("shows a remote entry's translated label and the shell's own from its namespace", async () => {
    await setLanguage('fr');
    const french = navigationFrom(TEST_MANIFEST, 'fr').map((e) => e.label);
    expect(french).toEqual([
      'Tableau de bord',
      'Étudier',
      'Mes cartes',
      'Progrès',
      'Social',
      'Succès',
      'Administration',
    ]);
    // The language defaults to the page's.
    expect(navigationFrom(TEST_MANIFEST).map((e) => e.label)).toEqual(french);
    await setLanguage('de');
    expect(navigationFrom(TEST_MANIFEST, 'de').map((e) => e.label)).toEqual([
      'Übersicht',
      'Lernen',
      'Meine Karten',
      'Fortschritt',
      'Soziales',
      'Erfolge',
      'Verwaltung',
    ]);
  });

  it('falls back to the English label when the language has none', async () => {
    await setLanguage('it');
    const withQuiz = navigationFrom(
      {
        ...TEST_MANIFEST,
        remotes: [
          ...TEST_MANIFEST.remotes,
          {
            name: 'mfe_quiz',
            version: '0.1.0+1',
            entry: '/x',
            routes: [{ path: '/quiz/*', module: './App' }],
            navigation: [{ label: 'Quiz', labels: { fr: 'Questionnaire' }, path: '/quiz', order: 35 }],
          },
        ],
      },
      'it',
    );
    expect(withQuiz.find((e) => e.to === '/quiz')?.label).toBe('Quiz');
    expect(withQuiz.find((e) => e.to === '/cards')?.label).toBe('Le mie schede');
  });

  it('picks labels[language], else label (a blank translation counts as none)', () => {
    const entry = { label: 'Quiz', labels: { es: 'Cuestionario', de: '  ' } };
    expect(navLabel(entry, 'es')).toBe('Cuestionario');
    expect(navLabel(entry, 'de')).toBe('Quiz');
    expect(navLabel(entry, 'fr')).toBe('Quiz');
    expect(navLabel(entry, 'en')).toBe('Quiz');
    expect(navLabel({ label: 'Quiz' }, 'es')).toBe('Quiz');
  });
});

describe('areaPath (where the dashboard links an area)', () => {
  const quiz = (
    routes: Manifest['remotes'][number]['routes'],
    navigation: Manifest['remotes'][number]['navigation'],
  ) => ({
    ...TEST_MANIFEST,
    remotes: [{ name: 'mfe_quiz', version: '0.1.0+1', entry: '/x', routes, navigation }],
  });

  it("is the area's first navigation entry", () => {
    expect(areaPath(TEST_MANIFEST, 'mfe_cards', 'user')).toBe('/cards');
    expect(areaPath(TEST_MANIFEST, 'mfe_social', 'user')).toBe('/social');
  });

  it('is null for an area the manifest does not list, or before it arrives', () => {
    expect(areaPath(TEST_MANIFEST, 'mfe_quiz', 'user')).toBeNull();
    expect(areaPath(null, 'mfe_cards', 'user')).toBeNull();
  });

  it('keeps to the role rule of the entries and routes', () => {
    expect(areaPath(TEST_MANIFEST, 'mfe_admin', 'user')).toBeNull();
    expect(areaPath(TEST_MANIFEST, 'mfe_admin', 'admin')).toBe('/admin');
  });

  it('falls back to the first route without parameters when the area has no entry', () => {
    const routes = [
      { path: '/quiz/:id', module: './App' },
      { path: '/quiz/*', module: './App' },
    ];
    expect(areaPath(quiz(routes, []), 'mfe_quiz', 'user')).toBe('/quiz');
    expect(areaPath(quiz([routes[0]], []), 'mfe_quiz', 'user')).toBeNull();
    expect(areaPath(quiz([{ ...routes[1], roles: ['admin'] }], []), 'mfe_quiz', 'user')).toBeNull();
  });
});

import { TEST_MANIFEST } from '../federation/testing';
import { navigationFrom, visibleNavigation } from './navigation';

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
        { name: 'mfe_quiz', version: '0.1.0+1', entry: '/x', routes: [{ path: '/quiz/*', module: './App' }], navigation: [{ label: 'Quiz', path: '/quiz', order: 35 }] },
      ],
    });
    expect(withQuiz.map((e) => e.label)).toEqual(['Dashboard', 'Study', 'My Cards', 'Quiz', 'Progress', 'Social', 'Achievements', 'Admin']);
  });
});

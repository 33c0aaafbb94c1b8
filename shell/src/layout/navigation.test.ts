import { NAVIGATION, visibleNavigation } from './navigation';

const labels = (role: Parameters<typeof visibleNavigation>[0]) => visibleNavigation(role).map((e) => e.label);
const everyone = ['Dashboard', 'Study', 'My Cards', 'Progress', 'Social', 'Achievements'];

describe('visibleNavigation', () => {
  it('shows the six common entries to a user, without Admin', () => {
    expect(labels('user')).toEqual(everyone);
  });

  it.each(['admin', 'super_admin'] as const)('adds Admin for %s', (role) => {
    expect(labels(role)).toEqual([...everyone, 'Admin']);
  });

  it('hides Admin when the role is unknown', () => {
    expect(labels(null)).toEqual(everyone);
    expect(labels(undefined)).toEqual(everyone);
  });

  it('maps each entry to its route, remote and exposed module (as App.tsx mounts them)', () => {
    expect(NAVIGATION.map((e) => [e.to, e.remote, e.exposed])).toEqual([
      ['/dashboard', undefined, undefined],
      ['/study', 'mfe_study', undefined],
      ['/cards', 'mfe_cards', undefined],
      ['/progress', 'mfe_progress', undefined],
      ['/social', 'mfe_social', './Social'],
      ['/achievements', 'mfe_social', './Achievements'],
      ['/admin', 'mfe_admin', undefined],
    ]);
  });
});

// The one share map every build uses (webpack through platform-tools, Rspack directly).
import path from 'node:path';
import { conditionNames, rangeOf, sharedConfig, SINGLETONS } from '../shared-config';

const root = path.join(__dirname, '..', '..');
const installed = (name: string) =>
  (require(require.resolve(`${name}/package.json`, { paths: [root] })) as { version: string }).version;

describe('sharedConfig', () => {
  it('makes every platform singleton a singleton asking for the major it was built with', () => {
    const shared = sharedConfig({ dir: path.join(root, 'shell') });
    expect(Object.keys(shared)).toEqual(SINGLETONS);
    for (const entry of Object.values(shared)) expect(entry.singleton).toBe(true);
    const react = installed('react');
    expect(shared.react).toEqual({ singleton: true, version: react, requiredVersion: `^${react.split('.')[0]}.0.0` });
    expect(shared['react-dom/'].version).toBe(installed('react-dom'));
    // The kernel offers itself in its own version, whatever the app has installed.
    expect(shared['@flashcard/shared-auth'].version).toBe((require('../package.json') as { version: string }).version);
  });

  it('provides react-router-dom as the router facade and does not share react-router itself', () => {
    const shared = sharedConfig({ dir: root });
    expect(shared['react-router-dom'].import).toBe(path.join(__dirname, '..', 'router.mjs'));
    expect(shared['react-router']).toBeUndefined();
  });

  it('provides react-i18next as its facade, which takes the package through the kernel\'s own "#react-i18next" import', async () => {
    const shared = sharedConfig({ dir: root });
    const facade = path.join(__dirname, '..', 'react-i18next.mjs');
    expect(shared['react-i18next'].import).toBe(facade);
    // The facade may not ask for 'react-i18next' itself: that request is the shared module, so
    // the bundler would hand the facade back to itself.
    const source = await import('node:fs').then((fs) => fs.readFileSync(facade, 'utf8'));
    expect(source).not.toMatch(/from 'react-i18next'/);
    const pkg = require('../package.json') as { imports: Record<string, string>; files: string[] };
    expect(pkg.imports['#react-i18next']).toBe('react-i18next');
    expect(pkg.files).toEqual(expect.arrayContaining(['router.mjs', 'react-i18next.mjs']));
  });

  it('resolves the kernel to its sources in this repository (a packed kernel has none)', () => {
    expect(conditionNames()).toEqual(['@flashcard/source', '...']);
  });

  it('asks for the ranges a team gives while a major is rolled, sub-paths included', () => {
    const shared = sharedConfig({ dir: root, requiredVersions: { react: '^18.0.0 || ^19.0.0' } });
    expect(shared.react.requiredVersion).toBe('^18.0.0 || ^19.0.0');
    expect(shared['react/'].requiredVersion).toBe('^18.0.0 || ^19.0.0');
    expect(shared['react-dom'].requiredVersion).toBe(`^${installed('react-dom').split('.')[0]}.0.0`);
  });

  it('asks for the same minor while a package is 0.x', () => {
    expect(rangeOf('0.4.2')).toBe('^0.4.0');
    expect(rangeOf('19.3.1')).toBe('^19.0.0');
  });
});

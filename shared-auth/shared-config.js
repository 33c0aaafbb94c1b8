// The platform's share map, written once for every bundler: the shell and the in-repo remotes
// (platform-tools' webpack factory), a team's webpack remote and a team's Rspack remote all pass
// `sharedConfig()` to their ModuleFederationPlugin, so every build offers and asks for the same
// singletons with the same ranges. Plain CommonJS with no dependencies: a bundler config
// requires it before anything is compiled.
const fs = require('fs');
const path = require('path');

/**
 * Exactly one instance of each at run time, the shell's (architecture invariant). `react/` and
 * `react-dom/` share their sub-paths (react/jsx-runtime, react-dom/client) too.
 */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  // Provided from router.mjs (the used part of react-router); react-router itself is not
  // shared: only that file imports it, and it is shaken there.
  'react-router-dom',
  'zustand',
  'axios',
  'react-hot-toast',
  '@flashcard/shared-auth',
  // One translation instance for the whole page (the kernel's i18n.ts configures it).
  'i18next',
  // Provided from react-i18next.mjs (the part the apps use), like the router.
  'react-i18next',
];

/** The range a build asks for: any version of the same major (the same minor while 0.x). */
function rangeOf(version) {
  const [major, minor] = version.split('.');
  return major === '0' ? `^0.${minor}.0` : `^${major}.0.0`;
}

/**
 * The `shared` option of ModuleFederationPlugin (webpack's @module-federation/enhanced/webpack
 * and Rspack's @module-federation/enhanced/rspack alike).
 *
 * @param {object} [options]
 * @param {string} [options.dir]  the app's folder: versions are read from what it has installed
 *                                (default: the current directory)
 * @param {Record<string, string>} [options.requiredVersions]  ranges to ask for instead of the
 *   installed major, e.g. `{ react: '^18.0.0 || ^19.0.0' }` while a major is rolled
 *   (docs/PLATFORM.md, "Version policy")
 * @returns {Record<string, { singleton: true, requiredVersion: string, version: string, import?: string }>}
 */
function sharedConfig({ dir = process.cwd(), requiredVersions = {} } = {}) {
  const versionOf = (name) => {
    const pkgName = name.replace(/\/$/, '');
    if (pkgName === '@flashcard/shared-auth') return require('./package.json').version;
    return require(require.resolve(`${pkgName}/package.json`, { paths: [dir, __dirname] })).version;
  };
  const shared = {};
  for (const name of SINGLETONS) {
    const version = versionOf(name);
    const requiredVersion = requiredVersions[name.replace(/\/$/, '')] ?? rangeOf(version);
    shared[name] = { singleton: true, requiredVersion, version };
  }
  shared['react-router-dom'].import = path.join(__dirname, 'router.mjs');
  shared['react-i18next'].import = path.join(__dirname, 'react-i18next.mjs');
  return shared;
}

/**
 * `resolve.conditionNames` for an app's build. In the platform's repository the @flashcard
 * packages are workspaces with their sources beside them, and apps compile those (the
 * "@flashcard/source" export condition), so nothing needs building first; installed from a
 * tarball they have no sources, and their built files are used. '...' keeps the bundler's own.
 */
function conditionNames() {
  return fs.existsSync(path.join(__dirname, 'src', 'index.ts')) ? ['@flashcard/source', '...'] : ['...'];
}

module.exports = { sharedConfig, SINGLETONS, rangeOf, conditionNames };

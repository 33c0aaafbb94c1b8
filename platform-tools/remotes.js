// Which folders are remotes, and what each declares about itself. A remote is a folder whose
// package.json has a "flashcardRemote" field (routes, navigation, kernel range, devPort). Only
// those the root package.json lists in "flashcardBuiltinRemotes" are built by `npm start` and
// released by the server at start-up (api/src/modules/platform/builtin.ts reads the same list);
// any other remote (a fresh scaffold) goes live only through a release.
const fs = require('fs');
const path = require('path');

/** The package.json of `dir`, or null when it has none (or it is not valid JSON). */
function readPackage(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** The federation name of a remote package: `@flashcard/mfe-quiz` -> `mfe_quiz`. */
function federationNameOf(packageName) {
  return String(packageName)
    .replace(/^@[^/]+\//, '')
    .replace(/-/g, '_');
}

/**
 * A remote folder and what its package.json declares.
 * @typedef {object} RemoteFolder
 * @property {string} folder the folder's name
 * @property {string} dir its path
 * @property {any} pkg its package.json
 * @property {string} name its federation name (`mfe_quiz`)
 * @property {Record<string, any>} metadata its `flashcardRemote` but the dev port
 * @property {number | undefined} devPort
 */

/**
 * Every remote folder directly under `root`, sorted by folder name.
 * @param {string} root
 * @returns {RemoteFolder[]}
 */
function findRemotes(root) {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
    .map((folder) => {
      const dir = path.join(root, folder);
      const pkg = readPackage(dir);
      if (!pkg || !pkg.flashcardRemote) return null;
      const { devPort, ...metadata } = pkg.flashcardRemote;
      return { folder, dir, pkg, name: federationNameOf(pkg.name || folder), metadata, devPort };
    })
    .filter((remote) => remote !== null);
}

/** The folders the root package.json lists in "flashcardBuiltinRemotes" ([] when none). */
function builtinRemoteFolders(root) {
  const listed = readPackage(root)?.flashcardBuiltinRemotes;
  return Array.isArray(listed) ? listed.filter((folder) => typeof folder === 'string') : [];
}

/** The built-in remotes: findRemotes(root) narrowed to the folders the root package.json lists. */
function findBuiltinRemotes(root) {
  const listed = new Set(builtinRemoteFolders(root));
  return findRemotes(root).filter((remote) => listed.has(remote.folder));
}

/** The nearest folder at or above `dir` whose package.json declares workspaces (the monorepo root). */
function findWorkspaceRoot(dir) {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const pkg = readPackage(current);
    if (pkg && pkg.workspaces) return current;
    if (path.dirname(current) === current) return null;
  }
}

module.exports = {
  findRemotes,
  findBuiltinRemotes,
  builtinRemoteFolders,
  findWorkspaceRoot,
  federationNameOf,
  readPackage,
};

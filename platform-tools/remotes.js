// Which folders are remotes, and what each declares about itself. A remote is a folder whose
// package.json has a "flashcardRemote" field (routes, navigation, kernel range, devPort): the
// same rule the server applies when it releases the built-in remotes (api/src/modules/platform/builtin.ts).
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
  return String(packageName).replace(/^@[^/]+\//, '').replace(/-/g, '_');
}

/**
 * Every remote folder directly under `root`, sorted by folder name:
 * `{ folder, dir, pkg, name, metadata, devPort }`.
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
    .filter(Boolean);
}

/** The nearest folder at or above `dir` whose package.json declares workspaces (the monorepo root). */
function findWorkspaceRoot(dir) {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const pkg = readPackage(current);
    if (pkg && pkg.workspaces) return current;
    if (path.dirname(current) === current) return null;
  }
}

module.exports = { findRemotes, findWorkspaceRoot, federationNameOf, readPackage };

// The host's shared modules in one chunk. The shell provides every shared singleton, and its page
// needs all of them before the first paint; webpack would give each its own async chunk (react-dom,
// react-router, i18next, the kernel... ten files) that are gzipped apart and queue for
// connections. The same modules as one file are about 6 KB smaller gzipped and nine requests
// fewer. Only for the host: a remote's copies are fallbacks, loaded one by one if at all.
const fs = require('fs');
const path = require('path');

/** The folder of package `name` as Node finds it from `from` (node_modules upwards), or null. */
function packageDir(from, name) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return null;
  }
}

/** The folders of these packages and of everything they depend on, each once. */
function packageClosure(from, names) {
  const dirs = new Set();
  const queue = names.map((name) => ({ from, name }));
  while (queue.length) {
    const { from: base, name } = queue.shift();
    const dir = packageDir(base, name);
    if (!dir || dirs.has(dir)) continue;
    dirs.add(dir);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(pkg.dependencies ?? {})) queue.push({ from: dir, name: dependency });
  }
  return [...dirs];
}

/**
 * webpack's splitChunks cache group that puts every module of the shared packages (and of their
 * dependencies) that the host loads asynchronously into one chunk, `kernel`.
 *
 * @param {string} dir  the host's folder
 * @param {string[]} shared  the share map's keys (`react/` counts as `react`)
 */
function kernelCacheGroup(dir, shared) {
  const names = [...new Set(shared.map((key) => key.replace(/\/$/, '')))];
  const dirs = packageClosure(dir, names).map((folder) => folder + path.sep);
  return {
    name: 'kernel',
    chunks: 'async',
    enforce: true,
    test: (module) => typeof module.resource === 'string' && dirs.some((folder) => module.resource.startsWith(folder)),
  };
}

module.exports = { kernelCacheGroup, packageClosure };

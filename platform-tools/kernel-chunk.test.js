const fs = require('fs');
const os = require('os');
const path = require('path');
const { kernelCacheGroup, packageClosure } = require('./kernel-chunk');

let root;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-tools-kernel-chunk-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A package at node_modules/<name> (below `at`) with these dependencies. */
function install(at, name, dependencies = {}) {
  const dir = path.join(at, 'node_modules', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', dependencies }));
  return fs.realpathSync(dir);
}

describe('packageClosure', () => {
  it('follows dependencies as Node resolves them, a nested copy before the hoisted one, each folder once', () => {
    const app = path.join(root, 'shell');
    fs.mkdirSync(app);
    const ui = install(root, 'ui-lib', { scheduler: '^1', helper: '^2' });
    const scheduler = install(root, 'scheduler');
    const nestedHelper = install(path.join(root, 'node_modules', 'ui-lib'), 'helper');
    install(root, 'helper'); // the hoisted copy, another major: not the one ui-lib gets
    const router = install(root, '@scope/router', { scheduler: '^1', missing: '^1' });
    const unrelated = install(root, 'unrelated');
    const dirs = packageClosure(app, ['ui-lib', '@scope/router', 'not-installed']);
    expect(dirs.sort()).toEqual([ui, scheduler, nestedHelper, router].sort());
    expect(dirs).not.toContain(unrelated);
  });
});

describe('kernelCacheGroup', () => {
  it("takes the modules of the shared packages and of their dependencies, nothing of the app's or of other packages", () => {
    const app = path.join(root, 'shell');
    fs.mkdirSync(app);
    const react = install(root, 'react');
    const dom = install(root, 'react-dom', { scheduler: '^0.27' });
    const scheduler = install(root, 'scheduler');
    const katex = install(root, 'katex');
    const group = kernelCacheGroup(app, ['react', 'react/', 'react-dom', 'react-dom/']);
    expect(group).toMatchObject({ name: 'kernel', chunks: 'async', enforce: true });
    const takes = (resource) => group.test({ resource });
    expect(takes(path.join(react, 'index.js'))).toBe(true);
    expect(takes(path.join(dom, 'cjs', 'react-dom-client.production.js'))).toBe(true);
    expect(takes(path.join(scheduler, 'index.js'))).toBe(true);
    // A lazily loaded library and the app's own code stay where webpack puts them.
    expect(takes(path.join(katex, 'katex.mjs'))).toBe(false);
    expect(takes(path.join(app, 'src', 'App.tsx'))).toBe(false);
    // A folder whose name only starts like a shared package's is another package.
    expect(takes(`${react}-is${path.sep}index.js`)).toBe(false);
    // Modules without a file (webpack's runtime, federation's provide and consume modules).
    expect(group.test({})).toBe(false);
  });
});

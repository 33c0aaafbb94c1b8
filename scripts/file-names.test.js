// One file-naming convention: a React component's file is named as the component it exports
// (PascalCase, `.tsx`); every other source file is kebab-case (`use-load.ts`, `session-reducer.ts`,
// `auth-calls.ts`). Tests and type declarations take their subject's name (`use-load.test.tsx`).
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
// A migration's file name is its key in every database's migration table: frozen as written.
const FROZEN = /^api\/src\/db\/migrations\//;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;

/** Why `file` breaks the convention, or null. */
function problemOf(file) {
  const base = path.basename(file);
  const stem = base.split('.')[0];
  if (KEBAB.test(stem)) return null;
  if (PASCAL.test(stem)) return base.endsWith('.tsx') ? null : 'PascalCase is for component files (.tsx)';
  return 'not kebab-case';
}

test('the rule accepts the two styles and refuses the others', () => {
  for (const good of ['a/use-load.ts', 'a/CardsPage.tsx', 'a/use-load.test.tsx', 'a/jest-dom.d.ts', 'a/App.test.tsx'])
    expect({ good, problem: problemOf(good) }).toEqual({ good, problem: null });
  for (const bad of ['a/useLoad.ts', 'a/toast_failure.ts', 'a/Store.ts', 'a/sessionReducer.test.ts'])
    expect({ bad, problem: problemOf(bad) }).toEqual({ bad, problem: expect.any(String) });
});

test('every tracked source file follows the convention', () => {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => SOURCE.test(file) && !FROZEN.test(file));
  const found = files.map((file) => ({ file, problem: problemOf(file) })).filter(({ problem }) => problem);
  expect(found).toEqual([]);
});

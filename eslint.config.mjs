// `npm run lint`: ESLint over the whole repository, syntax-only (no type-aware rules, so it stays
// fast), plus the architecture's boundaries as errors (ARCHITECTURE.md, "Invariants"):
// - a remote (mfe-*/src) imports its own folder, the kernel (@flashcard/shared-auth),
//   @flashcard/api-contract, @flashcard/shared-ui and npm packages; nothing of another remote,
//   of the shell or of the API;
// - the shell imports no remote and nothing of the API;
// - the kernel imports no remote, no shell, no API, and api-contract only as `import type`;
// - api-contract/src/schemas (required by the API on the server) imports no axios, no kernel
//   and nothing of calls/;
// - an API module (api/src/modules/<a>/) imports another module <b> only through
//   modules/<b>/index.ts, and modules form no import cycle; app.ts, server.ts and api/src/cli
//   import every module through its index.ts too;
// - a relative import never leaves its package.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.mjs';

const ROOT = import.meta.dirname;
const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const WORKSPACES = rootPackage.workspaces;
const REMOTES = WORKSPACES.filter((name) => name.startsWith('mfe-'));
const FRONT_ENDS = ['shell', ...REMOTES];
const MODULES_DIR = path.join(ROOT, 'api/src/modules');
const API_MODULES = fs
  .readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const TS = ['**/*.{ts,tsx,mts,cts}'];
// `_name` marks a parameter or binding kept on purpose (a callback's position, a key left out
// of a rest copy); a caught error may go unused.
const UNUSED = { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true };
const BROWSER_PACKAGES = ['shared-auth', 'shared-ui', 'api-contract', ...FRONT_ENDS];
const under = (folders, glob = '**/*') => folders.map((folder) => `${folder}/src/${glob}`);

// ---- import-x/no-restricted-paths: what a folder may import, by the file an import resolves to
const others = (own) => FRONT_ENDS.filter((name) => name !== own);
const zones = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}/src`,
    from: [...others(remote).map((name) => `./${name}`), './api', './e2e'],
    message:
      'A remote imports its own folder, @flashcard/shared-auth, @flashcard/api-contract, @flashcard/shared-ui and npm packages only.',
  })),
  {
    target: './shell/src',
    from: [...REMOTES.map((name) => `./${name}`), './api', './e2e'],
    message: 'The shell loads remotes at run time (federation); it never imports their source, nor the API.',
  },
  {
    target: './shared-auth/src',
    from: [...FRONT_ENDS.map((name) => `./${name}`), './shared-ui', './api', './e2e'],
    message: 'The kernel (shared-auth) depends on no app, no UI package and not on the API.',
  },
  {
    target: ['./shared-ui/src', './api-contract/src'],
    from: [...FRONT_ENDS.map((name) => `./${name}`), './api', './e2e'],
    message: 'A shared package depends on no app and not on the API.',
  },
  {
    target: './api-contract/src/schemas',
    from: ['./api-contract/src/calls', './api-contract/src/index.ts', './shared-auth'],
    message: 'The schemas are required by the API on the server: no calls, no axios, no kernel.',
  },
  {
    target: './api/src',
    from: [...FRONT_ENDS.map((name) => `./${name}`), './shared-auth', './shared-ui', './e2e'],
    message: 'The API imports no front-end code.',
  },
  // One zone per pair of modules: <a> reaches <b> through modules/<b>/index.ts only.
  ...API_MODULES.flatMap((own) =>
    API_MODULES.filter((other) => other !== own).map((other) => ({
      target: `./api/src/modules/${own}`,
      from: `./api/src/modules/${other}`,
      except: ['./index.ts'],
      message: `Import modules/${other} through its index ('../${other}'), not its files; a piece many modules share belongs in api/src/lib/.`,
    })),
  ),
  // What wires the modules (app.ts, server.ts, the command-line tools) uses what each exports.
  ...API_MODULES.map((name) => ({
    target: ['./api/src/app.ts', './api/src/server.ts', './api/src/cli'],
    from: `./api/src/modules/${name}`,
    except: ['./index.ts'],
    message: `Import modules/${name} through its index (modules/${name}/index.ts), not its files: export there what the wiring needs.`,
  })),
];

// ---- no-restricted-imports: package names (a name resolves into the same files a path does)
/** @returns {import('eslint').Linter.Config} */
const restrictedNames = (files, groups) => ({
  files,
  plugins: { '@typescript-eslint': tseslint.plugin },
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: groups }] },
});
const APPS_AND_API = [
  {
    group: ['@flashcard/mfe-*', '@flashcard/shell', '@flashcard/shell/*'],
    message: 'No app imports another app: remotes are loaded at run time.',
  },
  {
    group: ['@flashcard/api', '@flashcard/api/*'],
    message: 'Front-end code talks to the API over HTTP (@flashcard/api-contract), never imports it.',
  },
];
const DEEP = {
  // Style sheets are files, not modules: the global styles are imported by path. So are a
  // package's test helpers (src/testing*), kept out of its index and so out of the bundles.
  regex: String.raw`^@flashcard/[^/]+/(?:src|dist)(?:/(?!.*\.css$)(?!testing).*)?$`,
  message: 'Import a package by its name (its index), not by a path into its files.',
};

export default defineConfig(
  {
    // Build outputs (dist/, api-contract's compiled .js and .d.ts included) and generated folders.
    ignores: ['**/node_modules/', '**/dist/', '**/coverage/', 'data/', '.nx/', 'e2e/artifacts/'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  // ---- Base rules
  js.configs.recommended,
  // typescript-eslint types its configs loosely (no `files`); they are ESLint's flat configs.
  ...tseslint.configs.recommended.map((config) => ({
    ...config,
    files: /** @type {import('eslint').Linter.Config} */ (config).files ?? TS,
  })),
  {
    files: ['**/*.{js,cjs,mjs}'],
    rules: { 'no-unused-vars': ['error', UNUSED] },
  },
  {
    files: TS,
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', UNUSED],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      // jest.isolateModules (a fresh module instance, as after a reload) is synchronous, so the
      // module is loaded inside it with require().
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Kysely<any> is Kysely's own idiom here: a migration is frozen, so it must not be typed by
    // today's Database, and the helpers migrations call (dialectOf, readOffThread) take any handle.
    files: ['api/src/db/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
  {
    files: under(BROWSER_PACKAGES),
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['api/**', 'e2e/**', 'platform-tools/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.test.{js,cjs,mjs}', 'platform-tools/jest-setup.js'],
    languageOptions: { globals: { ...globals.jest } },
  },

  // ---- React hooks (every front-end source file: hooks live in .ts files too)
  {
    ...reactHooks.configs.flat.recommended,
    files: under(BROWSER_PACKAGES, '**/*.{ts,tsx}'),
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale-closure bug, not a style point. shared-ui's useLoad takes
      // a load and its deps like useEffect, so its calls are checked the same way.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLoad$' }],
    },
  },
  {
    // Tests keep the two classic rules. The others run the React Compiler's analysis, which is
    // most of the lint's time, for components and hooks the app never renders.
    files: under(BROWSER_PACKAGES, '**/*.test.{ts,tsx}'),
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs.flat.recommended.rules)
        .filter((rule) => rule !== 'react-hooks/rules-of-hooks' && rule !== 'react-hooks/exhaustive-deps')
        .map((rule) => [rule, 'off']),
    ),
  },

  // ---- Boundaries
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX, local: boundaries },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json', '.node'],
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }],
    },
  },
  {
    files: TS,
    // Nothing imports a test, so a test is in no cycle (and skipping them halves the rule's time).
    ignores: ['**/*.test.*', '**/test/**', '**/testing/**'],
    rules: {
      // Type-only imports are erased, so they load nothing and are no cycle at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [...under(WORKSPACES), 'api/bench/**', 'e2e/tests/**'],
    rules: {
      'local/no-relative-escape': ['error', { packages: WORKSPACES.map((name) => path.join(ROOT, name)) }],
    },
  },
  {
    files: ['api/src/modules/**'],
    rules: { 'local/no-module-cycle': ['error', { modulesDir: MODULES_DIR }] },
  },
  restrictedNames(under([...FRONT_ENDS, 'shared-ui']), [...APPS_AND_API, DEEP]),
  restrictedNames(under(['shared-auth']), [
    ...APPS_AND_API,
    DEEP,
    { group: ['@flashcard/shared-ui', '@flashcard/shared-ui/*'], message: 'The kernel depends on no UI package.' },
    {
      group: ['@flashcard/api-contract', '@flashcard/api-contract/*'],
      allowTypeImports: true,
      message:
        'The kernel may use api-contract types (`import type`), never its code: api-contract depends on the kernel.',
    },
  ]),
  restrictedNames(
    ['api-contract/src/schemas/**'],
    [
      {
        group: ['axios', 'axios/*', '@flashcard/shared-auth', '@flashcard/shared-auth/*'],
        message: 'The schemas run on the server too: no HTTP client, no kernel.',
      },
      { group: ['**/calls', '**/calls/*'], message: 'The schemas run on the server too: nothing of calls/.' },
    ],
  ),
  restrictedNames(
    ['api/**'],
    [
      {
        group: [
          '@flashcard/mfe-*',
          '@flashcard/shell',
          '@flashcard/shell/*',
          '@flashcard/shared-ui',
          '@flashcard/shared-ui/*',
          '@flashcard/shared-auth',
          '@flashcard/shared-auth/*',
        ],
        message: 'The API imports no front-end code.',
      },
    ],
  ),
);

#!/usr/bin/env node
// `npm run new-remote -- mfe-quiz --route /quiz --label Quiz [--icon X] [--order N] [--roles admin,super_admin] [--bundler rspack]`
// Scaffolds a remote in the same shape as the others: package.json (scripts, dependencies, the
// "flashcardRemote" metadata the registry reads), webpack.config.js calling the one factory (or
// with --bundler rspack an rspack.config.js built on the kernel's same share map), tsconfig, jest
// config, and src/ (async boundary, standalone bootstrap, a small App built with shared-ui's kit
// and its test, and i18n/: its namespace in English and es/fr/de/it with the catalogue test, so a
// new remote starts translated). It adds the folder to the root workspaces and runs nothing: no
// install, no build. The shell is not touched: it learns about the remote from the registry once
// it is released.
//   --root <dir>        the platform repository (default: this one); tests use a temp copy
//   --standalone <dir>  write a team's own repository into <dir> instead (nothing in the root
//                       changes): every dependency listed, its own tsconfig, jest on the preset
//                       of @flashcard/platform-tools, a dev port no platform remote uses
//   --packages <dir>    with --standalone: the @flashcard packages as `file:` ranges to the
//                       tarballs of `npm pack` in <dir>, instead of registry versions
//   --service <name>    also the team's own server behind the platform's gateway: service/ (Fastify,
//                       verifying the gateway's token with jose), a contract both it and the App
//                       import (src/service-contract.ts), and an App that calls it
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const USAGE =
  'Usage: npm run new-remote -- mfe-<name> --route /<path> --label <Label> [--icon <glyph>] [--order <1-1000>] [--roles <role,role>] [--bundler webpack|rspack] [--service <name>] [--standalone <dir> [--packages <dir>]]';

/** Paths the shell owns (same list as SHELL_PATHS in api/src/modules/platform/service.ts). */
const SHELL_PATHS = ['/', '/login', '/signup', '/forgot-password', '/reset-password', '/dashboard', '/settings'];
const ROLES = ['user', 'admin', 'super_admin'];
/**
 * What each bundler's remote builds with: the measured pairs of docs/PLATFORM.md ("Toolchains").
 * A webpack remote takes this repository's versions (its root devDependencies), so a remote
 * scaffolded here and one built in a team's repository use the same toolchain.
 */
const TOOLCHAINS = {
  webpack: ['@module-federation/enhanced', 'typescript', 'webpack', 'webpack-cli', 'webpack-dev-server'],
  rspack: ['@module-federation/enhanced', 'typescript', '@rspack/cli', '@rspack/core', '@rspack/dev-server'],
};
const BUNDLERS = Object.keys(TOOLCHAINS);
const TOOLCHAIN_DEFAULTS = {
  '@module-federation/enhanced': '2.9.2',
  typescript: '~5.9.3',
  webpack: '5.111.1',
  'webpack-cli': '^6.0.1',
  'webpack-dev-server': '^5.2.0',
  '@rspack/cli': '^2.2.8',
  '@rspack/core': '^2.3.2',
  '@rspack/dev-server': '^2.2.2',
};
/** What a team's own repository also needs to run its tests: this repository's versions (root devDependencies). */
const TEST_TOOLS = {
  jest: '^30.0.0',
  'jest-environment-jsdom': '^30.0.0',
  'ts-jest': '^29.4.0',
  '@testing-library/dom': '^10.4.0',
  '@testing-library/jest-dom': '^6.6.0',
  '@testing-library/react': '^16.3.0',
  '@types/jest': '^30.0.0',
  '@types/react': '^19.1.0',
  '@types/react-dom': '^19.1.0',
};
/** A --service's server: what it runs on when the platform's API does not say (its package.json). */
const SERVICE_DEFAULTS = { fastify: '^5.4.0', jose: '^5.10.0', tsx: '^4.20.0' };
/** ...and what its tests and typecheck need: this repository's versions (root devDependencies). */
const SERVICE_TOOLS = {
  jest: '^30.0.0',
  'ts-jest': '^29.4.0',
  typescript: '~5.9.3',
  '@types/jest': '^30.0.0',
  '@types/node': '^20.19.0',
};
/** A service's registry name: the contract's SERVICE_NAME_PATTERN (api-contract/src/schemas/gateway.ts). */
const SERVICE_NAME = /^[a-z][a-z0-9-]{0,38}[a-z0-9]$/;
const DEFAULT_ICON = '◇';
const FIRST_DEV_PORT = 3001;
/** The shell (3000) and the built-in remotes (3001-3005) in development: a team's own repository starts above them. */
const FIRST_STANDALONE_DEV_PORT = 3006;
const API_DEV_PORT = 4000;

/** The platform's packages a remote depends on; their versions are read from their package.json. */
const PLATFORM_PACKAGES = ['@flashcard/api-contract', '@flashcard/shared-auth', '@flashcard/shared-ui'];
/** What a remote depends on besides them, when no existing remote says otherwise. */
const DEFAULT_DEPENDENCIES = {
  axios: '^1.9.0',
  i18next: '^27.1.2',
  react: '^19.1.0',
  'react-dom': '^19.1.0',
  'react-hot-toast': '^2.5.2',
  'react-i18next': '^18.0.1',
  'react-router-dom': '^7.6.0',
  zustand: '^5.0.5',
};

/** A mistake on the command line: printed as is, exit code 1. */
export class ScaffoldError extends Error {}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The remotes already in `root`: its workspaces and folders whose package.json has "flashcardRemote". */
function existingRemotes(root) {
  const rootPkg = readJson(join(root, 'package.json'));
  const workspaces = (Array.isArray(rootPkg?.workspaces) ? rootPkg.workspaces : rootPkg?.workspaces?.packages) ?? [];
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
  return [...new Set([...workspaces.filter((entry) => !/[*?]/.test(entry)), ...folders])]
    .map((folder) => ({ folder, pkg: readJson(join(root, folder, 'package.json')) }))
    .filter((remote) => remote.pkg && remote.pkg.flashcardRemote);
}

/** A file of the platform: in `root`, else in this checkout (a --root that holds only some of it). */
function platformJson(root, file) {
  return readJson(join(root, file)) ?? readJson(join(REPO_ROOT, file));
}

/** `@flashcard/x` -> the version of the platform's `x/package.json`. */
function platformVersion(root, name) {
  const version = platformJson(root, join(name.slice('@flashcard/'.length), 'package.json'))?.version;
  if (!version)
    throw new ScaffoldError(`Cannot read the version of ${name} (${name.slice('@flashcard/'.length)}/package.json).`);
  return version;
}

/**
 * The tarballs `npm pack` wrote into `packages`, by package name: `{ version, file }`. With
 * --standalone a team may install the platform from them instead of a registry.
 */
function tarballs(packages) {
  if (!existsSync(packages) || !statSync(packages).isDirectory())
    throw new ScaffoldError(`--packages ${packages} is not a folder.`);
  const found = {};
  for (const file of readdirSync(packages)) {
    const match = /^flashcard-(.+?)-(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\.tgz$/.exec(file);
    if (match) found[`@flashcard/${match[1]}`] = { version: match[2], file: join(packages, file) };
  }
  const missing = [...PLATFORM_PACKAGES, '@flashcard/platform-tools'].filter((name) => !found[name]);
  if (missing.length)
    throw new ScaffoldError(
      `--packages ${packages} has no tarball of ${missing.join(', ')} (npm pack writes flashcard-<name>-<version>.tgz).`,
    );
  return found;
}

/**
 * The next dev port after every one the platform's remotes declare (and never the API's); a
 * team's own repository also stays above the platform's defaults, whatever `root` holds.
 */
function nextDevPort(remotes, standalone) {
  const taken = remotes.map((remote) => remote.pkg.flashcardRemote.devPort).filter(Number.isInteger);
  const floor = standalone ? FIRST_STANDALONE_DEV_PORT : FIRST_DEV_PORT;
  let port = Math.max(floor, ...taken.map((used) => used + 1));
  while (port === API_DEV_PORT || taken.includes(port)) port += 1;
  return port;
}

const basePath = (path) => path.replace(/\/\*$/, '') || '/';

/** Checks the options; returns them normalised, or throws ScaffoldError. */
export function validate({
  root = REPO_ROOT,
  name,
  route,
  label,
  icon,
  order,
  roles,
  bundler = 'webpack',
  standalone,
  packages,
  service,
}) {
  if (!name) throw new ScaffoldError(`Name the remote: mfe-<name>.\n${USAGE}`);
  if (!/^mfe-[a-z][a-z0-9-]*$/.test(name)) {
    throw new ScaffoldError(
      `"${name}" is not a remote name: use mfe- then a lower-case letter, then lower-case letters, digits or dashes (mfe-quiz).`,
    );
  }
  if (name.length > 40) throw new ScaffoldError(`"${name}" is too long: at most 40 characters.`);
  if (!existsSync(join(root, 'package.json')))
    throw new ScaffoldError(`${root} has no package.json: is it the repository root?`);
  if (packages !== undefined && standalone === undefined)
    throw new ScaffoldError('--packages goes with --standalone (an in-repository remote uses the workspaces).');
  if (standalone !== undefined) {
    if (existsSync(standalone) && (!statSync(standalone).isDirectory() || readdirSync(standalone).length))
      throw new ScaffoldError(`${standalone} is not an empty folder: --standalone writes a new repository.`);
  } else if (existsSync(join(root, name))) {
    throw new ScaffoldError(`${join(root, name)} already exists: choose another name or remove that folder.`);
  }

  if (!route) throw new ScaffoldError(`--route is required (e.g. --route /${name.slice(4)}).\n${USAGE}`);
  if (!/^\/[a-z0-9-]+$/.test(route)) {
    throw new ScaffoldError(
      `--route "${route}" is not a route: use one segment of lower-case letters, digits or dashes after a slash (/quiz).`,
    );
  }
  if (SHELL_PATHS.includes(route)) throw new ScaffoldError(`--route ${route} belongs to the shell.`);
  const remotes = existingRemotes(root);
  // The registry knows a remote by its name alone: a team's repository cannot reuse the platform's.
  if (standalone !== undefined && remotes.some((remote) => remote.folder === name))
    throw new ScaffoldError(`${name} is already a remote of the platform: choose another name.`);
  for (const remote of remotes) {
    const { routes = [], navigation = [] } = remote.pkg.flashcardRemote;
    if ([...routes, ...navigation].some((entry) => basePath(entry.path) === route)) {
      throw new ScaffoldError(`--route ${route} is already owned by ${remote.folder}.`);
    }
  }

  if (typeof label !== 'string' || !label.trim())
    throw new ScaffoldError(`--label is required (the name in the sidebar, e.g. --label Quiz).\n${USAGE}`);
  const cleanLabel = label.trim();
  if (cleanLabel.length > 40) throw new ScaffoldError('--label is too long: at most 40 characters.');

  const cleanIcon = icon === undefined ? DEFAULT_ICON : String(icon).trim();
  if (!cleanIcon || cleanIcon.length > 4) throw new ScaffoldError('--icon must be one glyph (1-4 characters).');

  const orders = remotes
    .flatMap((remote) => (remote.pkg.flashcardRemote.navigation ?? []).map((entry) => entry.order))
    .filter(Number.isInteger);
  let cleanOrder;
  if (order === undefined) {
    // After the existing entries, on the same step of ten.
    cleanOrder = Math.min(1000, (orders.length ? Math.max(...orders) : 0) + 10);
  } else {
    cleanOrder = Number(order);
    if (!Number.isInteger(cleanOrder) || cleanOrder < 1 || cleanOrder > 1000)
      throw new ScaffoldError(`--order must be a whole number from 1 to 1000, got "${order}".`);
  }

  let cleanRoles;
  if (roles !== undefined) {
    cleanRoles = [
      ...new Set(
        String(roles)
          .split(',')
          .map((role) => role.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = cleanRoles.filter((role) => !ROLES.includes(role));
    if (!cleanRoles.length || unknown.length) {
      throw new ScaffoldError(
        `--roles takes a comma-separated list of ${ROLES.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}.`,
      );
    }
  }

  if (!BUNDLERS.includes(bundler))
    throw new ScaffoldError(`--bundler takes ${BUNDLERS.join(' or ')}, got "${bundler}".`);

  if (service !== undefined && !SERVICE_NAME.test(service))
    throw new ScaffoldError(
      `--service "${service}" cannot name a service: 2-40 lower-case letters, digits or dashes, starting with a letter (quiz).`,
    );

  const devPort = nextDevPort(remotes, standalone !== undefined);
  const packs = packages === undefined ? undefined : tarballs(packages);

  return {
    root,
    name,
    route,
    label: cleanLabel,
    icon: cleanIcon,
    order: cleanOrder,
    roles: cleanRoles,
    bundler,
    devPort,
    remotes,
    standalone,
    packs,
    service,
  };
}

/**
 * Dependencies like the other remotes': the platform's packages at their version (or their
 * tarball), the rest at the range the remotes declare. `kernelVersion` is the kernel's version.
 */
function dependenciesFor(root, remotes, packs, dir) {
  const dependencies = {};
  for (const name of PLATFORM_PACKAGES)
    dependencies[name] = packs ? fileRange(packs[name].file, dir) : platformVersion(root, name);
  for (const [dependency, fallback] of Object.entries(DEFAULT_DEPENDENCIES)) {
    const declared = remotes.map((remote) => remote.pkg.dependencies?.[dependency]).find(Boolean);
    dependencies[dependency] = declared ?? fallback;
  }
  const kernelVersion = packs
    ? packs['@flashcard/shared-auth'].version
    : platformVersion(root, '@flashcard/shared-auth');
  return {
    dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : 1))),
    kernelVersion,
  };
}

/** A `file:` range to a tarball, relative to the repository that installs it (so the pair can move together). */
function fileRange(file, dir) {
  return `file:${relative(dir, file).split(sep).join('/')}`;
}

/** webpack.config.js: the platform's factory does everything. */
const webpackConfig = (federationName) => `const { createAppConfig } = require('@flashcard/platform-tools/webpack');

module.exports = createAppConfig({
  dir: __dirname,
  name: '${federationName}',
  exposes: { './App': './src/App.tsx' },
});
`;

/**
 * rspack.config.js: what the webpack factory sets, written out for Rspack. The share map and
 * the resolve conditions come from the kernel, so both bundlers ask for the same singletons.
 */
const rspackConfig = (
  federationName,
  devPort,
  service,
) => `// The remote's Rspack build. The contract with the shell (docs/PLATFORM.md, "Rules a remote
// keeps"): federation name = registry key, './App' exposed, publicPath 'auto', a manifest, the
// kernel's share map, no remote loader of its own (the shell loads remotes), and in production
// the shell's federation runtime (externalRuntime).
const path = require('path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { sharedConfig, conditionNames } = require('@flashcard/shared-auth/shared-config');

module.exports = (_env, argv = {}) => {
  const dev = argv.mode === 'development';
  return {
    mode: dev ? 'development' : 'production',
    context: __dirname,
    entry: './src/index.ts',
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: dev ? '[name].js' : '[id].[contenthash:8].js',
      uniqueName: '${federationName}',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      conditionNames: conditionNames(),
      // The contract's schemas are for the API; in a browser bundle TypeBox is a stub.
      alias: { '@sinclair/typebox$': require.resolve('@flashcard/platform-tools/typebox-stub') },
    },
    module: {
      rules: [
        {
          test: /\\.tsx?$/,
          // The @flashcard packages ship TypeScript sources where they have no build.
          exclude: /node_modules[\\\\/](?!@flashcard[\\\\/])/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
          type: 'javascript/auto',
        },
        // The contract's schemas are for the API: a browser keeps its endpoints' methods and paths.
        require('@flashcard/platform-tools/contract-loader').rule,
        { test: /\\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: '${federationName}',
        filename: 'remoteEntry.js',
        exposes: { './App': './src/App.tsx' },
        shared: sharedConfig({ dir: __dirname }),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        experiments: { optimization: { target: 'web', disableRemote: true }, ...(dev ? {} : { externalRuntime: true }) },
      }),
      new rspack.HtmlRspackPlugin({ title: 'Flashcards - ${federationName} (standalone)' }),
    ],
    devServer: {
      port: ${devPort},
      historyApiFallback: true,
      // The shell (another origin in dev) fetches the manifest and chunks from here.
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: 'http://127.0.0.1:4000' }],${
        service
          ? `
      // Before that proxy: the services SERVICE_TARGETS names, on this machine (the platform's guide).
      setupMiddlewares: (middlewares) =>
        require('@flashcard/platform-tools/dev-gateway').withDevGateway(middlewares, 'http://127.0.0.1:4000'),`
          : ''
      }
    },
  };
};
`;

/**
 * A team's own tsconfig.json: the platform's compiler options without its "resolve the sources"
 * condition (a team installs the built kernel), jest's globals for the tests.
 */
function standaloneTsconfig(root) {
  const text = readFileSync(
    existsSync(join(root, 'tsconfig.base.json'))
      ? join(root, 'tsconfig.base.json')
      : join(REPO_ROOT, 'tsconfig.base.json'),
    'utf8',
  );
  const { compilerOptions } = JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
  delete compilerOptions.customConditions;
  compilerOptions.types = ['jest'];
  return `${JSON.stringify({ compilerOptions, include: ['src'] }, null, 2)}\n`;
}

/** What a team's own repository has beside the remote's files. */
const standaloneReadme = (name, label, devPort, service) => `# ${name}

The ${label} area of the flashcard platform, a Module Federation remote built and released on its
own. The platform's guide (docs/PLATFORM.md of the platform repository) has the whole workflow
and the contract a remote keeps.

\`\`\`sh
npm install
npm test                 # jest + Testing Library, on the mock kernel (@flashcard/shared-auth/testing)
npm run typecheck
npm run dev              # alone on http://localhost:${devPort}, the API proxied to :4000
npm run build            # dist/, what a release publishes
PLATFORM_URL=https://flashcards.example PLATFORM_TOKEN=fcd_... npx flashcard-release . [--promote]
\`\`\`
${service ? serviceReadme(name, service, devPort) : ''}`;

/** The README's part on the --service's server. */
const serviceReadme = (name, service, devPort) => `
## The ${service} service

\`service/\` is the area's own server (Fastify), reached by the browser at
\`/api/services/${service}/*\` through the platform's gateway, which sends it a token it signs for
this service alone instead of the learner's. \`src/service-contract.ts\` declares its endpoints
once: the App calls them (\`serviceApi\` of \`@flashcard/api-contract\`), the service registers its
routes from them. The service is started from this repository (it imports that file).

\`\`\`sh
npm test --workspace service                                     # its test: tokens signed with a local key pair
npm run typecheck --workspace service
PLATFORM_URL=http://localhost:4000 npm start --workspace service  # on :4100 (PORT, HOST, GATEWAY_ISSUER)
\`\`\`

An operator registers it once, with a super_admin's token:
\`npm run platform -- service add ${service} <its address> --remote ${name.replace(/-/g, '_')}\`.
To work on both without the platform's API reaching your machine, the dev server stands in for
the gateway: \`SERVICE_TARGETS=${service}=http://127.0.0.1:4100 npm run dev\`, and the service
started with \`PLATFORM_URL=http://localhost:${devPort}\` (that dev server publishes the key it signs with).
`;

/**
 * The exported first screen of both scaffolds: its heading and intro, the signed-in learner, and
 * the three states of its one load (`load`), the failure's and the answer's text given.
 */
const screenSource = ({
  componentName,
  i18nNames,
  where,
  textFields,
  load,
  failed,
  ready,
}) => `export default function ${componentName}() {
  const { ${textFields} } = ${i18nNames.hook}();
  const user = useAuthStore((state) => state.user);
  const { state, reload } = useLoad(${load});
  return (
    <div className="page">
      <header className="page-header">
        <h1>{t('title')}</h1>
      </header>
      <section className="card stack">
        <p className="muted" style={{ margin: 0 }}>
          {t('intro', { folder: ${quote(where.folder)}, release: ${quote(`\`${where.release}\``)} })}
        </p>
        {user && <p style={{ margin: 0 }}>{t('signedIn', { name: user.display_name || user.email })}</p>}
        {state.status === 'loading' && (
          <p className="muted" role="status" style={{ margin: 0 }}>
            {t('loading')}
          </p>
        )}
        {state.status === 'failed' && (
          <p role="alert" style={{ margin: 0 }}>
            {${failed}}{' '}
            <button type="button" className="btn btn-small" onClick={reload}>
              {t('retry')}
            </button>
          </p>
        )}
        {state.status === 'ready' && (
          <p style={{ margin: 0 }}>
            {${ready}}
          </p>
        )}
      </section>
    </div>
  );
}
`;

/**
 * The area's first screen, built with the platform's kit (shared-ui): its texts through its own
 * namespace, the learner from the kernel's store, server data through useLoad, a time through
 * relativeTime, its own failure text through toastFailure.
 */
const appSource = ({
  federationName,
  route,
  componentName,
  i18nNames,
  where,
}) => `// Exposed as ${federationName}/App; the shell mounts it at ${route}/* inside its own router (the
// standalone harness provides one too), so this area never renders a Router of its own: it may
// use <Routes>, <Link> and the router hooks directly. The signed-in user comes from the kernel's
// one auth store, the shell's; every text from src/i18n, in the page's language.
import { dashboardApi } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { relativeTime, toastFailure, useLoad } from '@flashcard/shared-ui';
import { ${i18nNames.text}, ${i18nNames.hook} } from './i18n';

/** The learner's last study session (the API lists the finished ones, newest first), or null. */
const loadLastSession = () =>
  dashboardApi.getDashboard().then(
    (dashboard) => dashboard.recentSessions[0] ?? null,
    (err: unknown) => {
      // The kernel's client toasted a generic text for the failure: this screen's words replace it.
      toastFailure(${i18nNames.text}('loadFailed'), err);
      throw err;
    },
  );

${screenSource({
  componentName,
  i18nNames,
  where,
  textFields: 't, language',
  load: 'loadLastSession',
  failed: "t('loadFailed')",
  ready: `state.data
              ? t('lastSession', { when: relativeTime(state.data.created_at || state.data.started_at, { language }) })
              : t('noSession')`,
})}`;

const appTestSource = ({
  name,
  route,
  label,
  where,
}) => `import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { mockKernel, type MockKernel } from '@flashcard/shared-auth/testing';
import App from './App';

const HOUR = 3_600_000;
const DASHBOARD = 'GET /dashboard/dashboard';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

// The kernel as the shell leaves it: a signed-in learner, the API answering from a table.
let kernel: MockKernel;
beforeEach(() => {
  kernel = mockKernel({
    user: { display_name: 'Ada' },
    api: {
      [DASHBOARD]: {
        status: 200,
        data: { recentSessions: [{ id: 1, started_at: hoursAgo(3), created_at: hoursAgo(3), ended_at: hoursAgo(3) }] },
      },
    },
  });
});
afterEach(() => kernel.restore());

/** The app where the shell mounts it, inside the shell's router (a Router inside the app would throw). */
function renderApp() {
  render(
    <MemoryRouter initialEntries={['${route}']}>
      <Routes>
        <Route path="${route}/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('${name}', () => {
  it('renders its page where the shell mounts it, with the learner and their last session', async () => {
    renderApp();
    expect(screen.getByRole('heading', { level: 1, name: ${quote(label)} })).toBeInTheDocument();
    expect(screen.getByText(/This area is ready to grow/)).toHaveTextContent(${quote(where.folder)});
    expect(screen.getByText('Signed in as Ada.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Your last study session: 3h ago.')).toBeInTheDocument();
    expect(kernel.requests()).toEqual([DASHBOARD]);
  });

  it('offers Retry when the sessions cannot be read, and loads them again', async () => {
    kernel.on(DASHBOARD, { status: 500, data: { error: 'Database unavailable' } });
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your study sessions.');
    kernel.on(DASHBOARD, { status: 200, data: { recentSessions: [] } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No study session yet.')).toBeInTheDocument();
  });
});
`;

/**
 * With --service, the area's first screen asks the team's service instead: its contract's call
 * through the gateway (serviceApi), with the same kit (useLoad, toastFailure) and texts.
 */
const serviceAppSource = ({
  federationName,
  route,
  componentName,
  i18nNames,
  where,
  service: { endpoints },
}) => `// Exposed as ${federationName}/App; the shell mounts it at ${route}/* inside its own router (the
// standalone harness provides one too), so this area never renders a Router of its own: it may
// use <Routes>, <Link> and the router hooks directly. The signed-in user comes from the kernel's
// one auth store, the shell's; every text from src/i18n, in the page's language; the team's own
// data from its service, through the platform's gateway.
import { serviceApi } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import { toastFailure, useLoad } from '@flashcard/shared-ui';
import { ${i18nNames.text}, ${i18nNames.hook} } from './i18n';
import { SERVICE, ${endpoints} } from './service-contract';

// Through the kernel's client: its token, refresh and error texts, like every platform call.
const calls = serviceApi(${endpoints});

/** What the service answers this learner. */
const loadGreeting = () =>
  calls.greeting({}).catch((err: unknown) => {
    // The kernel's client toasted the gateway's text for the failure: this screen's words replace it.
    toastFailure(${i18nNames.text}('serviceFailed', { service: SERVICE }), err);
    throw err;
  });

${screenSource({
  componentName,
  i18nNames,
  where,
  textFields: 't',
  load: 'loadGreeting',
  failed: "t('serviceFailed', { service: SERVICE })",
  ready: "t('greeting', { learner: state.data.learner, service: SERVICE, visits: state.data.visits })",
})}`;

const serviceAppTestSource = ({
  name,
  route,
  label,
  service: { service },
}) => `import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { mockKernel, type MockKernel } from '@flashcard/shared-auth/testing';
import App from './App';

// The gateway's path for the service's GET /greeting.
const GREETING = 'GET /services/${service}/greeting';

// The kernel as the shell leaves it: a signed-in learner, the API (here the gateway) answering from a table.
let kernel: MockKernel;
beforeEach(() => {
  kernel = mockKernel({
    user: { id: 7, display_name: 'Ada' },
    api: { [GREETING]: { status: 200, data: { learner: 7, roles: ['user'], visits: 1 } } },
  });
});
afterEach(() => kernel.restore());

/** The app where the shell mounts it, inside the shell's router (a Router inside the app would throw). */
function renderApp() {
  render(
    <MemoryRouter initialEntries={['${route}']}>
      <Routes>
        <Route path="${route}/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('${name}', () => {
  it("renders its page where the shell mounts it, with the service's answer for the learner", async () => {
    renderApp();
    expect(screen.getByRole('heading', { level: 1, name: ${quote(label)} })).toBeInTheDocument();
    expect(screen.getByText('Signed in as Ada.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Hello, learner 7, from the ${service} service (visit 1).')).toBeInTheDocument();
    expect(kernel.requests()).toEqual([GREETING]);
  });

  it('offers Retry when the service does not answer, and asks again', async () => {
    kernel.on(GREETING, { status: 502, data: { error: 'The ${service} service could not be reached (refused)' } });
    renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent('The ${service} service is not answering right now.');
    kernel.on(GREETING, { status: 200, data: { learner: 7, roles: ['user'], visits: 2 } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello, learner 7, from the ${service} service (visit 2).')).toBeInTheDocument();
  });
});
`;

/**
 * The area's namespace: English and its four translations (the scaffold's own sentences, already
 * translated; the area's name stays the label until the team translates it), the index that
 * registers them, and the test every app runs over its catalogues.
 */
function i18nFiles({ name, label, i18nNames, service }) {
  // The common sentences, then the screen's own: the last study session, or with --service the
  // service's answer.
  const common = {
    en: {
      intro: 'This area is ready to grow: its screens live in {{folder}}, and {{release}} publishes it.',
      signedIn: 'Signed in as {{name}}.',
      loading: 'Loading...',
    },
    es: {
      intro: 'Esta área está lista para crecer: sus pantallas están en {{folder}} y {{release}} la publica.',
      signedIn: 'Sesión iniciada como {{name}}.',
      loading: 'Cargando...',
    },
    fr: {
      intro: 'Cet espace est prêt à grandir : ses écrans sont dans {{folder}}, et {{release}} le publie.',
      signedIn: 'Connecté en tant que {{name}}.',
      loading: 'Chargement...',
    },
    de: {
      intro:
        'Dieser Bereich ist bereit zu wachsen: Seine Seiten liegen in {{folder}}, und {{release}} veröffentlicht ihn.',
      signedIn: 'Angemeldet als {{name}}.',
      loading: 'Wird geladen...',
    },
    it: {
      intro: 'Quest’area è pronta a crescere: le sue schermate sono in {{folder}} e {{release}} la pubblica.',
      signedIn: 'Accesso effettuato come {{name}}.',
      loading: 'Caricamento...',
    },
  };
  const sessions = {
    en: {
      lastSession: 'Your last study session: {{when}}.',
      noSession: 'No study session yet.',
      loadFailed: 'Could not load your study sessions.',
    },
    es: {
      lastSession: 'Tu última sesión de estudio: {{when}}.',
      noSession: 'Todavía no hay ninguna sesión de estudio.',
      loadFailed: 'No se pudieron cargar tus sesiones de estudio.',
    },
    fr: {
      lastSession: 'Votre dernière session d’étude : {{when}}.',
      noSession: 'Aucune session d’étude pour l’instant.',
      loadFailed: 'Impossible de charger vos sessions d’étude.',
    },
    de: {
      lastSession: 'Deine letzte Lernsitzung: {{when}}.',
      noSession: 'Noch keine Lernsitzung.',
      loadFailed: 'Deine Lernsitzungen konnten nicht geladen werden.',
    },
    it: {
      lastSession: 'La tua ultima sessione di studio: {{when}}.',
      noSession: 'Ancora nessuna sessione di studio.',
      loadFailed: 'Impossibile caricare le tue sessioni di studio.',
    },
  };
  const serviceTexts = {
    en: {
      greeting: 'Hello, learner {{learner}}, from the {{service}} service (visit {{visits}}).',
      serviceFailed: 'The {{service}} service is not answering right now.',
    },
    es: {
      greeting: 'Hola, estudiante {{learner}}, desde el servicio {{service}} (visita {{visits}}).',
      serviceFailed: 'El servicio {{service}} no responde en este momento.',
    },
    fr: {
      greeting: 'Bonjour, apprenant {{learner}}, de la part du service {{service}} (visite {{visits}}).',
      serviceFailed: 'Le service {{service}} ne répond pas pour le moment.',
    },
    de: {
      greeting: 'Hallo, Lernender {{learner}}, vom Dienst {{service}} (Besuch {{visits}}).',
      serviceFailed: 'Der Dienst {{service}} antwortet gerade nicht.',
    },
    it: {
      greeting: 'Ciao, studente {{learner}}, dal servizio {{service}} (visita {{visits}}).',
      serviceFailed: 'Il servizio {{service}} non risponde al momento.',
    },
  };
  const retry = { en: 'Retry', es: 'Reintentar', fr: 'Réessayer', de: 'Erneut versuchen', it: 'Riprova' };
  const texts = Object.fromEntries(
    Object.keys(common).map((language) => [
      language,
      { ...common[language], ...(service ? serviceTexts : sessions)[language], retry: retry[language] },
    ]),
  );
  // The i18n test's sample: a text of this screen, in English and German.
  const sample = service ? 'retry' : 'noSession';
  const entries = (messages) =>
    Object.entries(messages)
      .map(([key, text]) => `  ${key}: ${quote(text)},`)
      .join('\n');
  const files = {
    'src/i18n/en.ts': `// The area's texts in English (bundled). Every visible text is here, in the page's language
// through ${i18nNames.hook}() (src/i18n/index.ts).
const en = {
  title: ${quote(label)},
${entries(texts.en)}
} as const;

export default en;
`,
  };
  for (const language of ['es', 'fr', 'de', 'it']) {
    const variable = language === 'it' ? 'itMessages' : language;
    files[`src/i18n/${language}.ts`] = `import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

// Typed against English: a missing or misspelt key fails typecheck.
const ${variable}: MessagesOf<typeof en> = {
  // The area's name, as the sidebar's: translate it here and in package.json's navigation "labels".
  title: ${quote(label)},
${entries(texts[language])}
};

export default ${variable};
`;
  }
  files['src/i18n/index.ts'] =
    `// This area's namespace: English bundled, each other language a chunk loaded when the page
// switches to it (createNamespace of @flashcard/shared-ui registers them with the kernel).
import { createNamespace } from '@flashcard/shared-ui';
import en from './en';

declare module 'i18next' {
  interface ResourceNamespaceMap {
    ${i18nNames.namespace}: typeof en;
  }
}

export const { useLocale: ${i18nNames.hook}, text: ${i18nNames.text} } = createNamespace('${i18nNames.namespace}', {
  en,
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
});
`;
  files['src/i18n/i18n.test.ts'] = `import { setLanguage } from '@flashcard/shared-auth';
import { catalogueProblems } from '@flashcard/shared-auth/testing';
import { ${i18nNames.text} } from '.';
import en from './en';
import es from './es';
import fr from './fr';
import de from './de';
import itMessages from './it';

describe('${name} catalogues', () => {
  afterEach(() => setLanguage('en'));

  it('has every English text in es, fr, de and it, with the same placeholders and markup', () => {
    expect(catalogueProblems(en, { es, fr, de, it: itMessages })).toEqual([]);
  });

  it("speaks the page's language once it is chosen", async () => {
    expect(${i18nNames.text}('${sample}')).toBe(${quote(texts.en[sample])});
    await setLanguage('de');
    expect(${i18nNames.text}('${sample}')).toBe(de.${sample});
  });
});
`;
  return files;
}

/**
 * With --service: the names the generated code uses for the service `quiz-api` (its endpoints
 * `quizApiEndpoints`), and its files. The shared contract (src/service-contract.ts) declares the
 * service's endpoints once with the contract's `serviceEndpoint`: the App calls them through the
 * gateway, the service (service/) registers its routes from them and verifies the gateway's token.
 */
function serviceNames(service) {
  const camel = service.replace(/-([a-z0-9])/g, (_match, letter) => letter.toUpperCase());
  return { service, endpoints: `${camel}Endpoints` };
}

const serviceContractSource = ({
  service,
  endpoints,
}) => `// The ${service} service's endpoints, declared once: the App calls them through the platform's
// gateway (/api/services/${service}/..., serviceApi of @flashcard/api-contract) and the service
// (service/src/server.ts) registers its routes from them. Server-safe: TypeBox and the contract's
// schemas entry only (browser builds replace TypeBox with a stub; only the paths are used there).
import { Type, type Static } from '@sinclair/typebox';
import { ErrorResponse, serviceEndpoint } from '@flashcard/api-contract/schemas';

/** Its name in the platform's registry (\`npm run platform -- service add ${service} <url>\`). */
export const SERVICE = '${service}';

/** What the service answers the learner who called, known from the gateway's token. */
export const Greeting = Type.Object({
  /** The learner's id: the token's \`sub\`. */
  learner: Type.Integer(),
  roles: Type.Array(Type.String()),
  /** This learner's calls since the service started, this one included. */
  visits: Type.Integer(),
});
export type Greeting = Static<typeof Greeting>;

export const ${endpoints} = {
  greeting: serviceEndpoint(SERVICE, 'GET', '/greeting', { response: { 200: Greeting, 401: ErrorResponse } }),
};
`;

const serverSource = ({
  service,
  endpoints,
}) => `// The ${service} service: the team's own server behind the platform's gateway, which passes
// /api/services/${service}/* here with the learner's own token and cookies removed and a token it
// signs for this service alone (ES256, \`aud\` service:${service}, \`sub\` the learner's id, \`roles\`,
// a minute's life). Every call is verified against the platform's public keys before a route runs.
//   PLATFORM_URL   the site (its keys: /api/platform/jwks.json)      required
//   GATEWAY_ISSUER the site's GATEWAY_ISSUER                          default flashcard-platform
//   PORT, HOST     where it listens                                   default 4100, 127.0.0.1
import Fastify, { type FastifyInstance } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { SERVICE, ${endpoints} as ep, type Greeting } from '../../src/service-contract';

/** Who is calling, from the gateway's token. */
export interface Learner {
  id: number;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    learner: Learner;
  }
}

export interface ServiceOptions {
  /** The platform's public keys: its JWKS (createRemoteJWKSet), a local key set in tests. */
  keys: JWTVerifyGetKey;
  /** The \`iss\` the platform's tokens carry. */
  issuer: string;
  logger?: boolean;
}

export function buildServer({ keys, issuer, logger = false }: ServiceOptions): FastifyInstance {
  const app = Fastify({ logger });
  app.decorateRequest('learner', null as unknown as Learner);
  // Before every route: a call without a valid token for this service is not a learner's.
  app.addHook('onRequest', async (request, reply) => {
    const token = /^Bearer (\\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    try {
      if (!token) throw new Error('no token');
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience: \`service:\${SERVICE}\`,
        algorithms: ['ES256'],
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id)) throw new Error('no learner');
      request.learner = { id, roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [] };
    } catch {
      return reply.code(401).send({ error: 'Call this service through the platform' });
    }
  });

  // Per-learner data, in memory for the example: keep yours in your own database.
  const visits = new Map<number, number>();
  app.route({
    method: ep.greeting.method,
    url: ep.greeting.servicePath,
    schema: ep.greeting.schema,
    handler: async (request): Promise<Greeting> => {
      const { id, roles } = request.learner;
      visits.set(id, (visits.get(id) ?? 0) + 1);
      return { learner: id, roles, visits: visits.get(id)! };
    },
  });
  return app;
}

if (require.main === module) {
  const platform = process.env.PLATFORM_URL;
  if (!platform) {
    console.error('Set PLATFORM_URL to the site whose gateway calls this service (e.g. http://localhost:4000).');
    process.exit(1);
  }
  const app = buildServer({
    keys: createRemoteJWKSet(new URL('/api/platform/jwks.json', platform)),
    issuer: process.env.GATEWAY_ISSUER || 'flashcard-platform',
    logger: true,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
  app.listen({ port: Number(process.env.PORT || 4100), host: process.env.HOST || '127.0.0.1' }).catch((error) => {
    app.log.error(error);
    process.exit(1);
  });
}
`;

const serverTestSource = ({
  service,
  endpoints,
}) => `// The service as the gateway calls it, with tokens signed here by a key pair of the test's own
// (the platform's are its to keep): only a valid token made for this service names a learner.
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import type { FastifyInstance } from 'fastify';
import { ${endpoints} as ep } from '../../src/service-contract';
import { buildServer } from './server';

const ISSUER = 'flashcard-platform';
let app: FastifyInstance;
let origin: string;
let platformKey: KeyLike;
let strangerKey: KeyLike;

beforeAll(async () => {
  const platform = await generateKeyPair('ES256');
  platformKey = platform.privateKey;
  strangerKey = (await generateKeyPair('ES256')).privateKey;
  const jwk = { ...(await exportJWK(platform.publicKey)), kid: 'platform-key', alg: 'ES256', use: 'sig' };
  app = buildServer({ keys: createLocalJWKSet({ keys: [jwk] }), issuer: ISSUER });
  // Over HTTP, as the gateway calls it.
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** A token as the gateway signs one, but for what a test makes wrong. */
function token({
  sub = '42',
  audience = 'service:${service}',
  issuer = ISSUER,
  expires = '60s' as string | number,
  key = platformKey,
} = {}) {
  return new SignJWT({ roles: ['user'] })
    .setProtectedHeader({ alg: 'ES256', kid: 'platform-key' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(key);
}

const greet = (authorization?: string) =>
  fetch(\`\${origin}\${ep.greeting.servicePath}\`, { headers: authorization ? { authorization } : {} });

test('refuses a call without a token', async () => {
  const response = await greet();
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ error: 'Call this service through the platform' });
});

test.each([
  ['made for another service', () => token({ audience: 'service:other' })],
  ['of another issuer', () => token({ issuer: 'someone-else' })],
  ['signed with a key the platform does not publish', () => token({ key: strangerKey })],
  ['expired', () => token({ expires: Math.floor(Date.now() / 1000) - 10 })],
])('refuses a token %s', async (_what, make) => {
  const response = await greet(\`Bearer \${await make()}\`);
  expect(response.status).toBe(401);
});

test("answers each learner from the token's sub", async () => {
  const first = await greet(\`Bearer \${await token({ sub: '42' })}\`);
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ learner: 42, roles: ['user'], visits: 1 });
  const again = await greet(\`Bearer \${await token({ sub: '42' })}\`);
  expect(await again.json()).toMatchObject({ learner: 42, visits: 2 });
  const other = await greet(\`Bearer \${await token({ sub: '7' })}\`);
  expect(await other.json()).toMatchObject({ learner: 7, visits: 1 });
});
`;

/** service/package.json, tsconfig.json and jest.config.js. */
function serviceProjectFiles({ root, name, standalone, pickTools }) {
  const api = platformJson(root, join('api', 'package.json')) ?? {};
  const fromApi = (dependency, fallback) =>
    api.dependencies?.[dependency] ?? api.devDependencies?.[dependency] ?? fallback;
  const pkg = {
    name: standalone ? `${name}-service` : `@flashcard/${name}-service`,
    version: '0.1.0',
    private: true,
    description: 'The remote\u2019s own server, behind the platform\u2019s service gateway',
    scripts: {
      start: 'tsx src/server.ts',
      dev: 'tsx watch src/server.ts',
      test: 'jest',
      typecheck: 'tsc --noEmit -p .',
    },
    dependencies: {
      fastify: fromApi('fastify', SERVICE_DEFAULTS.fastify),
      jose: fromApi('jose', SERVICE_DEFAULTS.jose),
      tsx: fromApi('tsx', SERVICE_DEFAULTS.tsx),
    },
    devDependencies: pickTools(SERVICE_TOOLS),
  };
  return {
    'service/package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    // Node's own module rules (CommonJS here); its source files and the shared contract in ../src.
    'service/tsconfig.json': `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "Node16",
    "moduleResolution": "Node16",
    "strict": true,
    "esModuleInterop": true,
    "skipLibCheck": true,
    "isolatedModules": true,
    "noEmit": true,
    "types": ["node", "jest"]
  },
  "include": ["src"]
}
`,
    'service/jest.config.js': `// The service's tests: Node, TypeScript through ts-jest (its tsconfig.json).
module.exports = { testEnvironment: 'node', roots: ['<rootDir>/src'], transform: { '^.+\\\\.ts$': 'ts-jest' } };
`,
  };
}

/** A string literal in the quotes Prettier would choose. */
const quote = (text) => (text.includes("'") ? JSON.stringify(text) : `'${text.replace(/\\/g, '\\\\')}'`);

function files({
  name,
  route,
  label,
  icon,
  order,
  roles,
  bundler,
  devPort,
  dependencies,
  kernelVersion,
  platformTools,
  toolchain,
  testTools,
  standalone,
  root,
  service,
  pickTools,
}) {
  const federationName = name.replace(/-/g, '_');
  const withRoles = roles ? { roles } : {};
  const rspack = bundler === 'rspack';
  const serviceInfo = service ? serviceNames(service) : undefined;
  if (service) {
    // The shared contract builds its schemas with TypeBox, as the platform's contract does.
    const typebox = platformJson(root, join('api-contract', 'package.json'))?.dependencies?.['@sinclair/typebox'];
    dependencies = sortedKeys({ ...dependencies, '@sinclair/typebox': typebox ?? '^0.34.33' });
  }
  const pkg = {
    name: standalone ? name : `@flashcard/${name}`,
    version: '0.1.0',
    private: true,
    // One install for the remote and its service. In the platform's repository the service stays a
    // folder of the remote (a workspace of its own would be a second remote to the lint's
    // boundaries) and runs on the root's install, where the API brings its packages.
    ...(standalone && service ? { workspaces: ['service'] } : {}),
    scripts: {
      build: rspack ? 'rspack build --mode production' : 'webpack --mode production',
      dev: rspack ? 'rspack serve --mode development' : 'webpack serve --mode development',
      test: 'jest',
      typecheck: 'tsc --noEmit -p .',
      release: 'flashcard-release .',
    },
    dependencies,
    devDependencies: { '@flashcard/platform-tools': platformTools, ...toolchain, ...(standalone ? testTools : {}) },
    flashcardRemote: {
      routes: [{ path: `${route}/*`, module: './App', ...withRoles }],
      navigation: [{ label, path: route, icon, order, ...withRoles }],
      // The kernel this remote is built against, from its package.json: a new major narrows it.
      kernel: `^${kernelVersion}`,
      devPort,
    },
  };
  // mfe-team-poll: TeamPollApp, useTeamPollText, teamPollText.
  const pascal = federationName
    .slice(4)
    .split('_')
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  const componentName = `${pascal}App`;
  const i18nNames = {
    namespace: federationName,
    hook: `use${pascal}Locale`,
    text: `${pascal[0].toLowerCase()}${pascal.slice(1)}Text`,
  };
  const where = standalone
    ? { folder: 'src', release: 'npx flashcard-release .' }
    : { folder: `${name}/src`, release: `npm run release -- ${name}` };
  return {
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    ...(rspack
      ? { 'rspack.config.js': rspackConfig(federationName, devPort, Boolean(service)) }
      : { 'webpack.config.js': webpackConfig(federationName) }),
    ...(standalone
      ? {
          'tsconfig.json': standaloneTsconfig(root),
          'jest.config.js': `// jsdom, ts-jest, the jest-dom matchers, CSS stubbed: @flashcard/platform-tools/jest-preset.
module.exports = { preset: '@flashcard/platform-tools' };
`,
          '.gitignore': 'node_modules/\ndist/\n',
          'README.md': standaloneReadme(name, label, devPort, service),
        }
      : {
          'tsconfig.json': '{ "extends": "../tsconfig.base.json", "include": ["src"] }\n',
          'jest.config.js': "module.exports = require('../jest.preset')(__dirname);\n",
        }),
    'src/index.ts': `// Async boundary: shared singletons are negotiated before any app code runs.
import('./bootstrap');
`,
    'src/bootstrap.tsx': `// Standalone entry: only used when this remote runs on its own dev server.
import '@flashcard/shared-ui/src/styles.css';
import { createRoot } from 'react-dom/client';
import { StandaloneHarness } from '@flashcard/shared-ui';
import App from './App';

createRoot(document.getElementById('root')!).render(
  <StandaloneHarness>
    <App />
  </StandaloneHarness>,
);
`,
    'src/App.tsx': serviceInfo
      ? serviceAppSource({ federationName, route, componentName, i18nNames, where, service: serviceInfo })
      : appSource({ federationName, route, componentName, i18nNames, where }),
    'src/App.test.tsx': serviceInfo
      ? serviceAppTestSource({ name, route, label, service: serviceInfo })
      : appTestSource({ name, route, label, where }),
    ...i18nFiles({ name, label, i18nNames, service }),
    'src/jest-dom.d.ts': `// The jest preset installs the jest-dom matchers at runtime; this makes tsc know about them too.
/// <reference types="@testing-library/jest-dom" />
`,
    ...(serviceInfo
      ? {
          'src/service-contract.ts': serviceContractSource(serviceInfo),
          ...serviceProjectFiles({ root, name, standalone, pickTools }),
          'service/src/server.ts': serverSource(serviceInfo),
          'service/src/server.test.ts': serverTestSource(serviceInfo),
        }
      : {}),
  };
}

const sortedKeys = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * Adds `folder` to the root package.json workspaces, right after the last remote (a targeted
 * edit of that one line: the rest of the file stays as it is). False when it was there already.
 */
export function addWorkspace(root, folder) {
  const file = join(root, 'package.json');
  const text = readFileSync(file, 'utf8');
  const pkg = JSON.parse(text);
  const workspaces = Array.isArray(pkg.workspaces) ? pkg.workspaces : pkg.workspaces?.packages;
  if (!workspaces) throw new ScaffoldError(`${file} declares no workspaces.`);
  if (workspaces.includes(folder)) return false;
  const anchor = [...workspaces].reverse().find((entry) => /^mfe-/.test(entry)) ?? workspaces[workspaces.length - 1];
  const start = text.indexOf('"workspaces"');
  const line =
    anchor === undefined ? null : new RegExp(`\\n([ \\t]*)"${anchor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"(,?)`, 'g');
  const match = line && ((line.lastIndex = start), line.exec(text));
  let next;
  if (match) {
    const [whole, indent, comma] = match;
    const at = match.index + whole.length;
    next = comma
      ? `${text.slice(0, at)}\n${indent}"${folder}",${text.slice(at)}`
      : `${text.slice(0, at)},\n${indent}"${folder}"${text.slice(at)}`;
  } else {
    workspaces.push(folder);
    next = `${JSON.stringify(pkg, null, 2)}\n`;
  }
  const check = JSON.parse(next);
  const listed = Array.isArray(check.workspaces) ? check.workspaces : check.workspaces.packages;
  if (!listed.includes(folder)) throw new ScaffoldError(`Could not add ${folder} to the workspaces of ${file}.`);
  writeFileSync(file, next);
  return true;
}

/** Writes the remote; returns `{ dir, files, pkg }`. Throws ScaffoldError for bad options. */
export function scaffold(options) {
  const checked = validate(options);
  const { root, name, remotes, standalone, packs } = checked;
  const dir = standalone ?? join(root, name);
  const platformTools = packs
    ? fileRange(packs['@flashcard/platform-tools'].file, dir)
    : platformVersion(root, '@flashcard/platform-tools');
  const rootDevDependencies = readJson(join(root, 'package.json'))?.devDependencies ?? {};
  const pick = (defaults) =>
    Object.fromEntries(
      Object.entries(defaults).map(([tool, fallback]) => [tool, rootDevDependencies[tool] ?? fallback]),
    );
  const toolchain = pick(
    Object.fromEntries(TOOLCHAINS[checked.bundler].map((tool) => [tool, TOOLCHAIN_DEFAULTS[tool]])),
  );
  const { dependencies, kernelVersion } = dependenciesFor(root, remotes, packs, dir);
  const contents = files({
    ...checked,
    dependencies,
    kernelVersion,
    platformTools,
    toolchain,
    testTools: pick(TEST_TOOLS),
    pickTools: pick,
  });
  for (const [path, content] of Object.entries(contents)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content, { flag: 'wx' });
  }
  if (!standalone) addWorkspace(root, name);
  return { dir, files: Object.keys(contents), pkg: JSON.parse(contents['package.json']) };
}

const FLAGS = {
  '--route': 'route',
  '--label': 'label',
  '--icon': 'icon',
  '--order': 'order',
  '--roles': 'roles',
  '--bundler': 'bundler',
  '--root': 'root',
  '--standalone': 'standalone',
  '--packages': 'packages',
  '--service': 'service',
};

/** The command line as scaffold() options. */
export function parseArgs(argv) {
  const options = {};
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg.startsWith('--')) {
      const [flag, inline] = arg.split(/=(.*)/s);
      const key = FLAGS[flag];
      if (!key) throw new ScaffoldError(`Unknown option ${flag}.\n${USAGE}`);
      const value = inline !== undefined ? inline : argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--')))
        throw new ScaffoldError(`${flag} needs a value.\n${USAGE}`);
      options[key] = value;
    } else {
      positional.push(arg);
    }
  }
  if (positional.length > 1) throw new ScaffoldError(`One remote at a time (got ${positional.join(', ')}).\n${USAGE}`);
  options.name = positional[0];
  for (const key of ['root', 'standalone', 'packages'])
    if (options[key]) options[key] = resolve(process.env.INIT_CWD ?? process.cwd(), options[key]);
  return options;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = parseArgs(process.argv.slice(2));
    if (options.help) {
      console.log(USAGE);
    } else {
      const { dir, files: written, pkg } = scaffold(options);
      const nav = pkg.flashcardRemote.navigation[0];
      console.log(`Created ${dir}:`);
      for (const file of written) console.log(`  ${file}`);
      const summary = `${pkg.name}: route ${pkg.flashcardRemote.routes[0].path}, sidebar "${nav.label}" (order ${nav.order}), dev server :${pkg.flashcardRemote.devPort}, kernel ${pkg.flashcardRemote.kernel}.`;
      const service = options.service;
      const inService = options.standalone ? '--workspace service' : `--prefix ${options.name}/service`;
      // A command and what it does, on one line when it fits beside the others.
      const step = (command, what) =>
        command.length < 32 ? `\n  ${command.padEnd(32)} ${what}` : `\n  ${command}\n  ${''.padEnd(32)} ${what}`;
      const serviceSteps = service
        ? step(`npm test ${inService}`, "the service's test") +
          step(
            `PLATFORM_URL=http://localhost:4000 npm start ${inService}`,
            "the service on :4100 (PORT), verifying the tokens of that site's gateway",
          )
        : '';
      const register = service
        ? `
Then an operator (PLATFORM_TOKEN: a super_admin's access token) registers the service where the site's API reaches it:
  npm run platform -- service add ${service} http://127.0.0.1:4100 --remote ${pkg.name.replace(/^@flashcard\//, '').replace(/-/g, '_')}`
        : '';
      if (options.standalone) {
        console.log(`
${summary}
A repository of its own. Next, in ${dir}:
  ${'npm install'.padEnd(32)} its dependencies${options.packages ? ' (the platform from the tarballs)' : ''}
  ${'npm test'.padEnd(32)} its test, on the mock kernel${serviceSteps}
  ${'npm run dev'.padEnd(32)} the remote alone
  ${'npx flashcard-release .'.padEnd(32)} build and publish it (PLATFORM_URL, PLATFORM_TOKEN)${register}`);
      } else {
        console.log(`
${summary}
Added to the workspaces of package.json. Next:
  ${'npm install'.padEnd(32)} link the new workspace
  ${'npm run dev'.padEnd(32)} every app, the new one included${serviceSteps}
  ${`npm run release -- ${options.name}`.padEnd(32)} publish it to the platform (PLATFORM_URL, PLATFORM_TOKEN)${register}`);
      }
    }
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

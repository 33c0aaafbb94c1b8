// `npm run new-remote`, run into a temp copy of the repository's manifests (--root).
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const { findBuiltinRemotes, findRemotes } = require('../platform-tools/remotes.js');

const REPO = path.join(__dirname, '..');
const SCRIPT = path.join(__dirname, 'new-remote.mjs');

let root;
let rootPackageBefore;
const rootPackage = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));

function write(file, content) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(
    path.join(root, file),
    typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
  );
}
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const readJson = (file) => JSON.parse(read(file));

/**
 * A remote folder of the fake repository.
 * @param {string} folder
 * @param {{ route: string, order: number, devPort?: number, roles?: string[] }} metadata
 */
function remote(folder, { route, order, devPort, roles }) {
  write(`${folder}/package.json`, {
    name: `@flashcard/${folder}`,
    version: '0.1.0',
    private: true,
    dependencies: { '@flashcard/shared-auth': '1.0.0', react: '^19.1.0', 'react-router-dom': '^7.6.0' },
    flashcardRemote: {
      routes: [{ path: `${route}/*`, module: './App', ...(roles ? { roles } : {}) }],
      navigation: [{ label: folder, path: route, icon: '*', order, ...(roles ? { roles } : {}) }],
      kernel: '^1.0.0',
      ...(devPort ? { devPort } : {}),
    },
  });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'new-remote-'));
  // The real root package.json (its formatting is what the workspaces edit must keep).
  write('package.json', {
    ...rootPackage,
    workspaces: [
      'shared-auth',
      'api-contract',
      'shared-ui',
      'platform-tools',
      'shell',
      'mfe-cards',
      'mfe-admin',
      'api',
      'e2e',
    ],
  });
  rootPackageBefore = read('package.json');
  write('shared-auth/package.json', { name: '@flashcard/shared-auth', version: '1.2.0' });
  write('shared-ui/package.json', { name: '@flashcard/shared-ui', version: '0.1.0' });
  write('api-contract/package.json', { name: '@flashcard/api-contract', version: '1.0.0' });
  write('platform-tools/package.json', { name: '@flashcard/platform-tools', version: '1.0.0' });
  write('shell/package.json', { name: '@flashcard/shell', version: '0.1.0' });
  remote('mfe-cards', { route: '/cards', order: 30, devPort: 3001 });
  remote('mfe-admin', { route: '/admin', order: 90, devPort: 3004, roles: ['admin', 'super_admin'] });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function run(...args) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args, '--root', root], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('new-remote', () => {
  it('scaffolds a remote in the shape of the others and adds it to the workspaces', () => {
    const result = run('mfe-quiz', '--route', '/quiz', '--label', 'Quiz');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Created ${path.join(root, 'mfe-quiz')}`);

    const files = [];
    const walk = (dir, prefix = '') => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
        else files.push(`${prefix}${entry.name}`);
      }
    };
    walk(path.join(root, 'mfe-quiz'));
    expect(files.sort()).toEqual([
      'jest.config.js',
      'package.json',
      'src/App.test.tsx',
      'src/App.tsx',
      'src/bootstrap.tsx',
      'src/i18n/de.ts',
      'src/i18n/en.ts',
      'src/i18n/es.ts',
      'src/i18n/fr.ts',
      'src/i18n/i18n.test.ts',
      'src/i18n/index.ts',
      'src/i18n/it.ts',
      'src/index.ts',
      'src/jest-dom.d.ts',
      'tsconfig.json',
      'webpack.config.js',
    ]);

    const pkg = readJson('mfe-quiz/package.json');
    expect(pkg).toEqual({
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      private: true,
      scripts: {
        build: 'webpack --mode production',
        dev: 'webpack serve --mode development',
        test: 'jest',
        typecheck: 'tsc --noEmit -p .',
        release: 'flashcard-release .',
      },
      dependencies: {
        '@flashcard/api-contract': '1.0.0',
        '@flashcard/shared-auth': '1.2.0',
        '@flashcard/shared-ui': '0.1.0',
        axios: '^1.9.0',
        i18next: '^27.1.2',
        react: '^19.1.0',
        'react-dom': '^19.1.0',
        'react-hot-toast': '^2.5.2',
        'react-i18next': '^18.0.1',
        'react-router-dom': '^7.6.0',
        zustand: '^5.0.5',
      },
      // The repository's own toolchain (its root devDependencies).
      devDependencies: {
        '@flashcard/platform-tools': '1.0.0',
        '@module-federation/enhanced': rootPackage.devDependencies['@module-federation/enhanced'],
        typescript: rootPackage.devDependencies.typescript,
        webpack: rootPackage.devDependencies.webpack,
        'webpack-cli': rootPackage.devDependencies['webpack-cli'],
        'webpack-dev-server': rootPackage.devDependencies['webpack-dev-server'],
      },
      flashcardRemote: {
        routes: [{ path: '/quiz/*', module: './App' }],
        // After the last entry (90), on the next free dev port (3004 + 1).
        navigation: [{ label: 'Quiz', path: '/quiz', icon: '◇', order: 100 }],
        kernel: '^1.2.0',
        devPort: 3005,
      },
    });

    const webpackConfig = read('mfe-quiz/webpack.config.js');
    expect(webpackConfig).toContain("require('@flashcard/platform-tools/webpack')");
    expect(webpackConfig).toContain("name: 'mfe_quiz'");
    expect(webpackConfig).toContain("exposes: { './App': './src/App.tsx' }");
    expect(readJson('mfe-quiz/tsconfig.json')).toEqual({ extends: '../tsconfig.base.json', include: ['src'] });
    expect(read('mfe-quiz/jest.config.js')).toContain("require('../jest.preset')(__dirname)");
    expect(read('mfe-quiz/src/index.ts')).toContain("import('./bootstrap');");
    expect(read('mfe-quiz/src/bootstrap.tsx')).toContain('<StandaloneHarness>');
    const app = read('mfe-quiz/src/App.tsx');
    expect(app).toContain('export default function QuizApp()');
    expect(app).not.toMatch(/import .*Router|<[A-Za-z]*Router/);
    // Built with the platform's kit: every text through its namespace, data through useLoad.
    expect(app).toContain("import { relativeTime, toastFailure, useLoad } from '@flashcard/shared-ui';");
    expect(app).toContain("import { quizText, useQuizLocale } from './i18n';");
    expect(app).toContain("<h1>{t('title')}</h1>");
    expect(app).toContain("release: '`npm run release -- mfe-quiz`'");
    expect(app).not.toMatch(/>\s*[A-Z][a-z]+ [a-z]/); // no English sentence written in the markup
    expect(read('mfe-quiz/src/App.test.tsx')).toContain('<Route path="/quiz/*" element={<App />} />');

    // One line added to the workspaces, after the last remote; nothing else in the file moved.
    const after = read('package.json');
    expect(readJson('package.json').workspaces).toEqual([
      'shared-auth',
      'api-contract',
      'shared-ui',
      'platform-tools',
      'shell',
      'mfe-cards',
      'mfe-admin',
      'mfe-quiz',
      'api',
      'e2e',
    ]);
    expect(after.replace('    "mfe-quiz",\n', '')).toBe(rootPackageBefore);
  });

  it('leaves the built-in list alone: a scaffold is a remote of the workspace, built and released by npm start only once listed', () => {
    const pkg = readJson('package.json');
    write('package.json', { ...pkg, flashcardBuiltinRemotes: ['mfe-cards', 'mfe-admin'] });
    expect(run('mfe-quiz', '--route', '/quiz', '--label', 'Quiz').code).toBe(0);
    expect(readJson('package.json').flashcardBuiltinRemotes).toEqual(['mfe-cards', 'mfe-admin']);
    expect(findRemotes(root).map((remote) => remote.folder)).toEqual(['mfe-admin', 'mfe-cards', 'mfe-quiz']);
    expect(findBuiltinRemotes(root).map((remote) => remote.folder)).toEqual(['mfe-admin', 'mfe-cards']);
  });

  it('takes the icon, the order and the roles (on the route and the entry)', () => {
    const result = run(
      'mfe-team-poll',
      '--route',
      '/polls',
      '--label',
      'Team polls',
      '--icon',
      '☑',
      '--order',
      '45',
      '--roles',
      'admin,super_admin',
    );
    expect(result.code).toBe(0);
    const pkg = readJson('mfe-team-poll/package.json');
    expect(pkg.flashcardRemote).toEqual({
      routes: [{ path: '/polls/*', module: './App', roles: ['admin', 'super_admin'] }],
      navigation: [{ label: 'Team polls', path: '/polls', icon: '☑', order: 45, roles: ['admin', 'super_admin'] }],
      kernel: '^1.2.0',
      devPort: 3005,
    });
    expect(read('mfe-team-poll/webpack.config.js')).toContain("name: 'mfe_team_poll'");
    expect(read('mfe-team-poll/src/App.tsx')).toContain('export default function TeamPollApp()');
  });

  it("scaffolds an Rspack remote on the kernel's share map with --bundler rspack", () => {
    const result = run('mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--bundler', 'rspack');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(fs.existsSync(path.join(root, 'mfe-quiz', 'webpack.config.js'))).toBe(false);
    const pkg = readJson('mfe-quiz/package.json');
    expect(pkg.scripts).toMatchObject({
      build: 'rspack build --mode production',
      dev: 'rspack serve --mode development',
      release: 'flashcard-release .',
    });
    expect(pkg.devDependencies).toEqual({
      '@flashcard/platform-tools': '1.0.0',
      '@module-federation/enhanced': readJson('package.json').devDependencies['@module-federation/enhanced'],
      typescript: readJson('package.json').devDependencies.typescript,
      '@rspack/cli': expect.stringMatching(/^\^2\./),
      '@rspack/core': expect.stringMatching(/^\^2\./),
      '@rspack/dev-server': expect.stringMatching(/^\^2\./),
    });
    const config = read('mfe-quiz/rspack.config.js');
    expect(config).toContain("require('@module-federation/enhanced/rspack')");
    expect(config).toContain('shared: sharedConfig({ dir: __dirname })');
    expect(config).toContain("name: 'mfe_quiz'");
    expect(config).toContain("publicPath: 'auto'");
    expect(config).toContain('manifest: true');
    expect(config).toContain('port: 3005');
    expect(config).toContain('test: /\\.tsx?$/');
    expect(config).toContain('exclude: /node_modules[\\\\/](?!@flashcard[\\\\/])/');
    // The same app and test as a webpack remote.
    expect(read('mfe-quiz/src/App.test.tsx')).toContain('mockKernel(');
  });

  it('starts translated: its namespace in English and four languages, registered lazily, checked by its i18n test', () => {
    expect(run('mfe-team-poll', '--route', '/polls', '--label', "Team's polls").code).toBe(0);
    const dir = 'mfe-team-poll/src/i18n';
    const en = read(`${dir}/en.ts`);
    expect(en).toContain(`title: "Team's polls",`);
    expect(en).toContain("signedIn: 'Signed in as {{name}}.',");
    expect(en).toContain('} as const;');
    // The translations are typed against English; the scaffold's own sentences come translated.
    for (const [language, signedIn] of [
      ['es', 'Sesión iniciada como {{name}}.'],
      ['fr', 'Connecté en tant que {{name}}.'],
      ['de', 'Angemeldet als {{name}}.'],
      ['it', 'Accesso effettuato come {{name}}.'],
    ]) {
      const text = read(`${dir}/${language}.ts`);
      expect(text).toContain(': MessagesOf<typeof en> = {');
      expect(text).toContain(`signedIn: '${signedIn}',`);
      expect(text).toContain(`title: "Team's polls",`);
    }
    // The namespace is the registry key (unique on the platform); each language a lazy chunk.
    const index = read(`${dir}/index.ts`);
    expect(index).toContain('mfe_team_poll: typeof en;');
    expect(index).toContain(
      "export const { useLocale: useTeamPollLocale, text: teamPollText } = createNamespace('mfe_team_poll', {",
    );
    for (const language of ['es', 'fr', 'de', 'it'])
      expect(index).toContain(`${language}: () => import('./${language}'),`);
    const test = read(`${dir}/i18n.test.ts`);
    expect(test).toContain("import { catalogueProblems } from '@flashcard/shared-auth/testing';");
    expect(test).toContain('expect(catalogueProblems(en, { es, fr, de, it: itMessages })).toEqual([]);');
    expect(read('mfe-team-poll/src/App.tsx')).toContain('export default function TeamPollApp()');
  });

  it('with --standalone writes a whole repository of its own: every dependency, its own tsconfig and jest config, a free dev port', () => {
    // A remote of the platform already on 3007: the team's gets the next port, never one of the platform's.
    remote('mfe-progress', { route: '/progress', order: 50, devPort: 3007 });
    const dir = path.join(root, 'teams', 'quiz');
    const result = run('mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--standalone', dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('A repository of its own');
    // Nothing of the platform repository changed.
    expect(read('package.json')).toBe(rootPackageBefore);
    expect(fs.existsSync(path.join(root, 'mfe-quiz'))).toBe(false);

    expect(
      fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((file) => !fs.statSync(path.join(dir, file)).isDirectory())
        .sort(),
    ).toEqual([
      '.gitignore',
      'README.md',
      'jest.config.js',
      'package.json',
      'src/App.test.tsx',
      'src/App.tsx',
      'src/bootstrap.tsx',
      'src/i18n/de.ts',
      'src/i18n/en.ts',
      'src/i18n/es.ts',
      'src/i18n/fr.ts',
      'src/i18n/i18n.test.ts',
      'src/i18n/index.ts',
      'src/i18n/it.ts',
      'src/index.ts',
      'src/jest-dom.d.ts',
      'tsconfig.json',
      'webpack.config.js',
    ]);
    // A team's repository names its own folder and command.
    expect(fs.readFileSync(path.join(dir, 'src/App.tsx'), 'utf8')).toContain(
      "{t('intro', { folder: 'src', release: '`npx flashcard-release .`' })}",
    );
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.name).toBe('mfe-quiz');
    expect(pkg.dependencies).toMatchObject({
      '@flashcard/api-contract': '1.0.0',
      '@flashcard/shared-auth': '1.2.0',
      '@flashcard/shared-ui': '0.1.0',
    });
    for (const runtime of [
      'react',
      'react-dom',
      'react-router-dom',
      'zustand',
      'axios',
      'react-hot-toast',
      'i18next',
      'react-i18next',
    ]) {
      expect(pkg.dependencies[runtime]).toMatch(/^\^\d/);
    }
    // The repository's own tool versions, so the team's tests run as the platform's do.
    const dev = rootPackage.devDependencies;
    expect(pkg.devDependencies).toEqual({
      '@flashcard/platform-tools': '1.0.0',
      ...Object.fromEntries(
        [
          '@module-federation/enhanced',
          'typescript',
          'webpack',
          'webpack-cli',
          'webpack-dev-server',
          'jest',
          'jest-environment-jsdom',
          'ts-jest',
          '@testing-library/dom',
          '@testing-library/jest-dom',
          '@testing-library/react',
          '@types/jest',
          '@types/react',
          '@types/react-dom',
        ].map((tool) => [tool, dev[tool]]),
      ),
    });
    expect(Object.values(pkg.devDependencies).every(Boolean)).toBe(true);
    // The kernel range is the kernel's own version; above the platform's dev ports (3000-3005, 3007).
    expect(pkg.flashcardRemote).toMatchObject({ kernel: '^1.2.0', devPort: 3008 });

    const tsconfig = fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8');
    expect(tsconfig).not.toContain('../');
    expect(JSON.parse(tsconfig).compilerOptions).toMatchObject({ jsx: 'react-jsx', strict: true, types: ['jest'] });
    expect(JSON.parse(tsconfig).compilerOptions.customConditions).toBeUndefined();
    const jestConfig = fs.readFileSync(path.join(dir, 'jest.config.js'), 'utf8');
    expect(jestConfig).not.toContain('../');
    expect(jestConfig).toContain("preset: '@flashcard/platform-tools'");
    expect(fs.readFileSync(path.join(dir, 'src/App.test.tsx'), 'utf8')).toContain(
      "from '@flashcard/shared-auth/testing'",
    );
    expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toContain('http://localhost:3008');
  });

  it("with --standalone and no remotes to read still stays off the platform's dev ports; --packages installs the tarballs", () => {
    const packs = path.join(root, 'packs');
    for (const file of [
      'flashcard-shared-auth-2.3.0.tgz',
      'flashcard-shared-ui-0.1.0.tgz',
      'flashcard-api-contract-4.2.0.tgz',
      'flashcard-platform-tools-1.0.0.tgz',
    ])
      write(`packs/${file}`, '');
    fs.rmSync(path.join(root, 'mfe-cards'), { recursive: true });
    fs.rmSync(path.join(root, 'mfe-admin'), { recursive: true });
    const dir = path.join(root, 'poetry');
    const result = run(
      'mfe-poetry',
      '--route',
      '/poetry',
      '--label',
      'Poetry',
      '--bundler',
      'rspack',
      '--standalone',
      dir,
      '--packages',
      packs,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.dependencies).toMatchObject({
      '@flashcard/api-contract': 'file:../packs/flashcard-api-contract-4.2.0.tgz',
      '@flashcard/shared-auth': 'file:../packs/flashcard-shared-auth-2.3.0.tgz',
      '@flashcard/shared-ui': 'file:../packs/flashcard-shared-ui-0.1.0.tgz',
    });
    expect(pkg.devDependencies['@flashcard/platform-tools']).toBe('file:../packs/flashcard-platform-tools-1.0.0.tgz');
    expect(pkg.devDependencies).toHaveProperty('@rspack/core');
    expect(pkg.devDependencies).toHaveProperty('jest-environment-jsdom');
    // The kernel that gets installed decides the range: a new major is not hidden behind ^1.
    expect(pkg.flashcardRemote).toMatchObject({ kernel: '^2.3.0', devPort: 3006 });
    expect(fs.readFileSync(path.join(dir, 'rspack.config.js'), 'utf8')).toContain('port: 3006');
  });

  it('with --service writes the service beside the remote, a contract both import, and an App that calls it', () => {
    const result = run('mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--service', 'quiz');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const written = fs
      .readdirSync(path.join(root, 'mfe-quiz'), { recursive: true, encoding: 'utf8' })
      .filter((file) => !fs.statSync(path.join(root, 'mfe-quiz', file)).isDirectory());
    expect(written.filter((file) => /service/.test(file)).sort()).toEqual([
      'service/jest.config.js',
      'service/package.json',
      'service/src/server.test.ts',
      'service/src/server.ts',
      'service/tsconfig.json',
      'src/service-contract.ts',
    ]);
    // The service is a folder of the remote here, not a workspace (nor a second remote).
    expect(readJson('package.json').workspaces).toContain('mfe-quiz');
    expect(readJson('package.json').workspaces.filter((entry) => entry.includes('service'))).toEqual([]);
    // The operator's step, with the remote whose token may read the service's health.
    expect(result.stdout).toContain('npm run platform -- service add quiz http://127.0.0.1:4100 --remote mfe_quiz');
    expect(result.stdout).toContain('npm test --prefix mfe-quiz/service');

    // The contract's TypeBox is the remote's to install (the contract file builds schemas with it).
    const api = JSON.parse(fs.readFileSync(path.join(REPO, 'api', 'package.json'), 'utf8'));
    const contract = JSON.parse(fs.readFileSync(path.join(REPO, 'api-contract', 'package.json'), 'utf8'));
    expect(readJson('mfe-quiz/package.json').dependencies['@sinclair/typebox']).toBe(
      contract.dependencies['@sinclair/typebox'],
    );
    const service = readJson('mfe-quiz/service/package.json');
    expect(service).toMatchObject({
      name: '@flashcard/mfe-quiz-service',
      scripts: { start: 'tsx src/server.ts', test: 'jest', typecheck: 'tsc --noEmit -p .' },
      // The API's own versions of what it signs and serves with.
      dependencies: { fastify: api.dependencies.fastify, jose: api.dependencies.jose, tsx: api.devDependencies.tsx },
    });
    expect(Object.keys(service.devDependencies).sort()).toEqual([
      '@types/jest',
      '@types/node',
      'jest',
      'ts-jest',
      'typescript',
    ]);

    const shared = read('mfe-quiz/src/service-contract.ts');
    expect(shared).toContain("import { ErrorResponse, serviceEndpoint } from '@flashcard/api-contract/schemas';");
    expect(shared).toContain("export const SERVICE = 'quiz';");
    expect(shared).toContain("greeting: serviceEndpoint(SERVICE, 'GET', '/greeting',");
    const server = read('mfe-quiz/service/src/server.ts');
    expect(server).toContain("from '../../src/service-contract';");
    expect(server).toContain("createRemoteJWKSet(new URL('/api/platform/jwks.json', platform))");
    expect(server).toContain('audience: `service:${SERVICE}`');
    expect(server).toContain("algorithms: ['ES256']");
    expect(server).toContain('url: ep.greeting.servicePath');
    const app = read('mfe-quiz/src/App.tsx');
    expect(app).toContain("import { serviceApi } from '@flashcard/api-contract';");
    expect(app).toContain("import { toastFailure, useLoad } from '@flashcard/shared-ui';");
    expect(app).toContain("import { SERVICE, quizEndpoints } from './service-contract';");
    expect(app).not.toContain('dashboardApi');
    expect(app).not.toMatch(/>\s*[A-Z][a-z]+ [a-z]/);
    expect(read('mfe-quiz/src/App.test.tsx')).toContain("const GREETING = 'GET /services/quiz/greeting';");

    // The screen's texts in five languages, none of the study-session screen's.
    expect(read('mfe-quiz/src/i18n/en.ts')).toContain(
      "greeting: 'Hello, learner {{learner}}, from the {{service}} service (visit {{visits}}).',",
    );
    expect(read('mfe-quiz/src/i18n/en.ts')).not.toContain('noSession');
    for (const [language, failed] of [
      ['es', 'El servicio {{service}} no responde en este momento.'],
      ['fr', 'Le service {{service}} ne répond pas pour le moment.'],
      ['de', 'Der Dienst {{service}} antwortet gerade nicht.'],
      ['it', 'Il servizio {{service}} non risponde al momento.'],
    ])
      expect(read(`mfe-quiz/src/i18n/${language}.ts`)).toContain(`serviceFailed: '${failed}',`);
    expect(read('mfe-quiz/src/i18n/i18n.test.ts')).toContain("expect(quizText('retry')).toBe('Retry');");
  });

  it("with --service the generated code typechecks and its tests pass: the service's on tokens it signs, the App's on the mock kernel", () => {
    // This repository's installed packages and settings, as a workspace of it would see them.
    fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
    fs.copyFileSync(path.join(REPO, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
    fs.symlinkSync(path.join(REPO, 'jest.preset.js'), path.join(root, 'jest.preset.js'));
    expect(run('mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--service', 'quiz-api').code).toBe(0);
    const remote = path.join(root, 'mfe-quiz');
    const node = (args, cwd) => {
      const done = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
      return { code: done.status, out: `${done.stdout}${done.stderr}` };
    };
    const jest = require.resolve('jest/bin/jest');
    const tsc = require.resolve('typescript/bin/tsc');

    const serviceTests = node([jest], path.join(remote, 'service'));
    expect(serviceTests.out).toMatch(/Tests:\s+6 passed, 6 total/);
    expect(serviceTests.out).toMatch(/refuses a token made for another service/);
    expect(node([tsc, '--noEmit', '-p', '.'], path.join(remote, 'service'))).toEqual({ code: 0, out: '' });
    expect(node([tsc, '--noEmit', '-p', '.'], remote)).toEqual({ code: 0, out: '' });
    const appTests = node([jest], remote);
    expect(appTests.out).toMatch(/Tests:\s+4 passed, 4 total/);
    expect(appTests.code).toBe(0);
  }, 120_000);

  it('with --standalone and --service makes one repository of both: the service a workspace, its README part, the dev gateway in an Rspack dev server', () => {
    const dir = path.join(root, 'teams', 'quiz');
    const result = run(
      'mfe-quiz',
      '--route',
      '/quiz',
      '--label',
      'Quiz',
      '--service',
      'quiz',
      '--bundler',
      'rspack',
      '--standalone',
      dir,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(read('package.json')).toBe(rootPackageBefore);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg.workspaces).toEqual(['service']);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'service', 'package.json'), 'utf8')).name).toBe(
      'mfe-quiz-service',
    );
    expect(result.stdout).toContain('npm test --workspace service');
    expect(result.stdout).toContain('npm run platform -- service add quiz http://127.0.0.1:4100 --remote mfe_quiz');
    const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    expect(readme).toContain('## The quiz service');
    expect(readme).toContain('SERVICE_TARGETS=quiz=http://127.0.0.1:4100 npm run dev');
    expect(fs.readFileSync(path.join(dir, 'rspack.config.js'), 'utf8')).toContain(
      "require('@flashcard/platform-tools/dev-gateway').withDevGateway(middlewares, 'http://127.0.0.1:4000')",
    );
  });

  it.each([
    [['--packages', 'packs'], /--packages goes with --standalone/],
    [['--standalone', 'out', '--packages', 'nowhere'], /--packages .*nowhere is not a folder/],
    [
      ['--standalone', 'out', '--packages', 'mfe-cards'],
      /has no tarball of @flashcard\/api-contract, @flashcard\/shared-auth, @flashcard\/shared-ui, @flashcard\/platform-tools/,
    ],
    [['--standalone', 'mfe-cards'], /mfe-cards is not an empty folder/],
    [['--standalone', 'package.json'], /package\.json is not an empty folder/],
  ])('refuses %j for a standalone repository', (args, message) => {
    const result = run(
      'mfe-quiz',
      '--route',
      '/quiz',
      '--label',
      'Quiz',
      ...args.map((arg) => (/^(packs|out|nowhere|mfe-cards|package\.json)$/.test(arg) ? path.join(root, arg) : arg)),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(fs.existsSync(path.join(root, 'out'))).toBe(false);
    expect(read('package.json')).toBe(rootPackageBefore);
  });

  it('refuses a standalone repository named like a remote of the platform', () => {
    const result = run('mfe-cards', '--route', '/decks', '--label', 'Decks', '--standalone', path.join(root, 'out'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/mfe-cards is already a remote of the platform/);
    expect(fs.existsSync(path.join(root, 'out'))).toBe(false);
  });

  it('adds the last workspace entry correctly when no remote is listed yet', () => {
    const pkg = readJson('package.json');
    pkg.workspaces = ['shared-auth', 'shell'];
    write('package.json', pkg);
    expect(run('mfe-quiz', '--route=/quiz', '--label=Quiz').code).toBe(0);
    expect(readJson('package.json').workspaces).toEqual(['shared-auth', 'shell', 'mfe-quiz']);
  });

  it.each([
    [['mfe-cards', '--route', '/decks', '--label', 'Decks'], /mfe-cards already exists/],
    [['quiz', '--route', '/quiz', '--label', 'Quiz'], /"quiz" is not a remote name/],
    [['mfe-Quiz', '--route', '/quiz', '--label', 'Quiz'], /"mfe-Quiz" is not a remote name/],
    [['mfe-1quiz', '--route', '/quiz', '--label', 'Quiz'], /"mfe-1quiz" is not a remote name/],
    [['mfe_quiz', '--route', '/quiz', '--label', 'Quiz'], /"mfe_quiz" is not a remote name/],
    [['--route', '/quiz', '--label', 'Quiz'], /Name the remote/],
    [['mfe-quiz', '--label', 'Quiz'], /--route is required/],
    [['mfe-quiz', '--route', 'quiz', '--label', 'Quiz'], /--route "quiz" is not a route/],
    [['mfe-quiz', '--route', '/quiz/*', '--label', 'Quiz'], /--route "\/quiz\/\*" is not a route/],
    [['mfe-quiz', '--route', '/Quiz', '--label', 'Quiz'], /--route "\/Quiz" is not a route/],
    [['mfe-quiz', '--route', '/quiz/more', '--label', 'Quiz'], /is not a route/],
    [['mfe-quiz', '--route', '/dashboard', '--label', 'Quiz'], /--route \/dashboard belongs to the shell/],
    [['mfe-quiz', '--route', '/cards', '--label', 'Quiz'], /--route \/cards is already owned by mfe-cards/],
    [['mfe-quiz', '--route', '/quiz'], /--label is required/],
    [['mfe-quiz', '--route', '/quiz', '--label', '  '], /--label is required/],
    [['mfe-quiz', '--route', '/quiz', '--label'], /--label needs a value/],
    [
      ['mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--order', '0'],
      /--order must be a whole number from 1 to 1000/,
    ],
    [['mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--roles', 'admin,root'], /unknown: root/],
    [['mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--icon', 'toolong'], /--icon must be one glyph/],
    [['mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--colour', 'red'], /Unknown option --colour/],
    [
      ['mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--bundler', 'vite'],
      /--bundler takes webpack or rspack, got "vite"/,
    ],
    [
      ['mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--service', 'Quiz'],
      /--service "Quiz" cannot name a service/,
    ],
    [['mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--service', 'q'], /--service "q" cannot name a service/],
    [['mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--service', 'quiz-'], /cannot name a service/],
    [['mfe-quiz', '--route', '/quiz', '--label', 'Quiz', '--service'], /--service needs a value/],
  ])('refuses %j with a clear message, exit code 1 and nothing written', (args, message) => {
    const result = run(...args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(fs.existsSync(path.join(root, 'mfe-quiz'))).toBe(false);
    expect(read('package.json')).toBe(rootPackageBefore);
  });
});

const fs = require('fs');
const os = require('os');
const path = require('path');
const { createAppConfig, devManifest, DEV_PORTS } = require('./webpack');
const { findRemotes, federationNameOf } = require('./remotes');

let root;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-tools-webpack-'));
  // Packages resolve from the temp root's node_modules: point it at this repository's.
  fs.symlinkSync(path.join(__dirname, '..', 'node_modules'), path.join(root, 'node_modules'), 'dir');
  writePackage('.', { name: 'team-repo', private: true, workspaces: ['shell', 'mfe-quiz', 'mfe-poll'] });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function writePackage(folder, pkg) {
  fs.mkdirSync(path.join(root, folder), { recursive: true });
  fs.writeFileSync(path.join(root, folder, 'package.json'), JSON.stringify(pkg));
}

const remoteMetadata = (slug, devPort) => ({
  routes: [{ path: `/${slug}/*`, module: './App' }],
  navigation: [{ label: slug, path: `/${slug}`, order: 100 }],
  kernel: '^1.0.0',
  ...(devPort ? { devPort } : {}),
});

describe('remotes', () => {
  it('finds the folders whose package.json declares flashcardRemote', () => {
    writePackage('shell', { name: '@flashcard/shell', version: '0.1.0' });
    writePackage('mfe-quiz', {
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      flashcardRemote: remoteMetadata('quiz', 3006),
    });
    writePackage('mfe-poll', {
      name: '@flashcard/mfe-poll',
      version: '0.1.0',
      flashcardRemote: remoteMetadata('poll'),
    });
    const remotes = findRemotes(root);
    expect(remotes.map((remote) => [remote.folder, remote.name, remote.devPort])).toEqual([
      ['mfe-poll', 'mfe_poll', undefined],
      ['mfe-quiz', 'mfe_quiz', 3006],
    ]);
    expect(remotes[1].metadata).toEqual(remoteMetadata('quiz'));
    expect(federationNameOf('@flashcard/mfe-quiz-two')).toBe('mfe_quiz_two');
  });
});

describe('createAppConfig', () => {
  it("takes a remote's dev port from its package.json, the shell's and the API's from DEV_PORTS", () => {
    writePackage('mfe-quiz', {
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      flashcardRemote: remoteMetadata('quiz', 3006),
    });
    const remote = createAppConfig({
      dir: path.join(root, 'mfe-quiz'),
      name: 'mfe_quiz',
      exposes: { './App': './src/App.tsx' },
    })({}, { mode: 'development' });
    expect(remote.devServer.port).toBe(3006);
    expect(remote.devServer.proxy).toEqual([
      { context: ['/api'], target: `http://127.0.0.1:${DEV_PORTS.api}`, changeOrigin: true },
    ]);
    writePackage('shell', { name: '@flashcard/shell', version: '0.1.0' });
    const shell = createAppConfig({ dir: path.join(root, 'shell'), name: 'shell', isHost: true })(
      {},
      { mode: 'development' },
    );
    expect(shell.devServer.port).toBe(3000);
    expect(DEV_PORTS).toEqual({ api: 4000, shell: 3000 });
  });

  it('proxies /api to API_TARGET when it is set', () => {
    writePackage('mfe-quiz', {
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      flashcardRemote: remoteMetadata('quiz', 3006),
    });
    const before = process.env.API_TARGET;
    process.env.API_TARGET = 'https://staging.flashcards.example';
    try {
      const remote = createAppConfig({ dir: path.join(root, 'mfe-quiz'), name: 'mfe_quiz' })(
        {},
        { mode: 'development' },
      );
      expect(remote.devServer.proxy).toEqual([
        { context: ['/api'], target: 'https://staging.flashcards.example', changeOrigin: true },
      ]);
    } finally {
      if (before === undefined) delete process.env.API_TARGET;
      else process.env.API_TARGET = before;
    }
  });

  it('gives dev builds source maps without eval (a site CSP without unsafe-eval runs them)', () => {
    writePackage('mfe-quiz', {
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      flashcardRemote: remoteMetadata('quiz', 3006),
    });
    for (const mode of ['development', 'production']) {
      const config = createAppConfig({ dir: path.join(root, 'mfe-quiz'), name: 'mfe_quiz' })({}, { mode });
      expect(config.devtool).not.toMatch(/eval/);
    }
  });

  it('compiles the TypeScript of @flashcard/* packages in node_modules, no other package', () => {
    writePackage('mfe-quiz', {
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      flashcardRemote: remoteMetadata('quiz', 3006),
    });
    const config = createAppConfig({ dir: path.join(root, 'mfe-quiz'), name: 'mfe_quiz' })({}, { mode: 'production' });
    const rule = config.module.rules.find((rule) => String(rule.test).includes('tsx'));
    const exclude = rule && 'exclude' in rule ? rule.exclude : undefined;
    if (!(exclude instanceof RegExp)) throw new Error('the TypeScript rule excludes nothing');
    expect(exclude.test('/team/node_modules/@flashcard/shared-auth/src/index.ts')).toBe(false);
    expect(exclude.test('C:\\team\\node_modules\\@flashcard\\shared-ui\\src\\index.ts')).toBe(false);
    expect(exclude.test('/team/node_modules/some-lib/index.ts')).toBe(true);
    expect(exclude.test('/team/node_modules/@other/lib/index.ts')).toBe(true);
    expect(exclude.test('/team/mfe-quiz/src/App.tsx')).toBe(false);
  });

  it('builds a remote on the host runtime, with the router shaken to what apps use, and compressed files in production', () => {
    writePackage('shell', { name: '@flashcard/shell', version: '0.1.0' });
    writePackage('mfe-quiz', {
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      flashcardRemote: remoteMetadata('quiz', 3006),
    });
    const federation = (config) =>
      config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')._options;
    const remote = createAppConfig({ dir: path.join(root, 'mfe-quiz'), name: 'mfe_quiz' })({}, { mode: 'production' });
    const shell = createAppConfig({ dir: path.join(root, 'shell'), name: 'shell', isHost: true })(
      {},
      { mode: 'production' },
    );
    expect(federation(remote).experiments).toEqual({
      externalRuntime: true,
      optimization: { target: 'web', disableRemote: true },
    });
    expect(federation(shell).experiments).toEqual({ optimization: { target: 'web' } });
    // The host's shared modules go into one chunk; a remote keeps webpack's split.
    expect(shell.optimization?.splitChunks.cacheGroups.kernel).toMatchObject({
      name: 'kernel',
      chunks: 'async',
      enforce: true,
    });
    expect(remote.optimization).toBeUndefined();
    for (const config of [remote, shell]) {
      // Here the kernel is a workspace: apps compile its sources (a packed kernel has none).
      expect(config.resolve.conditionNames).toEqual(['@flashcard/source', '...']);
      const { shared } = federation(config);
      expect(shared).toEqual(
        require('@flashcard/shared-auth/shared-config').sharedConfig({ dir: path.join(root, 'mfe-quiz') }),
      );
      expect(shared['react-router-dom']).toMatchObject({
        singleton: true,
        import: require.resolve('@flashcard/shared-auth/router'),
      });
      expect(shared['react-router']).toBeUndefined();
      expect(shared['react-i18next']).toMatchObject({
        singleton: true,
        import: path.join(path.dirname(require.resolve('@flashcard/shared-auth/package.json')), 'react-i18next.mjs'),
      });
      const compressions = config.plugins.filter((plugin) => plugin.constructor.name === 'CompressionPlugin');
      // Their options are the plugin's own (private in its types).
      expect(compressions.map((plugin) => /** @type {any} */ (plugin).options.filename).sort()).toEqual([
        '[path][base].br',
        '[path][base].gz',
      ]);
    }
    const dev = createAppConfig({ dir: path.join(root, 'mfe-quiz'), name: 'mfe_quiz' })({}, { mode: 'development' });
    expect(dev.plugins.some((plugin) => plugin.constructor.name === 'CompressionPlugin')).toBe(false);
    // A dev build is its own host on its standalone page: it keeps the runtime.
    expect(federation(dev).experiments.externalRuntime).toBeUndefined();
    const devShell = createAppConfig({ dir: path.join(root, 'shell'), name: 'shell', isHost: true })(
      {},
      { mode: 'development' },
    );
    expect(devShell.optimization).toBeUndefined();
  });

  it('re-exports from react-router every router API the apps import', () => {
    const exported = new Set(
      [...fs.readFileSync(require.resolve('@flashcard/shared-auth/router'), 'utf8').matchAll(/^\s+(\w+),$/gm)].map(
        (match) => match[1],
      ),
    );
    const routerModule = require('react-router');
    for (const name of exported) expect(routerModule[name]).toBeDefined();
    const used = new Set();
    const walk = (folder) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist') continue;
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          for (const match of fs.readFileSync(full, 'utf8').matchAll(/import \{([^}]+)\} from 'react-router-dom'/g)) {
            for (const name of match[1].split(',')) if (!/^\s*type\s/.test(name) && name.trim()) used.add(name.trim());
          }
        }
      }
    };
    const repo = path.join(__dirname, '..');
    for (const folder of fs.readdirSync(repo)) if (/^(shell|mfe-|shared-)/.test(folder)) walk(path.join(repo, folder));
    expect(used.size).toBeGreaterThan(5);
    for (const name of used) expect([name, exported.has(name)]).toEqual([name, true]);
  });

  it('resolves the HTML template from @flashcard/shared-ui', () => {
    writePackage('mfe-quiz', {
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      flashcardRemote: remoteMetadata('quiz', 3006),
    });
    const config = createAppConfig({ dir: path.join(root, 'mfe-quiz'), name: 'mfe_quiz' })({}, { mode: 'production' });
    const html = /** @type {import('html-webpack-plugin')} */ (
      config.plugins.find((plugin) => plugin.constructor.name === 'HtmlWebpackPlugin')
    );
    expect(fs.realpathSync(String(html.userOptions.template))).toBe(
      fs.realpathSync(require.resolve('@flashcard/shared-ui/index.html')),
    );
  });
});

describe('the dev manifest', () => {
  beforeEach(() => {
    writePackage('shell', { name: '@flashcard/shell', version: '0.1.0' });
    writePackage('mfe-quiz', {
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      flashcardRemote: remoteMetadata('quiz', 3006),
    });
  });

  it('lists every remote of the workspace at its dev server', () => {
    expect(devManifest(root)).toEqual({
      kernelVersion: require('@flashcard/shared-auth/package.json').version,
      devOverrides: true,
      remotes: [
        {
          name: 'mfe_quiz',
          version: 'dev',
          entry: 'http://localhost:3006/mf-manifest.json',
          routes: remoteMetadata('quiz').routes,
          navigation: remoteMetadata('quiz').navigation,
        },
      ],
    });
  });

  function shellMiddlewares() {
    const config = createAppConfig({ dir: path.join(root, 'shell'), name: 'shell', isHost: true })(
      {},
      { mode: 'development' },
    );
    const before = [
      { name: 'host-header-check', middleware: () => {} },
      { name: 'http-proxy-middleware', middleware: () => {} },
      { name: 'webpack-dev-middleware', middleware: () => {} },
    ];
    return config.devServer.setupMiddlewares([...before]);
  }

  function call(middleware, req) {
    return new Promise((resolve) => {
      const res = {
        headers: {},
        setHeader(name, value) {
          this.headers[name.toLowerCase()] = value;
        },
        end(body) {
          resolve({ status: this.statusCode, headers: this.headers, body });
        },
      };
      middleware(req, res, () => resolve('next'));
    });
  }

  it('is answered by the shell dev server before the /api proxy', async () => {
    const middlewares = shellMiddlewares();
    expect(middlewares.map((m) => m.name)).toEqual([
      'host-header-check',
      'flashcard-dev-manifest',
      'http-proxy-middleware',
      'webpack-dev-middleware',
    ]);
    const handler = middlewares[1];
    expect(handler.path).toBe('/api/platform/manifest');

    const answer = await call(handler.middleware, { method: 'GET', url: '/' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual(devManifest(root));
    // Anything else under the path, or another method, goes to the API.
    expect(await call(handler.middleware, { method: 'POST', url: '/' })).toBe('next');
    expect(await call(handler.middleware, { method: 'GET', url: '/other' })).toBe('next');
  });

  it('is no part of a remote dev server', () => {
    const config = createAppConfig({ dir: path.join(root, 'mfe-quiz'), name: 'mfe_quiz' })({}, { mode: 'development' });
    expect(config.devServer.setupMiddlewares([])).toEqual([]);
  });
});

describe('the TypeBox stub of browser builds', () => {
  const stub = require('./typebox-stub');

  it('builds the contract schemas into plain objects', () => {
    expect(stub.Type.Object({ a: stub.Type.String() })).toEqual({});
    expect(stub.Type.Union([stub.Type.Null(), stub.Type.Integer({ minimum: 1 })])).toEqual({});
  });

  it('refuses anything a browser might use to validate', () => {
    expect(() => stub.TypeGuard).toThrow('@sinclair/typebox\'s "TypeGuard" is not available in the browser');
  });

  it('is what the factory resolves @sinclair/typebox to', () => {
    const config = require('./webpack').createAppConfig({ dir: __dirname, name: 'probe' })({}, { mode: 'production' });
    expect(config.resolve.alias['@sinclair/typebox$']).toBe(require.resolve('./typebox-stub.js'));
  });
});

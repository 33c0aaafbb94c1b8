// One webpack factory for every app: the shell (host) and each remote call it in a few lines,
// so federation, sharing and loaders are configured once and stay identical everywhere. It works
// in this monorepo (through webpack.common.js) and in a team's own repository that installs
// @flashcard/platform-tools: every path is resolved from the app's folder or this package, and
// the @flashcard/* packages are compiled from TypeScript wherever they are installed.
const path = require('path');
const zlib = require('zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { FirstLoadPreloadPlugin } = require('./first-load-preload');
const { kernelCacheGroup } = require('./kernel-chunk');
const { withDevGateway } = require('./dev-gateway');
const { findRemotes, findWorkspaceRoot, readPackage } = require('./remotes');

/**
 * Dev-server ports of the shell and the API. A remote's port is its package.json
 * `flashcardRemote.devPort` (3001, 3002...). `npm start` serves everything from one port.
 */
const DEV_PORTS = { api: 4000, shell: 3000 };

/** Where a dev server proxies /api: API_TARGET (e.g. a remote team's staging API), else the local API's port. */
function apiTarget() {
  return process.env.API_TARGET || `http://127.0.0.1:${DEV_PORTS.api}`;
}

/** Resolves a module from the app's folder first (its own node_modules), then from here. */
function resolveFrom(dir, request) {
  return require.resolve(request, { paths: [dir, __dirname] });
}

function versionOf(dir, name) {
  return require(resolveFrom(dir, `${name}/package.json`)).version;
}

// Text files worth compressing; the server sends the .br or .gz beside each, by Accept-Encoding
// (the shell's through @fastify/static, a release's from its stored files), so no byte is
// compressed per request. Not source maps: only devtools fetch them, and brotli's top quality
// on them would double the build time.
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/**
 * Brotli and gzip for browsers without it. Quality 10, not 11: measured on the shell's files,
 * 11 was 1.4% smaller and took 70% longer, which the first `npm start` (75 s target) feels.
 * Smaller files are compressed by the server once, when first asked for (api/src/modules/platform/files.ts).
 */
function compressionPlugins() {
  return [
    new CompressionPlugin({
      test: COMPRESSIBLE,
      threshold: 1024,
      minRatio: 0.9,
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
      filename: '[path][base].gz',
    }),
    /** @type {CompressionPlugin<zlib.BrotliOptions>} */ (
      new CompressionPlugin({
        test: COMPRESSIBLE,
        threshold: 1024,
        minRatio: 0.9,
        algorithm: 'brotliCompress',
        compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } },
        filename: '[path][base].br',
      })
    ),
  ];
}

/** The kernel's share map and resolve conditions (its shared-config.js), as every bundler gets them. */
function kernelConfig(dir) {
  return require(resolveFrom(dir, '@flashcard/shared-auth/shared-config'));
}

/** A remote's dev-server port: its package.json `flashcardRemote.devPort`. */
function devPortOf(dir) {
  const port = readPackage(dir)?.flashcardRemote?.devPort;
  return Number.isInteger(port) ? port : undefined;
}

/**
 * What `GET /api/platform/manifest` answers in development (shape `Manifest`,
 * api-contract/src/schemas/platform.ts): every remote of the workspace, each at its own dev
 * server, so the shell loads the code being edited instead of the registry's releases.
 */
function devManifest(root) {
  return {
    kernelVersion: versionOf(root, '@flashcard/shared-auth'),
    devOverrides: true,
    // A remote without a devPort has no known dev server to load it from.
    remotes: findRemotes(root)
      .filter((remote) => Number.isInteger(remote.devPort))
      .map((remote) => ({
        name: remote.name,
        version: 'dev',
        entry: `http://localhost:${remote.devPort}/mf-manifest.json`,
        routes: remote.metadata.routes,
        navigation: remote.metadata.navigation,
      })),
  };
}

/** Dev-server middleware answering GET /api/platform/manifest; anything else goes on (to the /api proxy). */
function devManifestMiddleware(root) {
  return (req, res, next) => {
    // Mounted at the path: anything below it (or another method) is the API's business.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^\/?(\?|$)/.test(req.url)) return next();
    let body;
    try {
      body = JSON.stringify(devManifest(root));
    } catch (error) {
      res.statusCode = 500;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      const why = error instanceof Error ? error.message : String(error);
      return res.end(JSON.stringify({ error: `Could not build the dev manifest: ${why}` }));
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/**
 * @param {object} options
 * @param {string} options.dir           the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name          federation name, a JS identifier (e.g. mfe_cards)
 * @param {Record<string,string>} [options.exposes]  remotes: what the shell may load
 * @param {boolean} [options.isHost]     the shell: serves from "/", answers the dev manifest in dev
 * @param {string[]} [options.runtimePlugins]
 * @param {Record<string,string>} [options.requiredVersions]  shared ranges other than the installed
 *   major (sharedConfig's option, for rolling a major)
 */
function createAppConfig({ dir, name, exposes = {}, isHost = false, runtimePlugins = [], requiredVersions = {} }) {
  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const dev = mode === 'development';
    const port = isHost ? DEV_PORTS.shell : devPortOf(dir);
    const shared = kernelConfig(dir).sharedConfig({ dir, requiredVersions });
    return {
      mode,
      context: dir,
      entry: './src/index.ts',
      // No eval-based source maps, even in dev: a dev build loaded into the real site through an
      // override (docs/PLATFORM.md) runs under its CSP, which has no 'unsafe-eval'.
      devtool: dev ? 'cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(dir, 'dist'),
        // The shell lives at the site root (deep links need absolute asset URLs); a remote is
        // served from wherever its manifest is, so it derives its base at runtime.
        publicPath: isHost ? '/' : 'auto',
        // Entry files keep plain names (webpack 5.111 + enhanced 2.9 cannot hash the entry that
        // carries the federation runtime); the server sends them with no-cache. Lazy chunks are
        // content-hashed and cached for good.
        filename: '[name].js',
        // Dev chunks keep readable names, with a hash: two chunks of one module (the kernel's
        // react-i18next facade as a shared fallback and as imported) differ in content.
        chunkFilename: dev ? '[name].[contenthash:8].js' : '[id].[contenthash:8].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        conditionNames: kernelConfig(dir).conditionNames(),
        // The contract's schemas are for the API; in a browser bundle TypeBox is a stub.
        alias: {
          '@sinclair/typebox$': require.resolve('./typebox-stub.js'),
          // react-router's package exports name only its development build (warnings and
          // checks); a production build gets the production one beside it.
          ...(dev
            ? {}
            : {
                'react-router$': path.join(
                  path.dirname(resolveFrom(dir, 'react-router/package.json')),
                  'dist/production/index.mjs',
                ),
              }),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: require.resolve('ts-loader'),
            // The @flashcard/* packages ship TypeScript sources: compile them wherever they are
            // installed (a team's node_modules); leave every other package alone.
            exclude: /node_modules[\\/](?!@flashcard[\\/])/,
            // Type errors are caught by `npm run typecheck`; builds only transpile, fast.
            options: { transpileOnly: true, allowTsInNodeModules: true, configFile: path.join(dir, 'tsconfig.json') },
          },
          // The contract's schemas are for the API: a browser build keeps its endpoints' methods
          // and paths only (contract-loader.js).
          require('./contract-loader').rule,
          { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
          // Fonts a stylesheet names (KaTeX's): files of the release, fetched when first used.
          {
            test: /\.(woff2?|ttf|eot)$/i,
            type: 'asset/resource',
            generator: { filename: 'fonts/[name].[contenthash:8][ext]' },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // Remotes are registered at runtime from the registry's manifest, never compiled in.
          remotes: {},
          shared,
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: true,
          dts: false,
          experiments: {
            // The runtime for browsers only: its Node loaders (vm, fetch of remote code) left out.
            // A remote's entry also leaves out the loading of remotes of its own: only the shell
            // registers and loads remotes (through the page's one runtime), so a remote never has any.
            optimization: { target: 'web', ...(isHost ? {} : { disableRemote: true }) },
            // One federation runtime per page: a released remote's entry uses the host's (the
            // global the shell's runtime plugin sets, shell/src/federation/runtime-plugin.ts)
            // instead of carrying its own 65 KB copy. enhanced's own provideExternalRuntime
            // would add a second (CommonJS) copy to the shell, so the shell provides it itself.
            // A dev build keeps its runtime: its standalone page is its own host.
            ...(isHost || dev ? {} : { externalRuntime: true }),
          },
        }),
        new HtmlWebpackPlugin({
          template: resolveFrom(dir, '@flashcard/shared-ui/index.html'),
          title: isHost ? 'Flashcards' : `Flashcards - ${name} (standalone)`,
        }),
        // The host's first-load chunks start with its HTML (a remote has no page of its own).
        ...(isHost && !dev ? [new FirstLoadPreloadPlugin()] : []),
        ...(dev ? [] : compressionPlugins()),
      ],
      // The host's shared modules load as one file (kernel-chunk.js).
      ...(isHost && !dev
        ? { optimization: { splitChunks: { cacheGroups: { kernel: kernelCacheGroup(dir, Object.keys(shared)) } } } }
        : {}),
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        hot: true,
        historyApiFallback: true,
        // The shell (another origin in dev) fetches remote chunks and manifests from here.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: apiTarget(), changeOrigin: true }],
        setupMiddlewares: (middlewares) => {
          if (isHost) {
            // Before the /api proxy: in dev the shell loads every remote from its dev server.
            const manifest = {
              name: 'flashcard-dev-manifest',
              path: '/api/platform/manifest',
              middleware: devManifestMiddleware(findWorkspaceRoot(dir) || path.dirname(dir)),
            };
            const proxyAt = middlewares.findIndex((m) => typeof m === 'object' && m.name === 'http-proxy-middleware');
            middlewares.splice(proxyAt === -1 ? middlewares.length : proxyAt, 0, manifest);
          }
          // Also before it: the services SERVICE_TARGETS names, on the team's machine (dev-gateway.js).
          return withDevGateway(middlewares, apiTarget());
        },
      },
    };
  };
}

module.exports = { createAppConfig, devManifest, apiTarget, DEV_PORTS };

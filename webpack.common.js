// One webpack factory for every app: the shell (host) and each remote call it in a few lines,
// so federation, sharing and loaders are configured once and stay identical everywhere.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/** Dev-server ports. `npm start` serves everything from one port instead (see scripts/start.mjs). */
const DEV_PORTS = {
  api: 4000,
  shell: 3000,
  mfe_cards: 3001,
  mfe_study: 3002,
  mfe_progress: 3003,
  mfe_admin: 3004,
  mfe_social: 3005,
};

// Exactly one instance of each at runtime (architecture invariant). `react/` and `react-dom/`
// share the sub-paths (react/jsx-runtime, react-dom/client) too.
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  'zustand',
  'axios',
  'react-hot-toast',
  '@flashcard/shared-auth',
];

function versionOf(name) {
  const pkgName = name.replace(/\/$/, '');
  return require(require.resolve(`${pkgName}/package.json`, { paths: [__dirname] })).version;
}

function sharedModules() {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = versionOf(name);
    // Accept any build of the same major (same minor while 0.x): a remote built a little
    // earlier still loads.
    const [major, minor] = version.split('.');
    const requiredVersion = major === '0' ? `^0.${minor}.0` : `^${major}.0.0`;
    shared[name] = { singleton: true, requiredVersion, version };
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.dir           the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name          federation name, a JS identifier (e.g. mfe_cards)
 * @param {Record<string,string>} [options.exposes]  remotes: what the shell may load
 * @param {boolean} [options.isHost]     the shell: serves from "/", owns /remotes.json in dev
 * @param {string[]} [options.runtimePlugins]
 */
function createAppConfig({ dir, name, exposes = {}, isHost = false, runtimePlugins = [] }) {
  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const dev = mode === 'development';
    const port = DEV_PORTS[name];
    return {
      mode,
      context: dir,
      entry: './src/index.ts',
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(dir, 'dist'),
        // The shell lives at the site root (deep links need absolute asset URLs); a remote is
        // served from wherever its manifest is, so it derives its base at runtime.
        publicPath: isHost ? '/' : 'auto',
        // Entry files keep plain names (webpack 5.111 + enhanced 2.9 cannot hash the entry that
        // carries the federation runtime); the server sends them with no-cache. Lazy chunks are
        // content-hashed and cached for good.
        filename: '[name].js',
        chunkFilename: dev ? '[name].js' : '[id].[contenthash:8].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'ts-loader',
            exclude: /node_modules/,
            // Type errors are caught by `npm run typecheck`; builds only transpile, fast.
            options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // Remotes are registered at runtime from /remotes.json, never compiled in.
          remotes: {},
          shared: sharedModules(),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: true,
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'shared-ui', 'index.html'),
          title: isHost ? 'Flashcards' : `Flashcards - ${name} (standalone)`,
        }),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        hot: true,
        historyApiFallback: true,
        // The shell (another origin in dev) fetches remote chunks and manifests from here.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: `http://127.0.0.1:${DEV_PORTS.api}` }],
        setupMiddlewares: (middlewares, server) => {
          if (isHost) {
            server.app.get('/remotes.json', (_req, res) => res.json(devRemotes()));
          }
          return middlewares;
        },
      },
    };
  };
}

/** In dev every remote runs its own dev server; the registry points at them. */
function devRemotes() {
  const registry = {};
  for (const [name, port] of Object.entries(DEV_PORTS)) {
    if (name.startsWith('mfe_')) registry[name] = `http://localhost:${port}/mf-manifest.json`;
  }
  return registry;
}

module.exports = { createAppConfig, DEV_PORTS, SINGLETONS };

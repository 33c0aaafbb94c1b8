const path = require('path');
const CopyPlugin = require('copy-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { injectManifest } = require('workbox-build');
const { createAppConfig } = require('../webpack.common');
const THEME_COLORS = require('./src/settings/theme-colors.json');

const DIST = path.join(__dirname, 'dist');

/**
 * The shell's page is the installable app: its web app manifest, its icon for iOS and the
 * browser bar's colour in a light and a dark system theme (settings/theme.ts follows the
 * account's own choice once it is known).
 */
class InstallablePagePlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('InstallablePagePlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('InstallablePagePlugin', (data) => {
        const tag = (tagName, attributes) => ({ tagName, voidTag: true, attributes, meta: {} });
        data.headTags.unshift(
          tag('link', { rel: 'manifest', href: '/manifest.webmanifest' }),
          tag('link', { rel: 'apple-touch-icon', href: '/icons/icon-192.png' }),
          ...Object.entries(THEME_COLORS).map(([scheme, color]) =>
            tag('meta', { name: 'theme-color', content: color, media: `(prefers-color-scheme: ${scheme})` }),
          ),
        );
        return data;
      });
    });
  }
}

/**
 * Once the worker is written, Workbox injects the list of the shell's files to keep (each with
 * its revision) where the worker reads `self.__WB_MANIFEST`: the page and what it loads, not
 * source maps, the compressed copies the server picks by Accept-Encoding, or the federation
 * files only the registry reads.
 */
class PrecacheListPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecacheListPlugin', async () => {
      const sw = path.join(DIST, 'sw.js');
      const { count, warnings } = await injectManifest({
        swSrc: sw,
        swDest: sw,
        globDirectory: DIST,
        globPatterns: ['**/*.{js,html,webmanifest,png,woff2}'],
        globIgnores: ['sw.js', 'remoteEntry.js', 'mf-*', '**/*.map', '**/*.LICENSE.txt'],
        // A content-hashed name is its own revision.
        dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
      });
      if (warnings.length) throw new Error(`the precache list: ${warnings.join('; ')}`);
      if (count === 0) throw new Error('the precache list is empty');
    });
  }
}

/**
 * The service worker: its own compilation (a child of the shell's would get the federation
 * plugin's runtime and shared modules), after the shell's, into the shell's dist.
 */
/** @type {import('webpack').Configuration} */
const serviceWorkerConfig = {
  name: 'service-worker',
  dependencies: ['shell'],
  mode: 'production',
  target: 'webworker',
  context: __dirname,
  entry: './src/service-worker/sw.ts',
  devtool: 'source-map',
  output: { path: DIST, filename: 'sw.js', clean: false },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: require.resolve('ts-loader'),
        options: { transpileOnly: true, configFile: path.join(__dirname, 'src/service-worker/tsconfig.json') },
      },
    ],
  },
  plugins: [new PrecacheListPlugin()],
  performance: { hints: false },
  stats: 'errors-warnings',
};

const shellConfig = createAppConfig({
  dir: __dirname,
  name: 'shell',
  isHost: true,
  runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugin.ts')],
});

module.exports = (env, argv = {}) => {
  const config = { ...shellConfig(env, argv), name: 'shell' };
  config.plugins.push(
    new CopyPlugin({ patterns: [{ from: 'public/manifest.webmanifest' }, { from: 'public/icons', to: 'icons' }] }),
    new InstallablePagePlugin(),
  );
  // No worker in development: the dev server's files change on every save.
  return config.mode === 'production' ? [config, serviceWorkerConfig] : config;
};

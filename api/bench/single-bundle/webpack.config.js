// The federation benchmark's baseline: the same shell and cards code, loaders, minifier and
// compression as the product, built as one bundle without Module Federation: the entry is the
// shell's bootstrap (no async boundary is needed without shared modules), nothing is split off
// but what the code itself imports lazily (pages, languages, the math renderer), and the
// shell's registry client is swapped for platform.ts here. Every other file is the product's.
const path = require('path');
const webpack = require('webpack');
const { createAppConfig } = require('@flashcard/platform-tools/webpack');

const SHELL = path.resolve(__dirname, '../../../shell');
const CARDS = path.resolve(__dirname, '../../../mfe-cards');

/** @param {string} outputPath where the bundle goes (served as the shell by a second server) */
module.exports = function singleBundleConfig(outputPath) {
  const config = createAppConfig({ dir: SHELL, name: 'shell', isHost: true })({}, { mode: 'production' });
  config.plugins = config.plugins.filter(
    (plugin) => !['ModuleFederationPlugin', 'FirstLoadPreloadPlugin'].includes(plugin.constructor.name),
  );
  config.plugins.push(
    new webpack.NormalModuleReplacementPlugin(
      /[\\/]shell[\\/]src[\\/]federation[\\/]platform\.ts$/,
      path.join(__dirname, 'platform.ts'),
    ),
  );
  config.entry = path.join(SHELL, 'src/bootstrap.tsx');
  config.resolve = { ...config.resolve, alias: { ...config.resolve.alias, 'bundled-remote': CARDS } };
  config.optimization = { ...config.optimization, splitChunks: false };
  config.output = { ...config.output, path: outputPath, clean: true };
  return config;
};

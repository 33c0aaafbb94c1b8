// The host's index.html names main.js only: the browser finds the chunks of the async boundary
// and of the shared modules only as main.js runs. This plugin adds a <link rel="preload"
// as="script"> for each, so they start with the HTML. Which chunks: those of the entry's own
// async blocks, that is ./bootstrap and each shared module the host provides (with
// shareStrategy 'loaded-first' the page uses the host's copies). Deeper groups are not the first
// load: the app's lazy imports (pages, languages) load when used, and the consume fallbacks of
// shared modules (the same modules in other chunks) are not used while the host provides them.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'FirstLoadPreloadPlugin';

/** Script files of the first load after the entry chunk. */
function firstLoadFiles(entrypoint) {
  const files = [];
  for (const group of entrypoint.getChildren()) {
    for (const file of group.getFiles()) if (file.endsWith('.js') && !files.includes(file)) files.push(file);
  }
  return files;
}

class FirstLoadPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const entrypoint = compilation.entrypoints.get('main');
        if (!entrypoint) return data;
        const publicPath = compilation.outputOptions.publicPath;
        const links = firstLoadFiles(entrypoint).map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: NAME },
          attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
        }));
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

module.exports = { FirstLoadPreloadPlugin, firstLoadFiles };

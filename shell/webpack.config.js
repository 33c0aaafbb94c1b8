const path = require('path');
const { createAppConfig } = require('../webpack.common');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  isHost: true,
  runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugin.ts')],
});

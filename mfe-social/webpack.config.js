const { createAppConfig } = require('../webpack.common');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_social',
  exposes: { './App': './src/App.tsx' },
});

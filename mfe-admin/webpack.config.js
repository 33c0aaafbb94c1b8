const { createAppConfig } = require('../webpack.common');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_admin',
  exposes: { './App': './src/App.tsx' },
});

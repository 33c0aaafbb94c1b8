const { createAppConfig } = require('../webpack.common');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_study',
  exposes: { './App': './src/App.tsx' },
});

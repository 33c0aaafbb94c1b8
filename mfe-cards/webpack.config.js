const { createAppConfig } = require('../webpack.common');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_cards',
  exposes: { './App': './src/App.tsx' },
});

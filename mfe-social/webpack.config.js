const { createAppConfig } = require('../webpack.common');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mfe_social',
  // Three route-level screens, one per shell route (/social/*, /achievements, /profile).
  exposes: {
    './Social': './src/Social.tsx',
    './Achievements': './src/Achievements.tsx',
    './Profile': './src/Profile.tsx',
    './PublicProfile': './src/PublicProfile.tsx',
  },
});

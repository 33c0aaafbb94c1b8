// The one webpack factory (createAppConfig) lives in the platform-tools package, so a team's own
// repository builds its remote with exactly the same configuration; every app config of this
// repository still calls it through this file.
module.exports = require('./platform-tools/webpack');

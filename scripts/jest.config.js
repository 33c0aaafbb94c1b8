// Tests of the repository scripts (`npm run test:scripts`): plain Node, no transform. They run
// the scripts as child processes, the way npm runs them.
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.test.js'],
  testTimeout: 30000,
};

// One jest setup for every browser-side package (shell, remotes, shared-auth): jsdom + ts-jest.
const path = require('path');

module.exports = function jestConfig(packageDir, overrides = {}) {
  return {
    rootDir: packageDir,
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/src'],
    setupFiles: [path.join(__dirname, 'jest.setup.js')],
    setupFilesAfterEnv: ['@testing-library/jest-dom'],
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(packageDir, 'tsconfig.json') }],
    },
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'jest.style-stub.js') },
    // jsdom picks the browser build of axios, which is ESM; the node build works in tests.
    ...overrides,
  };
};

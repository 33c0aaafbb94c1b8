// One jest setup for every browser-side package (shell, remotes, shared-auth): jsdom + ts-jest.
const path = require('path');

module.exports = function jestConfig(packageDir, overrides = {}) {
  return {
    rootDir: packageDir,
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/src'],
    // What jsdom lacks: the same setup a team's repository gets from platform-tools' preset.
    setupFiles: [path.join(__dirname, 'platform-tools/jest-setup.js')],
    setupFilesAfterEnv: ['@testing-library/jest-dom'],
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(packageDir, 'tsconfig.json') }],
    },
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'platform-tools/jest-style-stub.js'),
      // The kernel's sources, as webpack and tsc see them here (its "@flashcard/source" export
      // condition); its dist is only built for a team's repository (npm pack).
      '^@flashcard/shared-auth$': path.join(__dirname, 'shared-auth/src/index.ts'),
      '^@flashcard/shared-auth/(boot|testing)$': path.join(__dirname, 'shared-auth/src/$1.ts'),
    },
    // jsdom picks the browser build of axios, which is ESM; the node build works in tests.
    ...overrides,
  };
};

// Browser tests: real Chromium (Debian's, driven by playwright-core) against the built product.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 90_000,
  maxWorkers: 1,
};

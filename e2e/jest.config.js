// Browser tests: real Chromium (Debian's, driven by playwright-core) against the built product.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 90_000,
  // Two workers on two cores: each test file starts its own server from the one shared build.
  maxWorkers: 2,
};

// API tests: plain Node, colocated *.test.ts, transpiled by ts-jest (types are checked by `npm run typecheck`).
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // app.inject uses light-my-request, which require()s the ESM-only cookie@2. Node 20 can
    // require ESM, jest's module loader cannot: compile that one package to CommonJS.
    'node_modules/cookie/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true, sourceMap: false } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(light-my-request/node_modules/)?cookie/)'],
  // PostgreSQL suites create and drop a schema each; argon2 hashing takes a few ms per call.
  testTimeout: 30000,
};

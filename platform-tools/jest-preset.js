// `@flashcard/platform-tools/jest-preset`: jest for a remote in a team's own repository. Its
// jest.config.js says `{ preset: '@flashcard/platform-tools' }` (jest looks up
// `<preset>/jest-preset`). The remote's devDependencies bring jest, jest-environment-jsdom,
// ts-jest and @testing-library/jest-dom (new-remote --standalone lists them); the platform's own
// apps use the root jest.preset.js, which compiles the kernel's sources instead of its build.
const path = require('path');

module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFiles: [path.join(__dirname, 'jest-setup.js')],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
  // ts-jest with the remote's own tsconfig.json (found from rootDir).
  transform: { '^.+\\.tsx?$': 'ts-jest' },
  // @flashcard/shared-ui ships TypeScript sources: compile them; every other package is built.
  transformIgnorePatterns: ['/node_modules/(?!@flashcard/)'],
  moduleNameMapper: { '\\.css$': path.join(__dirname, 'jest-style-stub.js') },
};

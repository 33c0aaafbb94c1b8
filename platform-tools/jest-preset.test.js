// The jest preset a team's repository names (`preset: '@flashcard/platform-tools'`): exported,
// shipped in the tarball, and its setup gives jsdom what the platform's packages use.
const fs = require('fs');
const path = require('path');
const pkg = require('./package.json');
const preset = require('./jest-preset');

test('is exported where jest looks for a preset and every file it names is in the package', () => {
  expect(pkg.exports['./jest-preset']).toBe('./jest-preset.js');
  for (const file of [pkg.exports['./jest-preset'], ...preset.setupFiles, preset.moduleNameMapper['\\.css$']]) {
    const relative = path.relative(__dirname, path.resolve(__dirname, file));
    expect(fs.existsSync(path.join(__dirname, relative))).toBe(true);
    expect(pkg.files).toContain(relative);
  }
  expect(preset).toMatchObject({
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/src'],
    setupFilesAfterEnv: ['@testing-library/jest-dom'],
  });
  expect(Object.keys(preset.transform)).toEqual(['^.+\\.tsx?$']);
  // The kernel's build is JavaScript; only shared-ui's TypeScript sources are compiled.
  const ignored = new RegExp(preset.transformIgnorePatterns[0]);
  expect(ignored.test('/repo/node_modules/react/index.js')).toBe(true);
  expect(ignored.test('/repo/node_modules/@flashcard/shared-ui/src/index.ts')).toBe(false);
});

test('its setup gives a jsdom page TextEncoder and matchMedia', () => {
  const saved = { TextEncoder: globalThis.TextEncoder, window: globalThis.window };
  try {
    Reflect.deleteProperty(globalThis, 'TextEncoder');
    globalThis.window = {};
    jest.isolateModules(() => require('./jest-setup'));
    expect(new globalThis.TextEncoder().encode('é')).toHaveLength(2);
    expect(globalThis.window.matchMedia('(prefers-reduced-motion: reduce)')).toMatchObject({
      matches: false,
      media: '(prefers-reduced-motion: reduce)',
    });
  } finally {
    globalThis.TextEncoder = saved.TextEncoder;
    if (saved.window === undefined) delete globalThis.window;
    else globalThis.window = saved.window;
  }
});

import { releaseFiles, releaseFolder, type ReleaseManifest } from './remote-releases';

const ORIGIN = 'https://flashcards.example';

test('a release folder is /remotes/<name>/<version>/ on this site, nothing else', () => {
  expect(releaseFolder('/remotes/mfe_cards/0.1.0%2Babc/mf-manifest.json', ORIGIN)).toBe(
    '/remotes/mfe_cards/0.1.0%2Babc/',
  );
  expect(releaseFolder(`${ORIGIN}/remotes/mfe_cards/0.1.0+abc/fonts/KaTeX.woff2`, ORIGIN)).toBe(
    '/remotes/mfe_cards/0.1.0+abc/',
  );
  expect(releaseFolder('http://localhost:3002/remotes/mfe_cards/1/mf-manifest.json', ORIGIN)).toBeNull();
  expect(releaseFolder('http://localhost:3002/mf-manifest.json', ORIGIN)).toBeNull();
  expect(releaseFolder('/remotes/mfe_cards/', ORIGIN)).toBeNull();
  expect(releaseFolder('/api/platform/manifest', ORIGIN)).toBeNull();
});

test("a release's files are its entry and every script and style its mf-manifest.json lists, once each", () => {
  // The shape of a built remote's mf-manifest.json (enhanced 2.9), cut down.
  const manifest: ReleaseManifest & Record<string, unknown> = {
    id: 'mfe_cards',
    name: 'mfe_cards',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' } as never,
    shared: [
      {
        assets: { js: { async: [], sync: ['257.2eacc2eb.js'] }, css: { async: [], sync: [] } },
      },
      {
        assets: { js: { async: [], sync: ['325.ac1daf53.js', '706.cf1526e4.js'] }, css: { async: [], sync: [] } },
      },
    ],
    remotes: [],
    exposes: [
      {
        assets: {
          js: { sync: ['85.23199e83.js', '289.a17b9fef.js'], async: ['592.2908fff0.js', '257.2eacc2eb.js'] },
          css: { sync: ['85.css'], async: ['592.css'] },
        },
      },
    ],
  };
  expect(releaseFiles(manifest)).toEqual([
    'remoteEntry.js',
    '85.23199e83.js',
    '289.a17b9fef.js',
    '592.2908fff0.js',
    '257.2eacc2eb.js',
    '85.css',
    '592.css',
    '325.ac1daf53.js',
    '706.cf1526e4.js',
  ]);
  expect(releaseFiles({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'static/' } } })).toEqual([
    'static/remoteEntry.js',
  ]);
  expect(releaseFiles({})).toEqual([]);
});

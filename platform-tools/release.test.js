const fs = require('fs');
const os = require('os');
const path = require('path');
const {
  USAGE,
  ReleaseError,
  buildReleaseBody,
  collectFiles,
  describeResponse,
  isReleaseFile,
  main,
  parseArgs,
  readBuild,
  readRemotePackage,
  releaseUrl,
  requireToken,
} = require('./release');

const METADATA = {
  routes: [{ path: '/quiz/*', module: './App' }],
  navigation: [{ label: 'Quiz', path: '/quiz', icon: '?', order: 100 }],
  kernel: '^1.0.0',
};

let tmp;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-tools-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(file, content) {
  fs.mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
  fs.writeFileSync(path.join(tmp, file), content);
}

/** A remote folder with a built dist/ (what `npm run build` leaves). */
/** A remote folder with a build in it; `pkg` and `manifest` change its package.json and mf-manifest.json. */
function builtRemote(
  /** @type {{ pkg?: object, manifest?: object }} */ { pkg = {}, manifest = { name: 'mfe_quiz' } } = {},
) {
  write(
    'mfe-quiz/package.json',
    JSON.stringify({
      name: '@flashcard/mfe-quiz',
      version: '0.1.0',
      flashcardRemote: { ...METADATA, devPort: 3006 },
      ...pkg,
    }),
  );
  write('mfe-quiz/dist/mf-manifest.json', JSON.stringify(manifest));
  write('mfe-quiz/dist/remoteEntry.js', 'var mfe_quiz;');
  write('mfe-quiz/dist/remoteEntry.js.map', '{}');
  write('mfe-quiz/dist/12.abcdef12.js', 'chunk');
  write('mfe-quiz/dist/.build-stamp', 'stamp');
  write('mfe-quiz/dist/assets/logo.png', Buffer.from([0, 1, 2, 255]));
  return path.join(tmp, 'mfe-quiz');
}

describe('parseArgs', () => {
  it('defaults to the current folder, with a build and no promote', () => {
    expect(parseArgs([])).toEqual({ remoteDir: '.', promote: false, build: true, help: false });
  });

  it('takes a folder and the flags in any order', () => {
    expect(parseArgs(['--promote', 'mfe-quiz', '--no-build'])).toEqual({
      remoteDir: 'mfe-quiz',
      promote: true,
      build: false,
      help: false,
    });
    expect(parseArgs(['-h']).help).toBe(true);
  });

  it('refuses unknown options and two folders', () => {
    expect(() => parseArgs(['--force'])).toThrow(new ReleaseError(`Unknown option --force\n\n${USAGE}`));
    expect(() => parseArgs(['a', 'b'])).toThrow('One remote folder at a time (got a, b)');
  });
});

describe('environment', () => {
  it('publishes to PLATFORM_URL, else to localhost on PORT or 3000', () => {
    expect(releaseUrl({ PLATFORM_URL: 'https://flash.example.com/' })).toBe(
      'https://flash.example.com/api/platform/releases',
    );
    expect(releaseUrl({ PORT: '3999' })).toBe('http://localhost:3999/api/platform/releases');
    expect(releaseUrl({})).toBe('http://localhost:3000/api/platform/releases');
  });

  it('needs PLATFORM_TOKEN and says how to get one', () => {
    expect(requireToken({ PLATFORM_TOKEN: ' fcd_abc ' })).toBe('fcd_abc');
    expect(() => requireToken({})).toThrow(/PLATFORM_TOKEN is not set.*npm run deploy-token -- <label>/);
    expect(() => requireToken({ PLATFORM_TOKEN: '  ' })).toThrow(ReleaseError);
  });
});

describe('files', () => {
  it('leaves source maps and the build stamp out, like the server', () => {
    expect(isReleaseFile('remoteEntry.js')).toBe(true);
    expect(isReleaseFile('assets/a.css')).toBe(true);
    expect(isReleaseFile('remoteEntry.js.map')).toBe(false);
    expect(isReleaseFile('.build-stamp')).toBe(false);
    expect(isReleaseFile('sub/.build-stamp')).toBe(false);
  });

  it('collects every other file of dist/, nested paths with "/", sorted, as bytes', () => {
    const dir = builtRemote();
    const files = collectFiles(path.join(dir, 'dist'));
    expect(files.map((file) => file.path)).toEqual([
      '12.abcdef12.js',
      'assets/logo.png',
      'mf-manifest.json',
      'remoteEntry.js',
    ]);
    expect(files[1].content).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('reads the federation name from dist/mf-manifest.json', () => {
    const dir = builtRemote();
    expect(readBuild(dir).name).toBe('mfe_quiz');
  });

  it('explains a missing build, a missing manifest name and a folder that is no remote', () => {
    write('plain/package.json', JSON.stringify({ name: 'plain', version: '1.0.0' }));
    expect(() => readRemotePackage(path.join(tmp, 'plain'))).toThrow(/has no "flashcardRemote" field/);
    expect(() => readRemotePackage(path.join(tmp, 'nowhere'))).toThrow(/package.json not found/);
    expect(() => readBuild(path.join(tmp, 'plain'))).toThrow(
      /dist\/mf-manifest.json \(build the remote first\) not found/,
    );
    const dir = builtRemote({ manifest: { id: 'x' } });
    expect(() => readBuild(dir)).toThrow(/names no remote/);
  });
});

describe('buildReleaseBody', () => {
  it('sends the name, the package version, the metadata without devPort and the files in base64', () => {
    const dir = builtRemote();
    const pkg = readRemotePackage(dir);
    const body = buildReleaseBody({
      name: 'mfe_quiz',
      pkg,
      files: [{ path: 'assets/logo.png', content: Buffer.from([0, 1, 2, 255]) }],
    });
    expect(body).toEqual({
      name: 'mfe_quiz',
      packageVersion: '0.1.0',
      metadata: METADATA,
      files: [{ path: 'assets/logo.png', content: 'AAEC/w==' }],
    });
    expect(body).not.toHaveProperty('promote');
    expect(buildReleaseBody({ name: 'mfe_quiz', pkg, files: [], promote: true }).promote).toBe(true);
  });
});

describe('describeResponse', () => {
  it('reports the version and whether it is active', () => {
    expect(describeResponse(201, { release: { name: 'mfe_quiz', version: '0.1.0+1a2b3c4d' }, active: true })).toEqual({
      ok: true,
      message: 'Released mfe_quiz 0.1.0+1a2b3c4d (active)',
    });
    expect(
      describeResponse(201, { release: { name: 'mfe_quiz', version: '0.2.0+00ff00ff' }, active: false }).message,
    ).toBe('Released mfe_quiz 0.2.0+00ff00ff (waiting for promote)');
  });

  it("reports the server's error, or the text of an answer that is not JSON", () => {
    expect(describeResponse(409, { error: 'This version already exists' })).toEqual({
      ok: false,
      message: 'Release refused (409): This version already exists',
    });
    expect(describeResponse(502, '<html>Bad gateway</html>\n').message).toBe(
      'Release refused (502): <html>Bad gateway</html>',
    );
    expect(describeResponse(500, '').message).toBe('Release refused (500): no error message');
  });
});

describe('main', () => {
  /**
   * `main` with a fake platform answering `answer` (or failing with `fetchError`).
   * @param {string[]} argv
   * @param {{ env?: Record<string, string>, answer?: { status: number, body: unknown }, fetchError?: Error }} [fake]
   */
  function run(
    argv,
    { env = { PLATFORM_TOKEN: 'fcd_test', PLATFORM_URL: 'http://platform.test' }, answer, fetchError } = {},
  ) {
    const out = [];
    const err = [];
    const builds = [];
    const requests = [];
    const fetchImpl = async (url, init) => {
      requests.push({ url, init, body: JSON.parse(init.body) });
      if (fetchError) throw fetchError;
      const { status, body } = /** @type {{ status: number, body: unknown }} */ (answer);
      return { status, text: async () => (typeof body === 'string' ? body : JSON.stringify(body)) };
    };
    return main(argv, {
      env,
      cwd: tmp,
      stdout: (line) => out.push(line),
      stderr: (line) => err.push(line),
      build: (dir) => builds.push(dir),
      fetchImpl,
    }).then((code) => ({ code, out, err, builds, requests }));
  }

  it('builds, then posts the release with the token and prints what the server made of it', async () => {
    const dir = builtRemote();
    const result = await run(['mfe-quiz', '--promote'], {
      answer: { status: 201, body: { release: { name: 'mfe_quiz', version: '0.1.0+1a2b3c4d' }, active: true } },
    });
    expect(result).toMatchObject({
      code: 0,
      out: ['Released mfe_quiz 0.1.0+1a2b3c4d (active)'],
      err: [],
      builds: [dir],
    });
    expect(result.requests).toHaveLength(1);
    const [request] = result.requests;
    expect(request.url).toBe('http://platform.test/api/platform/releases');
    expect(request.init.method).toBe('POST');
    expect(request.init.headers).toMatchObject({
      Authorization: 'Bearer fcd_test',
      'Content-Type': 'application/json',
    });
    expect(request.body).toMatchObject({
      name: 'mfe_quiz',
      packageVersion: '0.1.0',
      metadata: METADATA,
      promote: true,
    });
    expect(request.body.files.map((file) => file.path)).toEqual([
      '12.abcdef12.js',
      'assets/logo.png',
      'mf-manifest.json',
      'remoteEntry.js',
    ]);
  });

  it('skips the build with --no-build', async () => {
    builtRemote();
    const result = await run(['mfe-quiz', '--no-build'], {
      answer: { status: 201, body: { release: { name: 'mfe_quiz', version: '0.1.0+1a2b3c4d' }, active: false } },
    });
    expect(result).toMatchObject({
      code: 0,
      out: ['Released mfe_quiz 0.1.0+1a2b3c4d (waiting for promote)'],
      builds: [],
    });
  });

  it('exits 1 with the refusal on stderr', async () => {
    builtRemote();
    const result = await run(['mfe-quiz'], { answer: { status: 401, body: { error: 'Invalid deploy token' } } });
    expect(result).toMatchObject({ code: 1, out: [], err: ['Release refused (401): Invalid deploy token'] });
  });

  it('stops before building when the token is missing', async () => {
    builtRemote();
    const result = await run(['mfe-quiz'], { env: {} });
    expect(result.code).toBe(1);
    expect(result.err[0]).toMatch(/^PLATFORM_TOKEN is not set/);
    expect(result.builds).toEqual([]);
    expect(result.requests).toEqual([]);
  });

  it('says when the platform cannot be reached', async () => {
    builtRemote();
    const result = await run(['mfe-quiz'], {
      fetchError: Object.assign(new TypeError('fetch failed'), { cause: new Error('connect ECONNREFUSED') }),
    });
    expect(result).toMatchObject({
      code: 1,
      err: [
        'Could not reach the platform at http://platform.test/api/platform/releases: fetch failed (connect ECONNREFUSED)',
      ],
    });
  });

  it('refuses a folder that is no remote, before building', async () => {
    write('plain/package.json', JSON.stringify({ name: 'plain', version: '1.0.0' }));
    const result = await run(['plain']);
    expect(result.code).toBe(1);
    expect(result.err[0]).toMatch(/has no "flashcardRemote" field/);
    expect(result.builds).toEqual([]);
  });
});

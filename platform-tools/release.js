// `flashcard-release`: publishes a remote's build to the platform registry
// (POST /api/platform/releases, shape PublishReleaseBody in api-contract/src/schemas/platform.ts).
// Node 20 built-ins only (fetch included), so a team's CI needs nothing but this package.
// The pure parts (arguments, files, body, messages) are exported for tests; `main` wires them.
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const USAGE = `Usage: flashcard-release [remoteDir] [--promote] [--no-build]

Builds the remote in remoteDir (default: the current folder) with its own "npm run build",
then publishes dist/ to \${PLATFORM_URL}/api/platform/releases.

  --promote    make the release the active version at once
  --no-build   publish the dist/ that is already there

Environment:
  PLATFORM_TOKEN   a deploy token (fcd_...) or a super_admin's access token (required)
  PLATFORM_URL     the platform's address (default http://localhost:\${PORT:-3000})`;

/** A mistake the user can fix: printed as is, exit code 1. */
class ReleaseError extends Error {}

/** Same rule as the server (api/src/modules/platform/release.ts isReleaseFile): maps stay with the team, the standalone page with the dev server. */
function isReleaseFile(relativePath) {
  return (
    !relativePath.endsWith('.map') &&
    !/\.html(\.br|\.gz)?$/.test(relativePath) &&
    path.posix.basename(relativePath) !== '.build-stamp'
  );
}

/** `{ remoteDir, promote, build, help }` from the command line (after `node release.mjs`). */
function parseArgs(argv) {
  const options = { remoteDir: '.', promote: false, build: true, help: false };
  const positional = [];
  for (const arg of argv) {
    if (arg === '--promote') options.promote = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg.startsWith('-')) throw new ReleaseError(`Unknown option ${arg}\n\n${USAGE}`);
    else positional.push(arg);
  }
  if (positional.length > 1)
    throw new ReleaseError(`One remote folder at a time (got ${positional.join(', ')})\n\n${USAGE}`);
  if (positional.length === 1) options.remoteDir = positional[0];
  return options;
}

/** The platform's address: PLATFORM_URL, without a trailing slash. */
function platformUrl(env = process.env) {
  return (env.PLATFORM_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
}

/** Where to publish: `${PLATFORM_URL}/api/platform/releases`. */
function releaseUrl(env = process.env) {
  return `${platformUrl(env)}/api/platform/releases`;
}

/** The token, or a clear error saying how to get one. */
function requireToken(env = process.env) {
  const token = (env.PLATFORM_TOKEN || '').trim();
  if (!token) {
    throw new ReleaseError(
      'PLATFORM_TOKEN is not set. Ask the platform team for a deploy token ' +
        '(on the server: npm run deploy-token -- <label> --remote <name>) and run the command with PLATFORM_TOKEN=fcd_...',
    );
  }
  return token;
}

/** Every file of a build folder that belongs in a release, `{ path, content }`, paths with '/', sorted. */
function collectFiles(distDir, prefix = '') {
  const files = [];
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    const full = path.join(distDir, entry.name);
    if (entry.isDirectory()) files.push(...collectFiles(full, relative));
    else if (entry.isFile() && isReleaseFile(relative)) files.push({ path: relative, content: fs.readFileSync(full) });
  }
  return prefix ? files : files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function readJson(file, what) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ReleaseError(`${what} not found: ${file}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ReleaseError(`${what} is not valid JSON (${file}): ${/** @type {SyntaxError} */ (error).message}`);
  }
}

/** The remote's package.json (it must declare "flashcardRemote"). */
function readRemotePackage(remoteDir) {
  const pkg = readJson(path.join(remoteDir, 'package.json'), 'package.json');
  if (!pkg.flashcardRemote || typeof pkg.flashcardRemote !== 'object') {
    throw new ReleaseError(
      `${path.join(remoteDir, 'package.json')} has no "flashcardRemote" field: is ${remoteDir} a remote?`,
    );
  }
  if (!pkg.version) throw new ReleaseError(`${path.join(remoteDir, 'package.json')} has no "version"`);
  return pkg;
}

/** The built remote: its federation name (from dist/mf-manifest.json) and its release files. */
function readBuild(remoteDir) {
  const distDir = path.join(remoteDir, 'dist');
  const manifest = readJson(path.join(distDir, 'mf-manifest.json'), 'dist/mf-manifest.json (build the remote first)');
  if (typeof manifest.name !== 'string' || !manifest.name) {
    throw new ReleaseError(`${path.join(distDir, 'mf-manifest.json')} names no remote`);
  }
  return { name: manifest.name, files: collectFiles(distDir) };
}

/** The JSON body of POST /api/platform/releases. */
function buildReleaseBody({ name, pkg, files, promote = false }) {
  // devPort only matters to the dev servers; the registry keeps routes, navigation, kernel.
  const { devPort: _devPort, ...metadata } = pkg.flashcardRemote;
  const body = {
    name,
    packageVersion: pkg.version,
    metadata,
    files: files.map((file) => ({ path: file.path, content: Buffer.from(file.content).toString('base64') })),
  };
  if (promote) body.promote = true;
  return body;
}

/** The line printed for the server's answer; `ok` false means exit code 1. */
function describeResponse(status, payload) {
  if (status === 201 && payload && payload.release) {
    const { name, version } = payload.release;
    return { ok: true, message: `Released ${name} ${version} (${payload.active ? 'active' : 'waiting for promote'})` };
  }
  return { ok: false, message: `Release refused (${status}): ${errorOf(payload)}` };
}

/** POSTs the body; `{ status, payload }` with the parsed JSON answer (or its text). */
function publish({ url, token, body, fetchImpl }) {
  return callPlatform({ method: 'POST', url, token, body, fetchImpl });
}

/**
 * One call of the registry's API; `{ status, payload }` with the parsed JSON answer (or its text).
 * @returns {Promise<{ status: number, payload: any }>}
 */
async function callPlatform({ method, url, token, body, fetchImpl = globalThis.fetch }) {
  let response;
  try {
    response = await fetchImpl(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        Authorization: `Bearer ${token}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: 'manual',
    });
  } catch (caught) {
    // fetch fails with a TypeError whose cause says why (ECONNREFUSED, a bad certificate...).
    const error = /** @type {Error & { cause?: { message?: string } }} */ (caught);
    const cause = error && error.cause && error.cause.message ? ` (${error.cause.message})` : '';
    throw new ReleaseError(`Could not reach the platform at ${url}: ${error.message}${cause}`);
  }
  const text = await response.text();
  /** @type {any} */
  let payload = text;
  try {
    payload = JSON.parse(text);
  } catch {
    // not JSON (a proxy's error page): reported as text
  }
  return { status: response.status, payload };
}

/** The server's `{ error }`, or what it said instead. */
function errorOf(payload) {
  if (payload && typeof payload === 'object' && payload.error) return payload.error;
  return typeof payload === 'string' && payload.trim() ? payload.trim().slice(0, 500) : 'no error message';
}

/** Runs `npm run build` in the remote's folder. */
function runBuild(remoteDir, spawn = spawnSync) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawn(npm, ['run', 'build'], {
    cwd: remoteDir,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.error) throw new ReleaseError(`Could not run "npm run build" in ${remoteDir}: ${result.error.message}`);
  if (result.status !== 0)
    throw new ReleaseError(`"npm run build" failed in ${remoteDir} (exit code ${result.status})`);
}

/**
 * The whole command; resolves to the exit code. `io` replaces the process's pieces in tests:
 * { env, cwd, stdout, stderr, fetchImpl, build }.
 */
async function main(argv, io = {}) {
  const env = io.env || process.env;
  const out = io.stdout || ((line) => process.stdout.write(`${line}\n`));
  const err = io.stderr || ((line) => process.stderr.write(`${line}\n`));
  try {
    const options = parseArgs(argv);
    if (options.help) {
      out(USAGE);
      return 0;
    }
    const token = requireToken(env);
    const remoteDir = path.resolve(io.cwd || process.cwd(), options.remoteDir);
    const pkg = readRemotePackage(remoteDir);
    if (options.build) (io.build || runBuild)(remoteDir);
    const { name, files } = readBuild(remoteDir);
    const url = releaseUrl(env);
    const body = buildReleaseBody({ name, pkg, files, promote: options.promote });
    const { status, payload } = await publish({ url, token, body, fetchImpl: io.fetchImpl });
    const result = describeResponse(status, payload);
    (result.ok ? out : err)(result.message);
    return result.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof ReleaseError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

module.exports = {
  USAGE,
  ReleaseError,
  isReleaseFile,
  parseArgs,
  releaseUrl,
  platformUrl,
  callPlatform,
  errorOf,
  requireToken,
  collectFiles,
  readRemotePackage,
  readBuild,
  buildReleaseBody,
  describeResponse,
  publish,
  runBuild,
  main,
};

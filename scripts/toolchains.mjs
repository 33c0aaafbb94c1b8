#!/usr/bin/env node
// Measures which bundler + @module-federation/enhanced pairs build a remote against the packed
// platform packages, as a team outside this repository would (new-remote --standalone with the
// tarballs, npm install, npm run build), and checks the build the way a release is checked (a manifest, the kernel's
// singletons in it). The table it prints is docs/PLATFORM.md's "Toolchains".
//   node scripts/toolchains.mjs                      the default pairs
//   node scripts/toolchains.mjs webpack@5.112.2+2.9.2 rspack@2.3.3+2.9.3
// Needs the npm registry; takes about half a minute per pair.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_PAIRS = [
  'webpack@5.111.1+2.9.2',
  'webpack@5.112.2+2.9.2',
  'webpack@5.112.2+2.9.3',
  'webpack@5.105.4+2.9.2',
  'rspack@2.3.2+2.9.2',
  'rspack@2.3.3+2.9.3',
  'rspack@2.2.9+2.9.2',
];

function sh(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, out: `${result.stdout}${result.stderr}` };
}

/** The first line of a failed step worth reading. */
const reason = (out) =>
  out
    .split('\n')
    .find((line) => /error|Error|ERR!/.test(line))
    ?.trim()
    .slice(0, 160) ?? out.trim().split('\n').pop();

function measure(pair, packs, work) {
  const [, bundler, bundlerVersion, federationVersion] = /^(webpack|rspack)@([^+]+)\+(.+)$/.exec(pair) ?? [];
  if (!bundler) return { pair, result: `not a pair (bundler@version+enhancedVersion)` };
  const remote = join(work, `${bundler}-${bundlerVersion}-${federationVersion}`);
  const made = sh(
    process.execPath,
    [
      join(ROOT, 'scripts/new-remote.mjs'),
      'mfe-probe',
      '--route',
      '/probe',
      '--label',
      'Probe',
      '--bundler',
      bundler,
      '--standalone',
      remote,
      '--packages',
      packs,
    ],
    ROOT,
  );
  if (!made.ok) return { pair, result: `scaffold failed: ${reason(made.out)}` };
  const pkg = JSON.parse(readFileSync(join(remote, 'package.json'), 'utf8'));
  pkg.devDependencies['@module-federation/enhanced'] = federationVersion;
  pkg.devDependencies[bundler === 'webpack' ? 'webpack' : '@rspack/core'] = bundlerVersion;
  writeFileSync(join(remote, 'package.json'), JSON.stringify(pkg, null, 2));
  const install = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
  let installed = sh('npm', install, remote);
  // A pair outside platform-tools' peer ranges is still measured (installed over them), and said so.
  const forced = !installed.ok && /ERESOLVE/.test(installed.out);
  if (forced) installed = sh('npm', [...install, '--legacy-peer-deps'], remote);
  if (!installed.ok) return { pair, result: `install failed: ${reason(installed.out)}` };
  const note = forced
    ? ' (outside the peer ranges of @flashcard/platform-tools: installed with --legacy-peer-deps)'
    : '';
  const built = sh('npm', ['run', 'build'], remote);
  if (!built.ok) return { pair, result: `build failed: ${reason(built.out)}${note}` };
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(remote, 'dist', 'mf-manifest.json'), 'utf8'));
  } catch {
    return { pair, result: 'built, but wrote no mf-manifest.json' };
  }
  const singletons = (manifest.shared ?? []).filter((entry) => entry.singleton).map((entry) => entry.name);
  const missing = ['react', 'react-dom', 'react-router-dom', '@flashcard/shared-auth'].filter(
    (name) => !singletons.includes(name),
  );
  if (missing.length) return { pair, result: `built, but the manifest lacks the singletons ${missing.join(', ')}` };
  const entry = readFileSync(join(remote, 'dist', 'remoteEntry.js'));
  return {
    pair,
    result: `builds, the kernel's singletons in its manifest; remoteEntry.js ${(entry.length / 1024).toFixed(1)} KB${note}`,
  };
}

const pairs = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PAIRS;
const work = mkdtempSync(join(tmpdir(), 'flashcards-toolchains-'));
try {
  const packs = join(work, 'packs');
  mkdirSync(packs);
  const packed = sh(
    'npm',
    [
      'pack',
      '--silent',
      '--pack-destination',
      packs,
      ...['shared-auth', 'shared-ui', 'api-contract', 'platform-tools'].flatMap((name) => [
        '--workspace',
        `@flashcard/${name}`,
      ]),
    ],
    ROOT,
  );
  if (!packed.ok) throw new Error(`npm pack failed: ${reason(packed.out)}`);
  console.log('| bundler + @module-federation/enhanced | result |\n|---|---|');
  for (const pair of pairs) {
    const { result } = measure(pair, packs, work);
    console.log(`| ${pair.replace('+', ' + enhanced ')} | ${result} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

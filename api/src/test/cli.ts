// Runs one of src/cli/*.ts as a user would (through tsx, in its own process) against a temp
// DATA_DIR, for the command-line tests.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeTempDir } from './harness';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Call inside a describe: a temp data folder for the suite, and `run(...args)`. */
export function cliRunner(scriptName: string): {
  run: (...args: string[]) => Promise<CliResult>;
  dataDir: () => string;
} {
  const TSX = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
  const script = path.join(__dirname, '..', 'cli', scriptName);
  let dataDir = '';

  beforeAll(() => {
    dataDir = makeTempDir('flashcards-cli-');
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const run = (...args: string[]) =>
    promisify(execFile)(TSX, [script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'x'.repeat(40), NODE_ENV: 'test' },
    }).then(
      ({ stdout, stderr }): CliResult => ({ code: 0, stdout, stderr }),
      (error: CliResult): CliResult => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  return { run, dataDir: () => dataDir };
}

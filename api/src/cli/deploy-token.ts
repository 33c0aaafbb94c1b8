// `npm run deploy-token -- <label> --remote mfe_x [--remote mfe_y] [--expires 90d]`: creates a
// deploy token, the credential a team's release job sends (`Authorization: Bearer fcd_...`),
// allowed to change only the remotes named. `--list` lists the tokens, `--revoke <id>` ends one.
// Uses the same configuration (DATA_DIR, DATABASE_URL...) as the server. A new token is printed
// alone on stdout, so a script can capture it: it is shown once, only its sha256 is stored.
import { parseArgs } from 'node:util';
import { Value } from '@sinclair/typebox/value';
import { CreateDeployTokenBody, DEPLOY_TOKEN_MAX_DAYS, RemoteName } from '@flashcard/api-contract/schemas';
import { loadConfig, type Config } from '../config';
import { createDb } from '../db';
import { migrateToLatest } from '../db/migrate';
import { HttpError } from '../lib/http-error';
import { DeployTokenService, PlatformRepository, presentDeployToken } from '../modules/platform';

export const USAGE = [
  'Usage: npm run deploy-token -- <label> --remote <name> [--remote <name>...] [--expires <days>d]',
  '       npm run deploy-token -- --list',
  '       npm run deploy-token -- --revoke <id>',
  '  label: 1-100 characters naming who uses the token, e.g. "quiz-team ci"',
  '  --remote: a remote the token may publish, promote, roll back and run canaries of (e.g. mfe_quiz); at least one',
].join('\n');
export const MAX_LABEL_LENGTH = 100;

/** A mistake on the command line: printed as is, exit code 1. */
export class DeployTokenUsageError extends Error {}

type Command =
  | { kind: 'create'; label: string; remotes: string[]; expiresInDays?: number }
  | { kind: 'list' }
  | { kind: 'revoke'; id: string };

function parseCommand(args: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        remote: { type: 'string', multiple: true },
        expires: { type: 'string' },
        list: { type: 'boolean' },
        revoke: { type: 'string' },
      },
    });
  } catch (error) {
    throw new DeployTokenUsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.list) {
    if (positionals.length || values.remote || values.expires || values.revoke) throw new DeployTokenUsageError(USAGE);
    return { kind: 'list' };
  }
  if (values.revoke !== undefined) {
    if (positionals.length || values.remote || values.expires) throw new DeployTokenUsageError(USAGE);
    return { kind: 'revoke', id: values.revoke };
  }
  const label = positionals[0]?.trim() ?? '';
  if (!label || positionals.length > 1) throw new DeployTokenUsageError(USAGE);
  if (label.length > MAX_LABEL_LENGTH) {
    throw new DeployTokenUsageError(
      `The label is ${label.length} characters long; at most ${MAX_LABEL_LENGTH} are allowed.\n${USAGE}`,
    );
  }
  const remotes = values.remote ?? [];
  // No more master keys: a token names what it may change.
  if (!remotes.length) throw new DeployTokenUsageError(`A deploy token needs at least one --remote.\n${USAGE}`);
  const badName = remotes.find((name) => !Value.Check(RemoteName, name));
  if (badName !== undefined)
    throw new DeployTokenUsageError(`"${badName}" is not a remote name (like mfe_quiz).\n${USAGE}`);
  let expiresInDays: number | undefined;
  if (values.expires !== undefined) {
    const match = /^([0-9]{1,4})d$/.exec(values.expires);
    expiresInDays = match ? Number(match[1]) : NaN;
    if (!(expiresInDays >= 1 && expiresInDays <= DEPLOY_TOKEN_MAX_DAYS)) {
      throw new DeployTokenUsageError(`--expires takes days, 1d to ${DEPLOY_TOKEN_MAX_DAYS}d (e.g. 90d).\n${USAGE}`);
    }
  }
  const body = { label, remotes: [...new Set(remotes)], ...(expiresInDays ? { expiresInDays } : {}) };
  if (!Value.Check(CreateDeployTokenBody, body)) throw new DeployTokenUsageError(USAGE);
  return { kind: 'create', ...body };
}

/** One line per token: id, label, remotes, created, last used, expires, revoked. */
function listing(tokens: ReturnType<typeof presentDeployToken>[]): string {
  if (!tokens.length) return 'No deploy tokens.';
  return tokens
    .map((token) =>
      [
        `#${token.id}`,
        JSON.stringify(token.label),
        `remotes=${token.remotes.join(',') || '(none)'}`,
        `created=${token.createdAt}`,
        `last-used=${token.lastUsedAt ?? 'never'}`,
        `expires=${token.expiresAt ?? 'never'}`,
        ...(token.revokedAt ? [`revoked=${token.revokedAt}`] : []),
      ].join('  '),
    )
    .join('\n');
}

/** Runs the command; returns what to print, throws DeployTokenUsageError for a user mistake. */
export async function runDeployToken(
  args: string[],
  config: Config,
  now: () => Date = () => new Date(),
): Promise<string> {
  const command = parseCommand(args);
  const db = createDb(config.database);
  try {
    // The tool may run before the server ever started on this database.
    await migrateToLatest(db);
    const tokens = new DeployTokenService(new PlatformRepository(db), now);
    if (command.kind === 'list') return listing((await tokens.list()).map(presentDeployToken));
    if (command.kind === 'revoke') {
      try {
        await tokens.revoke(command.id);
      } catch (error) {
        if (error instanceof HttpError) throw new DeployTokenUsageError(`No deploy token #${command.id}.`);
        throw error;
      }
      return `Revoked deploy token #${command.id}.`;
    }
    const { kind: _kind, ...body } = command;
    return (await tokens.create(body)).token;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  (async () => {
    try {
      process.stdout.write(`${await runDeployToken(process.argv.slice(2), loadConfig())}\n`);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  })();
}

// `flashcard-platform` (`npm run platform -- ...` here): a team's view of its own remotes, and
// its levers, with the deploy token its CI already has (PLATFORM_URL, PLATFORM_TOKEN).
//   status <remote> [--json]                        active, canary and its cohort, waiting releases, health, halts, audit
//   promote <remote> <version>                      make a release the active one
//   rollback <remote> [version]                     back to the version active before (or the one named)
//   canary <remote> <version> <percent> [--roles admin,super_admin] [--users 12,40]
//   canary <remote> off                             end the canary
//   preview <remote> <version>                      a 24-hour link that pins the version for whoever opens it signed in
//   service add <name> <url> [--remote mfe_x]      register a team's server at /api/services/<name>/* (an operator's token)
//   service list [--json] | service status <name> [--json] | service remove <name>
// Node 20 built-ins only. The pure parts are exported for tests; `main` wires them.
const { ReleaseError, callPlatform, errorOf, platformUrl, requireToken } = require('./release');

const USAGE = `Usage: flashcard-platform <command> <remote> ...

  status <remote> [--json]
  promote <remote> <version>
  rollback <remote> [version]
  canary <remote> <version> <percent> [--roles admin,super_admin] [--users 12,40]
  canary <remote> off
  preview <remote> <version>

  service add <name> <url> [--remote mfe_x[,mfe_y]]   register a team's server (super_admin)
  service list [--json]                              every registered service (admin)
  service status <name> [--json]                     its address, health and changes (admin, or its remotes' token)
  service remove <name>                              (super_admin)

Environment:
  PLATFORM_TOKEN   a deploy token naming the remote (fcd_...) or a super_admin's access token (required)
  PLATFORM_URL     the platform's address (default http://localhost:\${PORT:-3000})`;

const ROLES = ['user', 'admin', 'super_admin'];

/**
 * The options of any command.
 * @typedef {object} Options
 * @property {boolean} json
 * @property {boolean} help
 * @property {string[]} [roles] a canary's cohort: these roles...
 * @property {number[]} [userIds] ...and these accounts
 * @property {string[]} [remotes] a service's remotes (their deploy tokens may read its health)
 */
/**
 * What the command line asks for: help, or a command on a remote.
 * @typedef {Options & ({ command: 'help' } | {
 *   command: 'status' | 'promote' | 'rollback' | 'canary' | 'preview',
 *   remote: string,
 *   version?: string,
 *   percent?: number,
 *   off?: boolean,
 * } | {
 *   command: 'service',
 *   action: 'add' | 'list' | 'status' | 'remove',
 *   service?: string,
 *   url?: string,
 * })} Command
 */

/**
 * The command line as a `Command`.
 * @param {string[]} argv
 * @returns {Command}
 */
function parseArgs(argv) {
  const positional = [];
  /** @type {Options} */
  const options = { json: false, help: false, roles: undefined, userIds: undefined, remotes: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--json') options.json = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--remote') {
      const value = argv[(i += 1)];
      if (value === undefined) throw new ReleaseError(`--remote needs a remote name\n\n${USAGE}`);
      const names = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      options.remotes = [...new Set([...(options.remotes || []), ...names])];
    } else if (arg === '--roles' || arg === '--users') {
      const value = argv[(i += 1)];
      if (value === undefined) throw new ReleaseError(`${arg} needs a value\n\n${USAGE}`);
      const list = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (arg === '--roles') {
        const unknown = list.find((role) => !ROLES.includes(role));
        if (unknown) throw new ReleaseError(`Unknown role ${unknown} (roles: ${ROLES.join(', ')})`);
        options.roles = list;
      } else {
        const bad = list.find((id) => !/^[1-9][0-9]{0,9}$/.test(id));
        if (bad) throw new ReleaseError(`${bad} is not a user id`);
        options.userIds = list.map(Number);
      }
    } else if (arg.startsWith('-')) throw new ReleaseError(`Unknown option ${arg}\n\n${USAGE}`);
    else positional.push(arg);
  }
  if (options.help) return { ...options, command: 'help' };
  const [command, remote, ...rest] = positional;
  const usage = (why) => new ReleaseError(`${why}\n\n${USAGE}`);
  if (!command) throw usage('Name a command');
  if (command === 'service') return parseService(positional.slice(1), options, usage);
  if (options.remotes) throw usage('--remote is an option of service add');
  if (!remote) throw usage(`${command} needs a remote (e.g. mfe_quiz)`);
  switch (command) {
    case 'status':
      if (rest.length) throw usage('status takes only the remote');
      return { ...options, command, remote };
    case 'promote':
    case 'preview':
      if (rest.length !== 1) throw usage(`${command} needs the remote and one version`);
      return { ...options, command, remote, version: rest[0] };
    case 'rollback':
      if (rest.length > 1) throw usage('rollback takes the remote and at most one version');
      return { ...options, command, remote, version: rest[0] };
    case 'canary': {
      if (rest.length === 1 && rest[0] === 'off') return { ...options, command, remote, percent: 0, off: true };
      if (rest.length !== 2 || !/^(100|[1-9]?[0-9])$/.test(rest[1]))
        throw usage('canary needs the remote, a version and a percent 0-100 (or "off")');
      return { ...options, command, remote, version: rest[0], percent: Number(rest[1]) };
    }
    default:
      throw usage(`Unknown command ${command}`);
  }
}

/**
 * `service add|list|status|remove ...`.
 * @param {string[]} args
 * @param {Options} options
 * @param {(why: string) => Error} usage
 * @returns {Command}
 */
function parseService(args, options, usage) {
  const [action, service, ...rest] = args;
  if (options.remotes && action !== 'add') throw usage('--remote is an option of service add');
  switch (action) {
    case 'add':
      if (!service || rest.length !== 1)
        throw usage('service add needs a name and a url (e.g. quiz http://quiz-svc:4100)');
      return { ...options, command: 'service', action, service, url: rest[0] };
    case 'list':
      if (service) throw usage('service list takes no name');
      return { ...options, command: 'service', action };
    case 'status':
    case 'remove':
      if (!service || rest.length) throw usage(`service ${action} needs the service's name and nothing else`);
      return { ...options, command: 'service', action, service };
    default:
      throw usage(action ? `Unknown service command ${action}` : 'service needs add, list, status or remove');
  }
}

/** A service's status as lines a person reads. */
function describeService(status) {
  const probe = status.health.probe;
  const lines = [
    `${status.name}  ${status.url}`,
    `  remotes  ${status.remotes.length ? status.remotes.join(', ') : 'none'}`,
    `  probe    ${probe.reachable ? `answered ${probe.status} in ${probe.latencyMs} ms` : `unreachable: ${probe.error}`}`,
  ];
  if (status.health.circuit)
    lines.push(
      `  circuit  ${status.health.circuit} (${status.health.consecutiveFailures} failures in a row${status.health.lastFailure ? `, last ${status.health.lastFailure.reason} at ${status.health.lastFailure.at}` : ''})`,
    );
  lines.push('  recent changes:');
  for (const event of status.events.slice(0, 10))
    lines.push(`    ${event.at}  ${event.action}  ${event.url}  by ${event.actor}`);
  return lines.join('\n');
}

/** The registered services, one line each. */
function describeServices(overview) {
  if (!overview.services.length) return 'No services registered';
  return overview.services
    .map(
      (service) =>
        `${service.name}  ${service.url}  remotes: ${service.remotes.length ? service.remotes.join(', ') : 'none'}  (by ${service.createdBy} at ${service.createdAt})`,
    )
    .join('\n');
}

/**
 * Runs a service command.
 * @param {Extract<Command, { command: 'service' }>} options
 * @param {(method: string, url: string, body?: unknown) => Promise<any>} call
 * @param {(line: string) => void} out
 */
async function runService(options, call, out) {
  const base = '/api/platform/services';
  switch (options.action) {
    case 'add': {
      /** @type {{ name: string | undefined, url: string | undefined, remotes?: string[] }} */
      const body = { name: options.service, url: options.url };
      if (options.remotes) body.remotes = options.remotes;
      const service = await call('POST', base, body);
      out(`${service.name}: /api/services/${service.name}/* goes to ${service.url}`);
      return 0;
    }
    case 'list': {
      const overview = await call('GET', base);
      out(options.json ? JSON.stringify(overview, null, 2) : describeServices(overview));
      return 0;
    }
    case 'status': {
      const status = await call('GET', `${base}/${encodeURIComponent(options.service || '')}`);
      out(options.json ? JSON.stringify(status, null, 2) : describeService(status));
      return 0;
    }
    case 'remove':
      await call('DELETE', `${base}/${encodeURIComponent(options.service || '')}`);
      out(`${options.service}: removed`);
      return 0;
    default:
      return 1;
  }
}

const percentText = (rate) => (rate === null || rate === undefined ? '-' : `${Math.round(rate * 100)}%`);
const number = (value, unit = '') =>
  value === null || value === undefined ? '-' : `${Math.round(value * 1000) / 1000}${unit}`;

/** The version that was active before the current one: the last promote or rollback onto it says. */
function previousVersion(status) {
  const arrival = status.events.find(
    (event) => (event.action === 'promote' || event.action === 'rollback') && event.toVersion === status.activeVersion,
  );
  return arrival ? arrival.fromVersion : null;
}

/** A remote's status as lines a person reads in CI logs. */
function describeStatus(status) {
  const lines = [status.name];
  const active = status.releases.find((release) => release.version === status.activeVersion);
  lines.push(
    `  active   ${status.activeVersion}${active ? `  (published ${active.publishedAt} by ${active.publishedBy})` : ''}`,
  );
  if (status.canary) {
    const cohort = [
      `${status.canary.percent}%`,
      status.canary.roles.length ? `roles ${status.canary.roles.join(', ')}` : '',
      status.canary.userIds.length ? `users ${status.canary.userIds.join(', ')}` : '',
    ].filter(Boolean);
    lines.push(`  canary   ${status.canary.version}  (${cohort.join(' + ')})`);
  } else {
    lines.push('  canary   none');
  }
  if (status.halted) lines.push(`  HALTED   ${status.halted.version} at ${status.halted.at}: ${status.halted.message}`);
  const waiting = status.releases.filter(
    (release) =>
      release.version !== status.activeVersion && release.version !== (status.canary && status.canary.version),
  );
  for (const release of waiting) lines.push(`  waiting  ${release.version}  (published ${release.publishedAt})`);
  lines.push(
    '  health, last 24 h: version  served  failed  rate  load-failures  render-errors  LCP p75  INP p75  CLS p75',
  );
  for (const health of status.health) {
    lines.push(
      `    ${health.version}  ${health.servedUsers}  ${health.failedUsers}  ${percentText(health.failureRate)}  ${health.loadFailures}  ${health.renderErrors}  ` +
        `${number(health.lcpP75, ' ms')}  ${number(health.inpP75, ' ms')}  ${number(health.clsP75)}`,
    );
  }
  lines.push('  recent changes:');
  for (const event of status.events.slice(0, 10)) {
    const versions = [event.fromVersion, event.toVersion].filter(Boolean).join(' -> ');
    lines.push(
      `    ${event.at}  ${event.action}  ${versions}${event.percent !== null ? `  ${event.percent}%` : ''}  by ${event.actor}${event.detail ? `  (${event.detail})` : ''}`,
    );
  }
  return lines.join('\n');
}

/** Runs the command; resolves to the exit code. `io`: { env, stdout, stderr, fetchImpl } for tests. */
async function main(argv, io = {}) {
  const env = io.env || process.env;
  const out = io.stdout || ((line) => process.stdout.write(`${line}\n`));
  const err = io.stderr || ((line) => process.stderr.write(`${line}\n`));
  try {
    const options = parseArgs(argv);
    if (options.command === 'help') {
      out(USAGE);
      return 0;
    }
    const token = requireToken(env);
    if (options.command === 'service') {
      const what = `service ${options.action}${options.service ? ` ${options.service}` : ''}`;
      return await runService(
        options,
        async (method, path, body) => {
          const { status, payload } = await callPlatform({
            method,
            url: `${platformUrl(env)}${path}`,
            token,
            body,
            fetchImpl: io.fetchImpl,
          });
          if (status >= 400) throw new ReleaseError(`${what} refused (${status}): ${errorOf(payload)}`);
          return payload;
        },
        out,
      );
    }
    const base = `${platformUrl(env)}/api/platform/remotes/${encodeURIComponent(options.remote)}`;
    const call = async (method, path, body) => {
      const { status, payload } = await callPlatform({
        method,
        url: `${base}${path}`,
        token,
        body,
        fetchImpl: io.fetchImpl,
      });
      if (status >= 400)
        throw new ReleaseError(`${options.command} ${options.remote} refused (${status}): ${errorOf(payload)}`);
      return payload;
    };
    switch (options.command) {
      case 'status': {
        const status = await call('GET', '');
        out(options.json ? JSON.stringify(status, null, 2) : describeStatus(status));
        return 0;
      }
      case 'promote':
        await call('POST', '/promote', { version: options.version });
        out(`${options.remote}: ${options.version} is active`);
        return 0;
      case 'rollback': {
        const version = options.version || previousVersion(await call('GET', ''));
        if (!version)
          throw new ReleaseError(
            `${options.remote} has no earlier active version in its recent changes: name the version to roll back to`,
          );
        await call('POST', '/promote', { version });
        out(`${options.remote}: rolled back to ${version}`);
        return 0;
      }
      case 'canary': {
        /** @type {{ version?: string, percent?: number, roles?: string[], userIds?: number[] }} */
        const body = options.off ? { percent: 0 } : { version: options.version, percent: options.percent };
        if (options.roles) body.roles = options.roles;
        if (options.userIds) body.userIds = options.userIds;
        const state = await call('POST', '/canary', body);
        out(
          state.canary
            ? describeStatus({ ...state, events: [] })
                .split('\n')[2]
                .trim()
            : `${options.remote}: no canary`,
        );
        return 0;
      }
      case 'preview': {
        const link = await call('POST', '/previews', { version: options.version });
        out(
          `${platformUrl(env)}${link.url}  (${options.remote} ${link.version}, open it signed in; expires ${link.expiresAt})`,
        );
        return 0;
      }
      default:
        return 1;
    }
  } catch (error) {
    if (error instanceof ReleaseError) {
      err(error.message);
      return 1;
    }
    throw error;
  }
}

module.exports = { USAGE, parseArgs, describeStatus, describeService, previousVersion, main };

// Test fixtures: a fake federated build and signed-in users of each role, for the platform suites.
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Role } from '../db/schema';
import { bearer, registerUser } from './harness';
import { setUserRole } from '../modules/auth/roles';

export interface FakeBuildOptions {
  name?: string;
  /** Changes the content (and so the version). */
  marker?: string;
  exposes?: readonly string[];
  /** Bytes of incompressible filler in the first-load chunk. */
  padding?: number;
  /** Also the .br and .gz of the first-load chunk, as the platform's build writes them. */
  compressed?: boolean;
  /** The shared modules its mf-manifest.json declares (what the version policy reads). */
  shared?: Array<{ name: string; requiredVersion: string; singleton: boolean }>;
}

/** The files of a federated remote build, as the release CLI sends them (base64). */
export function fakeBuild({
  name = 'mfe_quiz',
  marker = 'v1',
  exposes = ['./App'],
  padding = 0,
  compressed = false,
  shared = [],
}: FakeBuildOptions = {}) {
  const chunk = `console.log(${JSON.stringify(marker)});${randomText(padding)}`;
  const manifest = {
    id: name,
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: shared.map((entry) => ({
      ...entry,
      version: '0.0.0',
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
    remotes: [],
    exposes: exposes.map((path) => ({
      id: `${name}:${path.slice(2)}`,
      name: path.slice(2),
      path,
      assets: { js: { sync: ['12.abcd1234.js'], async: ['13.abcd1234.js'] }, css: { sync: [], async: [] } },
    })),
  };
  const files: Record<string, string> = {
    'mf-manifest.json': JSON.stringify(manifest),
    'remoteEntry.js': `var ${name}; /* ${marker} */`,
    '12.abcd1234.js': chunk,
    '13.abcd1234.js': 'console.log("later")',
  };
  const built = Object.entries(files).map(([path, content]) => ({
    path,
    content: Buffer.from(content).toString('base64'),
  }));
  if (compressed) {
    built.push({ path: '12.abcd1234.js.br', content: zlib.brotliCompressSync(chunk).toString('base64') });
    built.push({ path: '12.abcd1234.js.gz', content: zlib.gzipSync(chunk, { level: 9 }).toString('base64') });
  }
  return built;
}

/** Text that gzip cannot shrink much (random base64). */
function randomText(length: number): string {
  return randomBytes(Math.ceil((length * 3) / 4))
    .toString('base64')
    .slice(0, length);
}

export function releaseBody(
  options: FakeBuildOptions & {
    route?: string;
    roles?: Role[];
    kernel?: string;
    promote?: boolean;
    packageVersion?: string;
  } = {},
) {
  const name = options.name ?? 'mfe_quiz';
  const route = options.route ?? '/quiz';
  return {
    name,
    packageVersion: options.packageVersion ?? '0.1.0',
    metadata: {
      routes: [{ path: `${route}/*`, module: './App', ...(options.roles ? { roles: options.roles } : {}) }],
      navigation: [
        { label: 'Quiz', path: route, icon: '?', order: 70, ...(options.roles ? { roles: options.roles } : {}) },
      ],
      kernel: options.kernel ?? '^2.0.0',
    },
    files: fakeBuild(options),
    ...(options.promote ? { promote: true } : {}),
  };
}

/** A registered user with `role`, signed in again so the access token carries the role. */
export async function userWithRole(app: FastifyInstance, db: Kysely<Database>, role: Role) {
  const user = await registerUser(app);
  await setUserRole(db, user.email, role);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  const accessToken = login.json().tokens.accessToken as string;
  return { ...user, accessToken, headers: bearer(accessToken) };
}

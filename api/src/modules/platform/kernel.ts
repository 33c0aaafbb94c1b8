// What releases are checked against: the versions of the modules the served shell shares (its
// mf-manifest.json; the kernel is @flashcard/shared-auth among them), else the packages this
// repository installs.
import fs from 'node:fs';
import path from 'node:path';

export const KERNEL_PACKAGE = '@flashcard/shared-auth';

export function resolveKernelVersion(webRoot: string, repoRoot: string): string {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, 'shell', 'dist', 'mf-manifest.json'), 'utf8')) as {
      shared?: Array<{ name?: string; version?: string }>;
    };
    const kernel = manifest.shared?.find((shared) => shared.name === KERNEL_PACKAGE)?.version;
    if (kernel) return kernel;
  } catch {
    // No built shell (an API-only deployment, or tests): fall back to the package.
  }
  try {
    return (
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared-auth', 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return '0.0.0';
  }
}

/** The shared modules the served shell provides, name -> version (see the version policy in service.ts). */
export function resolveShellShared(webRoot: string, repoRoot: string): Record<string, string> {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, 'shell', 'dist', 'mf-manifest.json'), 'utf8')) as {
      shared?: Array<{ name?: string; version?: string }>;
    };
    const shared = Object.fromEntries(
      (manifest.shared ?? []).flatMap((entry) => (entry.name && entry.version ? [[entry.name, entry.version]] : [])),
    );
    if (Object.keys(shared).length) return shared;
  } catch {
    // No built shell: the packages the shell would be built with.
  }
  const installed: Record<string, string> = {};
  for (const name of shellSingletons(repoRoot)) {
    try {
      installed[name] = (
        JSON.parse(
          fs.readFileSync(
            require.resolve(`${name}/package.json`, { paths: [path.join(repoRoot, 'shell'), repoRoot] }),
            'utf8',
          ),
        ) as { version: string }
      ).version;
    } catch {
      // not installed here: not checked
    }
  }
  return installed;
}

/** The singletons of the shell's share scope, package names: the kernel's share map (shared-config.js). */
function shellSingletons(repoRoot: string): string[] {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS read at run time, beside the API
    const { SINGLETONS } = require(path.join(repoRoot, 'shared-auth', 'shared-config.js')) as { SINGLETONS: string[] };
    return SINGLETONS.filter((name) => !name.endsWith('/'));
  } catch {
    return [];
  }
}

// The kernel version releases are checked against: the @flashcard/shared-auth version the
// served shell shares (its mf-manifest.json), else the kernel package in the repository.
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
    return (JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared-auth', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

// The runtime registry of micro-frontends (REMOTES_FILE, served as /remotes.json): remote
// name -> URL of its mf-manifest.json. It is read on every use, never cached past a change,
// so deploying or rolling back a remote is an edit of that file, with no restart.
import fs from 'node:fs';

export type RemotesRegistry = Record<string, string>;

/** Reads and checks the file; throws when it is missing or is not a name -> URL object. */
export async function readRemotesRegistry(file: string): Promise<RemotesRegistry> {
  return parseRegistry(await fs.promises.readFile(file, 'utf8'));
}

function parseRegistry(text: string): RemotesRegistry {
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('remotes registry must be a JSON object');
  }
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw new Error(`remotes registry: "${name}" must map to a URL string`);
  }
  return value as RemotesRegistry;
}

/**
 * Origins of the remotes hosted elsewhere (absolute URLs), for the Content-Security-Policy.
 * Called for every response, so it re-reads the file only when its mtime or size changed.
 */
export function createRemoteOriginsReader(file: string): () => string[] {
  let cacheKey = '';
  let origins: string[] = [];
  return () => {
    // No exception for a missing file: building one per response costs more than the request.
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) {
      cacheKey = '';
      return (origins = []);
    }
    const key = `${stat.mtimeMs}:${stat.size}`;
    if (key === cacheKey) return origins;
    cacheKey = key;
    try {
      origins = originsOf(parseRegistry(fs.readFileSync(file, 'utf8')));
    } catch {
      origins = [];
    }
    return origins;
  };
}

function originsOf(registry: RemotesRegistry): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(registry)) {
    // Relative entries ("/remotes/mfe-cards/mf-manifest.json") are covered by 'self'.
    if (!/^https?:\/\//i.test(entry)) continue;
    try {
      origins.add(new URL(entry).origin);
    } catch {
      // An unparsable URL cannot be loaded either; leave it out of the policy.
    }
  }
  return [...origins];
}

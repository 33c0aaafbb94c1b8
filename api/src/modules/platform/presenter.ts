// Registry rows -> the JSON shapes of the contract (schemas/platform.ts in @flashcard/api-contract).
import { Value } from '@sinclair/typebox/value';
import {
  ManifestRemote,
  type DeployToken,
  type Manifest,
  type NavEntrySpec,
  type RegistryEvent,
  type RegistryOverview,
  type Release,
  type RemoteState,
  type RouteSpec,
  type VersionHealth,
} from '@flashcard/api-contract/schemas';
import { storedFigures } from './health';
import type { DeployTokenRow, EventRow, ReleaseRow, StateRow } from './repository';
import { jsonList } from '../../lib/json';
import { releaseBaseUrl } from './service';
import { remotesOf } from './tokens';

interface StoredMetadata {
  routes: RouteSpec[];
  navigation: NavEntrySpec[];
  exposes: string[];
}

/** The release's metadata as stored; `strict` throws on unreadable JSON, else it reads as empty. */
function metadataOf(row: ReleaseRow, strict = false): StoredMetadata {
  try {
    return JSON.parse(row.metadata) as StoredMetadata;
  } catch (error) {
    if (strict) throw error;
    return { routes: [], navigation: [], exposes: [] };
  }
}

export function presentRelease(row: ReleaseRow): Release {
  const metadata = metadataOf(row);
  return {
    name: row.name,
    version: row.version,
    packageVersion: row.package_version,
    kernel: row.kernel_range,
    exposes: metadata.exposes,
    routes: metadata.routes,
    navigation: metadata.navigation,
    firstLoadGzip: row.first_load_gzip,
    totalBytes: row.total_bytes,
    fileCount: row.file_count,
    publishedBy: row.published_by,
    publishedAt: row.published_at,
  };
}

/** What the service tells of one remote (`stateView`). */
export interface RemoteView {
  state: StateRow;
  releases: ReleaseRow[];
  health: VersionHealth[];
  halted: RemoteState['halted'];
}

export function presentRemoteState({ state, releases, health, halted }: RemoteView): RemoteState {
  return {
    name: state.name,
    activeVersion: state.active_version,
    canary: state.canary_version
      ? {
          version: state.canary_version,
          percent: state.canary_percent,
          roles: jsonArray(state.canary_roles),
          userIds: jsonArray(state.canary_user_ids),
        }
      : null,
    releases: releases.filter((release) => release.name === state.name).map(presentRelease),
    health,
    halted,
  };
}

export function presentEvent(row: EventRow): RegistryEvent {
  return {
    id: row.id,
    remote: row.remote,
    action: row.action,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    percent: row.percent,
    detail: row.detail,
    figures: row.action === 'halt' ? storedFigures(row.params) : null,
    actor: row.actor,
    at: row.created_at,
  };
}

export function presentOverview(
  settings: { kernelVersion: string; budgetGzipBytes: number },
  data: { remotes: RemoteView[]; events: EventRow[] },
): RegistryOverview {
  return {
    kernelVersion: settings.kernelVersion,
    budgetGzipBytes: settings.budgetGzipBytes,
    remotes: data.remotes.map(presentRemoteState),
    events: data.events.map(presentEvent),
  };
}

/** A canary's stored roles or accounts: lists the schema checked when they were set. */
const jsonArray = <T>(text: string) => jsonList(text) as T[];

/**
 * The manifest every page loads. A row that is not a valid entry (written around the publish
 * checks, or by an older version) is left out and reported through `skipped`: one bad remote
 * must not cost the others, nor the page.
 */
export function presentManifest(
  settings: { kernelVersion: string; devOverrides: boolean },
  releases: ReleaseRow[],
  previews: Manifest['previews'],
  skipped: (row: ReleaseRow, reason: string) => void = () => {},
): Manifest {
  const remotes: Manifest['remotes'] = [];
  for (const row of releases) {
    let entry: unknown;
    try {
      const metadata = metadataOf(row, true);
      entry = {
        name: row.name,
        version: row.version,
        entry: `${releaseBaseUrl(row.name, row.version)}mf-manifest.json`,
        routes: metadata.routes,
        navigation: metadata.navigation,
      };
    } catch (error) {
      skipped(row, `unreadable metadata: ${(error as Error).message}`);
      continue;
    }
    if (!Value.Check(ManifestRemote, entry)) {
      const first = [...Value.Errors(ManifestRemote, entry)][0];
      skipped(row, `invalid entry at ${first?.path || '/'}: ${first?.message ?? 'does not match the manifest schema'}`);
      continue;
    }
    remotes.push(entry);
  }
  return { kernelVersion: settings.kernelVersion, devOverrides: settings.devOverrides, remotes, previews };
}

/** A deploy token as listed: never its hash. */
export function presentDeployToken(row: DeployTokenRow): DeployToken {
  return {
    id: row.id,
    label: row.label,
    remotes: remotesOf(row),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

// Registry data for the platform console's tests, shaped as the API answers (newest first).
import {
  emptyHealth,
  type DeployToken,
  type RegistryEvent,
  type RegistryOverview,
  type Release,
  type RemoteState,
  type Service,
  type ServiceEvent,
  type ServiceHealth,
  type ServiceStatus,
  type VersionHealth,
} from '@flashcard/api-contract';

export function makeRelease(name: string, version: string, overrides: Partial<Release> = {}): Release {
  return {
    name,
    version,
    packageVersion: version.split('+')[0],
    kernel: '^1.0.0',
    exposes: ['./App'],
    routes: [{ path: `/${name.replace(/^mfe_/, '')}/*`, module: './App' }],
    navigation: [],
    firstLoadGzip: 20_480,
    totalBytes: 102_400,
    fileCount: 5,
    publishedBy: 'ci-deploy',
    publishedAt: '2025-01-10T12:00:00.000Z',
    ...overrides,
  };
}

/** A version's health: nothing reported, served to nobody, unless `overrides` say otherwise. */
export function makeHealth(version: string, overrides: Partial<VersionHealth> = {}): VersionHealth {
  return { ...emptyHealth(version), ...overrides };
}

/** mfe_cards: 1.2.0 is a 25% canary (+ admins and user 42), 1.1.0 is active, 1.0.0 is older; 1.2.0 fails to load. */
export function cardsRemote(overrides: Partial<RemoteState> = {}): RemoteState {
  return {
    name: 'mfe_cards',
    activeVersion: '1.1.0+bbbbbbbb',
    canary: { version: '1.2.0+cccccccc', percent: 25, roles: ['admin'], userIds: [42] },
    releases: [
      makeRelease('mfe_cards', '1.2.0+cccccccc', {
        firstLoadGzip: 30_720,
        totalBytes: 2_097_152,
        publishedBy: 'root@example.com',
      }),
      makeRelease('mfe_cards', '1.1.0+bbbbbbbb', { firstLoadGzip: 25_600, publishedBy: 'ci-deploy' }),
      makeRelease('mfe_cards', '1.0.0+aaaaaaaa', { firstLoadGzip: 20_480, publishedBy: 'ci-deploy' }),
    ],
    health: [
      makeHealth('1.2.0+cccccccc', {
        servedUsers: 40,
        failedUsers: 3,
        failureRate: 0.075,
        loadFailures: 3,
        renderErrors: 1,
        lcpP75: 2480,
        inpP75: 184,
        clsP75: 0.12,
        lastMessage: 'ChunkLoadError: Loading chunk 42 failed',
        lastAt: '2025-01-11T08:30:00.000Z',
      }),
      makeHealth('1.1.0+bbbbbbbb', {
        servedUsers: 120,
        failedUsers: 0,
        failureRate: 0,
        lcpP75: 1910,
        inpP75: 96,
        clsP75: 0.02,
      }),
    ],
    halted: null,
    ...overrides,
  };
}

/** mfe_study: 2.0.0 is active, 1.9.0 is older, no canary, no failures. */
export function studyRemote(overrides: Partial<RemoteState> = {}): RemoteState {
  return {
    name: 'mfe_study',
    activeVersion: '2.0.0+dddddddd',
    canary: null,
    releases: [makeRelease('mfe_study', '2.0.0+dddddddd'), makeRelease('mfe_study', '1.9.0+eeeeeeee')],
    health: [],
    halted: null,
    ...overrides,
  };
}

export function makeEvent(id: number, overrides: Partial<RegistryEvent> = {}): RegistryEvent {
  return {
    id,
    remote: 'mfe_cards',
    action: 'publish',
    fromVersion: null,
    toVersion: '1.0.0+aaaaaaaa',
    percent: null,
    detail: null,
    figures: null,
    actor: 'ci-deploy',
    at: `2025-01-${String(id).padStart(2, '0')}T09:00:00.000Z`,
    ...overrides,
  };
}

export function makeOverview(overrides: Partial<RegistryOverview> = {}): RegistryOverview {
  return {
    kernelVersion: '1.4.2',
    budgetGzipBytes: 256_000,
    remotes: [cardsRemote(), studyRemote()],
    events: [
      makeEvent(3, {
        action: 'canary',
        fromVersion: null,
        toVersion: '1.2.0+cccccccc',
        percent: 25,
        detail: 'roles: admin; users: 42',
        actor: 'root@example.com',
      }),
      makeEvent(2, {
        action: 'promote',
        fromVersion: '1.0.0+aaaaaaaa',
        toVersion: '1.1.0+bbbbbbbb',
        actor: 'root@example.com',
      }),
      makeEvent(1),
    ],
    ...overrides,
  };
}

export function makeToken(id: number, overrides: Partial<DeployToken> = {}): DeployToken {
  return {
    id,
    label: `team-${id} ci`,
    remotes: ['mfe_cards'],
    createdAt: '2025-01-02T10:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** A registered service as the gateway's registry answers it. */
export function makeService(name: string, overrides: Partial<Service> = {}): Service {
  return {
    name,
    url: `http://${name}-svc:4100`,
    remotes: [],
    createdBy: 'user:root@example.com',
    createdAt: '2025-01-08T09:30:00.000Z',
    ...overrides,
  };
}

/** A service's health: up (204 in 3 ms), circuit closed, no failures, unless `overrides` say otherwise. */
export function makeServiceHealth(overrides: Partial<ServiceHealth> = {}): ServiceHealth {
  return {
    circuit: 'closed',
    consecutiveFailures: 0,
    lastFailure: null,
    probe: { reachable: true, ok: true, status: 204, latencyMs: 3, error: null },
    ...overrides,
  };
}

/** The last 5 minutes of calls: 12, 8.3% failed, p95 40 ms. */
export const SERVICE_TRAFFIC: ServiceStatus['traffic'] = {
  windowSeconds: 300,
  requests: 12,
  requestsPerMinute: 2.4,
  errorRate: 8.3,
  p95Ms: 40,
};

export function makeServiceStatus(service: Service, health: ServiceHealth = makeServiceHealth()): ServiceStatus {
  return { ...service, health, traffic: SERVICE_TRAFFIC, events: [] };
}

export function makeServiceEvent(id: number, overrides: Partial<ServiceEvent> = {}): ServiceEvent {
  return {
    id,
    service: 'quiz',
    action: 'register',
    url: 'http://quiz-svc:4100',
    remotes: [],
    actor: 'user:root@example.com',
    at: `2025-01-${String(id).padStart(2, '0')}T10:00:00.000Z`,
    ...overrides,
  };
}

// The remote areas' modules and their first data. A module is kept once loaded (per remote
// version), so an area opened again renders at once. It may also export `prefetch`, its first
// calls: the shell runs it when the area opens (beside rendering its code) and when its sidebar
// entry is hovered or focused, inside the kernel's `fetchAhead`, so the screen's own calls take
// those answers instead of starting only after its first render.
import type { ComponentType } from 'react';
import { fetchAhead } from '@flashcard/shared-auth';
import { loadRemoteModule, preloadRemoteArea, usePlatformStore } from './platform';

/** Where the area opens, as its `prefetch` reads it (its path and query decide its first calls). */
export interface AreaLocation {
  pathname: string;
  search: string;
}

/** What a remote's route module exports: the area's component, and optionally its first calls. */
export interface AreaModule {
  default: ComponentType;
  prefetch?: (location: AreaLocation) => unknown;
}

const loading = new Map<string, Promise<AreaModule>>();
const loaded = new Map<string, AreaModule>();

export const areaKey = (remote: string, version: string, exposed: string) => `${remote}@${version}/${exposed}`;

/** The area's module, loaded once per remote version and module (a failure is forgotten, so Retry loads again). */
export function loadArea(remote: string, version: string, exposed: string): Promise<AreaModule> {
  const key = areaKey(remote, version, exposed);
  let area = loading.get(key);
  if (!area) {
    area = loadRemoteModule<AreaModule>(remote, exposed).then((module) => {
      loaded.set(key, module);
      return module;
    });
    loading.set(key, area);
    area.catch(() => {
      if (loading.get(key) === area) loading.delete(key);
    });
  }
  return area;
}

/** The area's module if its code has already run (the area can render without waiting). */
export function loadedArea(key: string): AreaModule | undefined {
  return loaded.get(key);
}

/** Forget an area's module (Retry after a failure). */
export function forgetArea(key: string): void {
  loading.delete(key);
  loaded.delete(key);
}

/** Starts the area's first calls (when its module has loaded and has them). */
export function prefetchArea(module: AreaModule, location: AreaLocation): void {
  const { prefetch } = module;
  if (typeof prefetch === 'function') fetchAhead(() => prefetch(location));
}

/**
 * The pointer rests on (or focus reaches) an area's sidebar entry: its first calls if its code
 * has run, else its code is preloaded.
 */
export function prepareArea(remote: string, exposed: string, to: string): void {
  const version = usePlatformStore.getState().manifest?.remotes.find((entry) => entry.name === remote)?.version;
  const module = version ? loadedArea(areaKey(remote, version, exposed)) : undefined;
  if (!module) return preloadRemoteArea(remote, exposed);
  const url = new URL(to, window.location.href);
  prefetchArea(module, { pathname: url.pathname, search: url.search });
}

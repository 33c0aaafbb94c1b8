// The remote areas' modules and their first data. A module is kept once loaded (per remote
// version), so an area opened again renders at once. It may also export `prefetch`, its first
// calls: the shell runs it when the area opens (beside rendering its code) and when its sidebar
// entry is hovered or focused (loading the code then if it has not run yet), inside the kernel's
// `fetchAhead`, so the screen's own calls take those answers instead of starting only after its
// first render.
import type { ComponentType } from 'react';
import { fetchAhead } from '@flashcard/shared-auth';
import { loadRemoteModule, manifestPending, usePlatformStore } from './platform';

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
/** Loads not finished yet. */
let pending = 0;

/** True while the registry is being asked (the page's area is not known yet) or an area's code is on its way. */
export const areasBusy = (): boolean => pending > 0 || manifestPending();

export const areaKey = (remote: string, version: string, exposed: string) => `${remote}@${version}/${exposed}`;

/** The area's module, loaded once per remote version and module (a failure is forgotten, so Retry loads again). */
export function loadArea(remote: string, version: string, exposed: string): Promise<AreaModule> {
  const key = areaKey(remote, version, exposed);
  let area = loading.get(key);
  if (!area) {
    pending += 1;
    area = loadRemoteModule<AreaModule>(remote, exposed).then((module) => {
      loaded.set(key, module);
      return module;
    });
    loading.set(key, area);
    void area.then(
      () => (pending -= 1),
      () => (pending -= 1),
    );
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
 * The pointer rests on (or focus reaches) an area's sidebar entry, the moment before a click:
 * its code is loaded and run (kept for the click) and its first calls start. An overridden
 * remote's code is not loaded here: it is a developer's dev server, loaded when the area opens.
 */
export function prepareArea(remote: string, exposed: string, to: string): void {
  const { manifest, overridden } = usePlatformStore.getState();
  const version = manifest?.remotes.find((entry) => entry.name === remote)?.version;
  if (!version) return;
  const url = new URL(to, window.location.href);
  const location = { pathname: url.pathname, search: url.search };
  const module = loadedArea(areaKey(remote, version, exposed));
  if (module) return prefetchArea(module, location);
  if (overridden.includes(remote)) return;
  // A failure here is forgotten by loadArea: the click loads again and shows it.
  loadArea(remote, version, exposed).then(
    (loadedModule) => prefetchArea(loadedModule, location),
    () => undefined,
  );
}

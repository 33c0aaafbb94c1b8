// The single-bundle baseline's stand-in for shell/src/federation/platform.ts (swapped in by
// webpack.config.js): the same exports, with the cards area compiled in, as a monolith would
// have it. Its route and sidebar entry come from mfe-cards' own release metadata, so the shell
// renders exactly what the registry would make it render, without asking the registry.
import type { Manifest } from '@flashcard/api-contract';
import { create } from 'zustand';
// 'bundled-remote' is mfe-cards' folder (an alias of webpack.config.js and tsconfig.json here).
import cardsPackage from 'bundled-remote/package.json';
import * as cardsModule from 'bundled-remote/src/App';

interface PlatformState {
  manifest: Manifest | null;
  failed: boolean;
  overridden: string[];
}

const MANIFEST = {
  kernelVersion: '0.0.0',
  devOverrides: false,
  remotes: [{ name: 'mfe_cards', version: cardsPackage.version, entry: '/bundled', ...cardsPackage.flashcardRemote }],
} as unknown as Manifest;

export const usePlatformStore = create<PlatformState>(() => ({ manifest: MANIFEST, failed: false, overridden: [] }));

export const refreshManifest = async (): Promise<Manifest> => MANIFEST;
export const startPlatform = (): void => undefined;
export const resetRemote = async (): Promise<void> => undefined;
export const preloadRemoteArea = (): void => undefined;

export async function loadRemoteModule<T>(remote: string): Promise<T> {
  if (remote !== 'mfe_cards') throw new Error(`${remote} is not in the single bundle`);
  return cardsModule as T;
}

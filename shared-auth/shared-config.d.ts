/** One entry of the share map: the `shared` option of ModuleFederationPlugin takes these. */
export interface SharedEntry {
  singleton: true;
  /** What the build accepts: the major it was built with (`^19.0.0`; `^0.4.0` while 0.x). */
  requiredVersion: string;
  /** What the build offers: the version installed beside the app. */
  version: string;
  /** Where the module is built from, when not the package itself (react-router-dom's facade). */
  import?: string;
}

/** The package names (and `react/`, `react-dom/` for their sub-paths) shared as singletons. */
export declare const SINGLETONS: readonly string[];

/**
 * The share map for webpack's and Rspack's ModuleFederationPlugin; versions read from `dir`.
 * `requiredVersions` replaces the asked-for range of a package (and its sub-paths), e.g.
 * `{ react: '^18.0.0 || ^19.0.0' }` while the shell rolls a major.
 */
export declare function sharedConfig(options?: {
  dir?: string;
  requiredVersions?: Record<string, string>;
}): Record<string, SharedEntry>;

/** `^<major>.0.0`, or `^0.<minor>.0` while 0.x. */
export declare function rangeOf(version: string): string;

/**
 * `resolve.conditionNames` for an app: in the platform's own repository the kernel's sources
 * (the "@flashcard/source" condition), elsewhere the bundler's defaults (its built files).
 */
export declare function conditionNames(): string[];

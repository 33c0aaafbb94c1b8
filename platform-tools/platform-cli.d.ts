// Types of platform-cli.js (CommonJS) for its callers: the bin, its tests and the API's tests,
// which drive it against the app. TypeScript reads this file instead of the JavaScript beside it.
declare namespace platformCli {
  interface PlatformCliIo {
    env?: Record<string, string | undefined>;
    stdout?: (line: string) => void;
    stderr?: (line: string) => void;
    fetchImpl?: (
      url: string,
      init: { method: string; headers: Record<string, string>; body?: string },
    ) => Promise<{ status: number; text(): Promise<string> }>;
  }
}

declare const platformCli: {
  USAGE: string;
  /** The command line as `{ command, remote, version, percent, off, roles, userIds, json, help }`. */
  parseArgs(argv: string[]): { command: string; [option: string]: unknown };
  /** A remote's status (GET /api/platform/remotes/:name) as lines a person reads. */
  describeStatus(status: unknown): string;
  /** A service's status (GET /api/platform/services/:name) as lines a person reads. */
  describeService(status: unknown): string;
  /** The version active before the current one, from the status's audit events. */
  previousVersion(status: unknown): string | null;
  /** Resolves to the exit code. */
  main(argv: string[], io?: platformCli.PlatformCliIo): Promise<number>;
};
export = platformCli;

// Types of platform-cli.js for TypeScript callers (the API's tests drive it against the app).
export interface PlatformCliIo {
  env?: Record<string, string | undefined>;
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
  fetchImpl?: (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ) => Promise<{ status: number; text(): Promise<string> }>;
}

declare const platformCli: {
  USAGE: string;
  /** Resolves to the exit code. */
  main(argv: string[], io?: PlatformCliIo): Promise<number>;
};
export default platformCli;

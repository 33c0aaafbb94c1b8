// Federation runtime plugin: a remote that fails to load is logged with its name, then the
// error reaches the area's error boundary, which shows the fallback with Retry.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';

// Remotes are built with `experiments.externalRuntime` (platform-tools/webpack.js): their entry
// takes the federation runtime from this global instead of shipping its own copy. This is the
// very module instance the shell's federation runs on (the same ES module webpack resolved for
// it), so the page holds one runtime. Set when this plugin module loads, before any remote entry.
(globalThis as { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore })._FEDERATION_RUNTIME_CORE = runtimeCore;

export default function remoteLoggingPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'flashcard-remote-logging',
    errorLoadRemote(args) {
      console.error(`[federation] could not load ${args.id} (${args.lifecycle})`, args.error);
      // Returning nothing lets the original error propagate to the caller.
      return undefined;
    },
  };
}

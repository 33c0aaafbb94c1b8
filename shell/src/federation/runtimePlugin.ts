// Federation runtime plugin: a remote that fails to load is logged with its name, then the
// error reaches the area's error boundary, which shows the fallback with Retry.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

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

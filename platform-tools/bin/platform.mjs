#!/usr/bin/env node
// flashcard-platform status|promote|rollback|canary|preview <remote> ...: a team's view and levers
// of its own remotes; `service add|list|status|remove`: an operator's registry of teams' servers.
// PLATFORM_TOKEN and PLATFORM_URL come from the environment; see
// ../platform-cli.js for the details.
import cli from '../platform-cli.js';

cli.main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error && error.stack ? error.stack : error);
    process.exitCode = 1;
  },
);

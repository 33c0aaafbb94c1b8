#!/usr/bin/env node
// flashcard-release [remoteDir] [--promote] [--no-build]: builds a remote and publishes it to the
// platform registry. PLATFORM_TOKEN (required) and PLATFORM_URL come from the environment; see
// ../release.js for the details.
import release from '../release.js';

release.main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error && error.stack ? error.stack : error);
    process.exitCode = 1;
  },
);

#!/usr/bin/env node

// The CLI runs from the compiled build (npm ci builds it through `prepare`).
const path = require('node:path');
const fs = require('node:fs');
const entry = path.join(__dirname, '..', 'dist', 'src', 'cli', 'main.js');
if (!fs.existsSync(entry)) {
  console.error(`umpire: the build is missing; run \`npm run build\` (or \`npm ci\`, which builds) in ${path.join(__dirname, '..')}`);
  process.exit(1);
}
// run() sets the exit code: 0 done, 1 refused or failed, 2 a mistake in the command line
require(entry)
  .run(process.argv)
  .catch((err) => {
    console.error(`umpire: ${err?.message ? err.message : err}`);
    process.exitCode = 1;
  });

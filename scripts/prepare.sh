#!/usr/bin/env bash
# What `npm test` and `npm run demo` need first on any machine: dependencies (when missing),
# PostgreSQL and Redis answering, the mail servers up, and a fresh build.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm install --no-audit --no-fund
bash .ci/services.sh
bash scripts/mail/mail-servers.sh start
npm run --silent build

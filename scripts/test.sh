#!/usr/bin/env bash
# `npm test`: make sure everything the tests talk to answers (and chromium is there for the HTML-report
# test), build, then run every test tier (unit, integration on PostgreSQL/Redis, end-to-end on
# Dovecot + Postfix and chromium), after the lint and format check (Biome; `npm run format` fixes
# what it can). Extra args go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh
bash scripts/chromium.sh
echo "== lint and format (Biome)"
npx biome check .
exec npx jest "$@"

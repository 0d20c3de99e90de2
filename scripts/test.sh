#!/usr/bin/env bash
# `npm test`: make sure PostgreSQL, Redis and the mail servers answer, build, then run every test
# tier (unit, integration on PostgreSQL/Redis, end-to-end on Dovecot + SMTP). Extra args go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm install --no-audit --no-fund
bash .ci/services.sh
bash scripts/mail/mail-servers.sh start
npm run --silent build
exec npx jest "$@"

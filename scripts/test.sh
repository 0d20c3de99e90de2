#!/usr/bin/env bash
# `npm test`: make sure everything the tests talk to answers, build, then run every test tier
# (unit, integration on PostgreSQL/Redis, end-to-end on Dovecot + Postfix). Extra args go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh
exec npx jest "$@"

#!/usr/bin/env bash
# `npm run demo`: on a fresh machine, install and start what is needed, then play a VITP game
# between two email bots through the whole pipeline and print where the reports are.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/prepare.sh
exec node dist/src/demo/main.js "$@"

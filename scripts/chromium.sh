#!/usr/bin/env bash
# The browser the HTML-report test drives (test/mail/report-browser.e2e-spec.ts, via playwright-core):
# Debian's chromium. Installs it when missing; safe to run again. `npx playwright install` cannot
# download browsers here, so the test uses /usr/bin/chromium (CHROMIUM_PATH overrides).
set -euo pipefail

log() { printf '[chromium] %s\n' "$*"; }
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then
  log "chromium present at $path"
  exit 0
fi
log "chromium is not installed: installing it (apt-get)"
apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
[ -x "$path" ] || { log "chromium did not install at $path"; exit 1; }
log "installed: $("$path" --version 2>/dev/null | tail -1)"

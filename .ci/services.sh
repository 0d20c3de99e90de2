#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer on 127.0.0.1, starting (or installing) them if needed.
# Used by .ci/run and scripts/demo.sh; safe to run again when they already answer.
set -euo pipefail

log() { printf '[services] %s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }
apt_install() {
  if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
if pg_up; then
  log "PostgreSQL answers on 127.0.0.1:5432"
else
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    log "PostgreSQL is not installed: installing it"
    apt_install postgresql
  fi
  version=$(ls /etc/postgresql | sort -V | tail -1)
  log "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  pg_up || { log "PostgreSQL did not come up on 127.0.0.1:5432"; exit 1; }
  # trust auth on loopback for the postgres role, as the machines here are set up
  if ! psql -h 127.0.0.1 -U postgres -c 'select 1' >/dev/null 2>&1; then
    log "PostgreSQL refuses postgres@127.0.0.1 without a password: set TEST_DATABASE_ADMIN_URL and DATABASE_URL"; exit 1
  fi
fi

redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }
if redis_up; then
  log "Redis answers on 127.0.0.1:6379"
else
  have redis-server || { log "Redis is not installed: installing it"; apt_install redis-server; }
  log "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 30); do redis_up && break; sleep 0.5; done
  redis_up || { log "Redis did not come up on 127.0.0.1:6379"; exit 1; }
fi

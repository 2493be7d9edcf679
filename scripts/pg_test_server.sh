#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests (called by test.sh).
#   scripts/pg_test_server.sh start   installs PostgreSQL from the system packages when
#                                     missing (apt-get), creates a cluster in a new temp
#                                     folder and prints that folder; the server listens on a
#                                     unix socket in the folder only (no TCP port).
#   scripts/pg_test_server.sh url DIR  the SQLAlchemy URL of the server started in DIR.
#   scripts/pg_test_server.sh stop DIR stops the server and deletes DIR.
# PostgreSQL refuses to run as root: as root the cluster belongs to the 'postgres' system
# user that the package creates. No password: only this folder's socket reaches it.
set -euo pipefail

bindir() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$found" ] || [ ! -x "$found/initdb" ]; then
    echo "[pg] installing PostgreSQL (system packages)" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >&2
    $sudo apt-get install -y -qq --no-install-recommends postgresql postgresql-client >/dev/null
    found=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  echo "$found"
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    bin=$(bindir)
    dir=$(mktemp -d /tmp/lm-pg.XXXXXX)
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U lm --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # Speed over durability: the cluster is deleted after the run.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-k $dir -c listen_addresses= -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "$dir"
    ;;
  url)
    echo "postgresql+psycopg://lm@/postgres?host=${2:?folder}"
    ;;
  stop)
    dir=${2:?folder}
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start | url DIR | stop DIR" >&2
    exit 2
    ;;
esac

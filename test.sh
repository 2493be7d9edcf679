#!/usr/bin/env bash
# Install everything and run the whole check suite: ruff, ruff format, mypy,
# lint-imports (layer contracts), a migration drift check and pytest (headless Qt), the
# persistence and service tests on SQLite and on a throw-away PostgreSQL server.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
t0=$(date +%s)
step() { echo "[test +$(( $(date +%s) - t0 ))s] $*"; }
step "ruff check";         .venv/bin/ruff check .
step "ruff format";        .venv/bin/ruff format --check .
step "mypy";               .venv/bin/mypy
step "lint-imports";       .venv/bin/lint-imports
step "migrations in step"; .venv/bin/python scripts/check_migrations.py
step "desktop app on a real X server (Xvfb, xcb plugin)"
smoke=$(mktemp -d)
.venv/bin/league-manager --db "$smoke/smoke.db" demo >/dev/null
QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1400x900x24" \
  .venv/bin/league-manager --db "$smoke/smoke.db" gui --screenshot "$smoke/main.png" --page league >/dev/null
test -s "$smoke/main.png"
rm -rf "$smoke"
if [ -z "${LM_TEST_PG_URL:-}" ]; then
  step "throw-away PostgreSQL server (the persistence and service tests run on it too)"
  pgdir=$(scripts/pg_test_server.sh start)
  trap 'scripts/pg_test_server.sh stop "$pgdir"' EXIT
  LM_TEST_PG_URL=$(scripts/pg_test_server.sh url "$pgdir")
  export LM_TEST_PG_URL
fi
step "pytest"
export QT_QPA_PLATFORM=offscreen
set +e
.venv/bin/python -m pytest -q -p no:cacheprovider "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi
exit "$rc"

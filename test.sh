#!/usr/bin/env bash
# Install everything and run the whole check suite: ruff, ruff format, mypy,
# lint-imports (layer contracts), a migration drift check and pytest (headless Qt).
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
step "pytest"
export QT_QPA_PLATFORM=offscreen
set +e
.venv/bin/python -m pytest -q -p no:cacheprovider "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi
exit "$rc"

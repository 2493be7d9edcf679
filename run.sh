#!/usr/bin/env bash
# Install everything (system libraries Qt needs, a Python virtual environment) and start
# League Manager on the demo league. Usage: ./run.sh [extra league-manager arguments]
set -euo pipefail
cd "$(dirname "$0")"
source scripts/setup.sh
.venv/bin/league-manager demo >/dev/null
exec .venv/bin/league-manager "$@"

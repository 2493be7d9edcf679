"""Time loading and validating the BB2020 ruleset (cold, in fresh processes) and warm lookups."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

RUNS = 7
SNIPPET = (
    "import time; t=time.perf_counter();"
    "from league_manager.rules.loader import load_ruleset; load_ruleset('bb2020');"
    "print(time.perf_counter()-t)"
)


def main() -> None:
    """Print median cold load time (imports + YAML + validation) and warm lookup cost."""
    cold = [float(subprocess.check_output([sys.executable, "-c", SNIPPET], text=True)) for _ in range(RUNS)]
    from league_manager.rules.loader import load_ruleset

    load_ruleset.cache_clear()
    t = time.perf_counter()
    ruleset = load_ruleset("bb2020")
    in_process = time.perf_counter() - t
    t = time.perf_counter()
    for _ in range(10000):
        ruleset.team("human").position("blitzer")
    lookups = (time.perf_counter() - t) / 10000
    median = statistics.median(cold) * 1000
    print(f"ruleset cold load (import + parse + validate), median of {RUNS}: {median:.1f} ms")
    print(f"ruleset load in a warm process: {in_process * 1000:.1f} ms")
    print(f"team + position lookup: {lookups * 1e6:.1f} us")


if __name__ == "__main__":
    main()

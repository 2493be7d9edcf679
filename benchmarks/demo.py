"""Time the ``demo`` command on a fresh database, in-process and as a user runs it."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 5


def main() -> None:
    """Print the median time to create the demo league (8 drafted teams)."""
    from league_manager.services.facade import Services

    in_process = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as folder:
            t = time.perf_counter()
            services = Services.open(Path(folder) / "demo.db")
            services.create_demo()
            in_process.append(time.perf_counter() - t)
            services.close()
    command = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as folder:
            t = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "league_manager", "--db", f"{folder}/demo.db", "demo"],
                check=True,
                capture_output=True,
            )
            command.append(time.perf_counter() - t)
    median = statistics.median(in_process)
    print(f"demo league (migrate + 8 teams), in process, median of {RUNS}: {median:.3f} s")
    print(f"`league-manager demo` command, wall, median of {RUNS}: {statistics.median(command):.3f} s")


if __name__ == "__main__":
    main()

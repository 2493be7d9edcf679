"""Start-up time of the command line against a bare Python start (``python -c pass``).

Runs each command several times in fresh processes, interleaved so that a busy machine
slows all of them alike, and prints the median wall time and its ratio to a bare start.

With ``--frozen PATH`` (an installed or PyInstaller-built ``league-manager``) the same two
commands are timed on that program too, next to the source ones.

Usage: PYTHONPATH=. python benchmarks/cli_start.py [--runs 15] [--frozen PROGRAM]
(installer/build.sh leaves PROGRAM in build/installer/dist/league-manager/league-manager)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    """Print the medians of a bare start, ``--version`` and ``team list``."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--frozen", type=Path, default=None, help="a frozen program to time too")
    args = parser.parse_args()
    runs = args.runs
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    with tempfile.TemporaryDirectory() as folder:
        db = f"{folder}/league.db"
        subprocess.run([sys.executable, "-m", "league_manager", "--db", db, "demo"], check=True,
                       capture_output=True, env=env)  # fmt: skip
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "league-manager --version": [sys.executable, "-m", "league_manager", "--version"],
            "league-manager team list": [sys.executable, "-m", "league_manager", "--db", db, "team", "list"],
        }
        if args.frozen is not None:
            frozen = str(args.frozen.resolve())
            commands["frozen --version"] = [frozen, "--version"]
            commands["frozen team list"] = [frozen, "--db", db, "team", "list"]
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(runs):
            for name, argv in commands.items():
                times[name].append(timed(argv, env))
    bare = statistics.median(times["python -c pass"])
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<28} median of {runs}: {median * 1000:7.1f} ms  ({median / bare:5.1f}x bare)")


if __name__ == "__main__":
    main()

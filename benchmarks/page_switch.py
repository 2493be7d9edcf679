"""Time to switch pages in the desktop application on a league of 50 teams.

Builds (once, cached in the temp folder) the league of ``benchmarks/startup.py`` (50 teams
x 16 players) plus a scheduled round-robin season of all its teams, then starts the
program offscreen in fresh processes and reports:

* window: from spawning the process to a main window showing the 50 teams;
* each page (league, season, team, player, draft): the time from asking for it to the
  page laid out and painted (``navigate`` plus the events it posts), the median of
  several switches, always coming from another page.

Each figure is given as wall time and as the process's CPU time, which a machine busy
with other work inflates less.

Usage: PYTHONPATH=. python benchmarks/page_switch.py [--runs 3] [--switches 5] [--rebuild]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.startup import PLAYERS, TEAMS, build_league

PAGES = ("league", "season", "team", "player", "draft")

CHILD = r"""
import json, os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from pathlib import Path
from league_manager import app
from PySide6.QtWidgets import QApplication
window = app.build_window(Path(sys.argv[2]), theme_choice="light")
qt = app.qt_application()
window.resize(1400, 900)
window.show()
window.open_database(sys.argv[1])
while not (window.league_page.model.rowCount() == int(sys.argv[3]) and not window.runner.busy):
    qt.processEvents()
    time.sleep(0.001)
qt.processEvents()
filled, filled_cpu = time.time(), time.process_time()
services = window.ctx.svc
league = services.leagues.list_leagues()[0].id
season = services.seasons.list_seasons()[0].id
team = services.teams.get_team(services.teams.list_teams(league)[7].id)
player = team.players[3].id
targets = {"league": league, "season": season, "team": team.id, "player": player, "draft": team.id}
times = {kind: [] for kind in targets}
cpu = {kind: [] for kind in targets}
for _ in range(int(sys.argv[4])):
    for kind, ident in targets.items():
        window.navigate("welcome")
        qt.processEvents()
        start, start_cpu = time.perf_counter(), time.process_time()
        window.navigate(kind, ident)
        qt.processEvents()
        times[kind].append(time.perf_counter() - start)
        cpu[kind].append(time.process_time() - start_cpu)
print(json.dumps({"window": filled, "window_cpu": filled_cpu, "pages": times, "cpu": cpu}), flush=True)
"""


def build_season_league(path: Path) -> None:
    """The startup benchmark's league plus a season of all 50 teams, scheduled round robin."""
    from league_manager.services.facade import Services

    build_league(path)
    services = Services.open(path)
    league = services.leagues.list_leagues()[0].id
    teams = [t.id for t in services.teams.list_teams(league)]
    services.seasons.create_season(league, "Season 1", seed=1)
    services.seasons.add_teams("Season 1", teams)
    services.seasons.schedule("Season 1", "round-robin", seed=1)
    services.close()


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--switches", type=int, default=5)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.gettempdir()) / "league-manager-bench"
    folder.mkdir(exist_ok=True)
    db = folder / f"league-{TEAMS}x{PLAYERS}-season.db"
    if args.rebuild or not db.exists():
        db.unlink(missing_ok=True)
        t0 = time.perf_counter()
        build_season_league(db)
        print(f"built {db} in {time.perf_counter() - t0:.1f} s")
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    windows: list[float] = []
    windows_cpu: list[float] = []
    pages: dict[str, list[float]] = {kind: [] for kind in PAGES}
    pages_cpu: dict[str, list[float]] = {kind: [] for kind in PAGES}
    for run in range(args.runs):
        settings = folder / f"settings-switch-{run}.ini"
        settings.unlink(missing_ok=True)
        start = time.time()
        out = subprocess.run(
            [sys.executable, "-c", CHILD, str(db), str(settings), str(TEAMS), str(args.switches)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        ).stdout.splitlines()[-1]
        result = json.loads(out)
        windows.append(result["window"] - start)
        windows_cpu.append(result["window_cpu"])
        for kind in PAGES:
            pages[kind].extend(result["pages"][kind])
            pages_cpu[kind].extend(result["cpu"][kind])
        print(f"run {run + 1}: window with {TEAMS} teams {windows[-1]:.2f} s (CPU {windows_cpu[-1]:.2f} s)")
    print(
        f"window with {TEAMS} teams on screen (median of {args.runs}): {statistics.median(windows):.2f} s"
        f" (CPU {statistics.median(windows_cpu):.2f} s)"
    )
    for kind in PAGES:
        wall, used = pages[kind], pages_cpu[kind]
        print(
            f"switch to {kind:<7} median {statistics.median(wall) * 1000:6.1f} ms "
            f"(CPU {statistics.median(used) * 1000:6.1f} ms)   max {max(wall) * 1000:6.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

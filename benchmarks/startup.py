"""Time from launching the desktop application to an interactive main window.

Builds (once, cached in the temp folder) a league file of 50 teams x 16 players,
then starts the program in a fresh process several times, offscreen, and reports
two figures per run, measured from just before the process is spawned:

* window: the main window is shown and the event loop is running (it reacts to input);
* league: the league page lists all 50 teams (the file was opened and migrated
  off the GUI thread and the data is on screen).

Usage: PYTHONPATH=. python benchmarks/startup.py [--runs 5] [--rebuild]
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

TEAMS = 50
PLAYERS = 16
RACES = ("human", "orc", "dwarf", "skaven", "woodelf", "lizardmen", "chaoschosen", "shamblingundead")

CHILD = r"""
import os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from pathlib import Path
from league_manager import app
from PySide6.QtCore import QTimer
window = app.build_window(Path(sys.argv[2]), theme_choice="light")
qt = app.qt_application()
window.show()
window.open_database(sys.argv[1])
marks = {}
def shown():
    marks["window"] = time.time()
def poll():
    if window.league_page.model.rowCount() == int(sys.argv[3]) and not window.runner.busy:
        marks["league"] = time.time()
        print(f"{marks['window']:.6f} {marks['league']:.6f}", flush=True)
        qt.quit()
QTimer.singleShot(0, shown)
timer = QTimer()
timer.timeout.connect(poll)
timer.start(2)
qt.exec()
"""


def build_league(path: Path) -> None:
    """A league of 50 teams with 16 players each (drafted through the services)."""
    from league_manager.rules.draft import DraftPlan
    from league_manager.rules.loader import load_ruleset
    from league_manager.services.facade import Services

    ruleset = load_ruleset("bb2020")
    services = Services.open(path)
    league = services.leagues.create_league("Benchmark League", settings={"budget": 2_000_000}).value
    for i in range(TEAMS):
        roster = ruleset.team(RACES[i % len(RACES)])
        counts: dict[str, int] = {}
        for position in sorted(roster.positions, key=lambda p: p.is_lineman):
            if position.big_guy:
                continue
            room = PLAYERS - sum(counts.values())
            if room:
                counts[position.name] = min(position.max_quantity, room)
        choice = roster.special_rule_choice[0] if roster.special_rule_choice else None
        plan = DraftPlan(roster.id, counts, rerolls=2, special_rule_choice=choice)
        services.teams.draft_team(league.id, f"Team {i + 1:02d} {roster.name}", f"Coach {i + 1}", plan)
    services.close()


def main() -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.gettempdir()) / "league-manager-bench"
    folder.mkdir(exist_ok=True)
    db = folder / f"league-{TEAMS}x{PLAYERS}.db"
    if args.rebuild or not db.exists():
        db.unlink(missing_ok=True)
        t0 = time.perf_counter()
        build_league(db)
        print(f"built {db} in {time.perf_counter() - t0:.1f} s")
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    windows, leagues = [], []
    for run in range(args.runs):
        settings = folder / f"settings-{run}.ini"
        settings.unlink(missing_ok=True)
        start = time.time()
        out = subprocess.run(
            [sys.executable, "-c", CHILD, str(db), str(settings), str(TEAMS)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout.split()
        windows.append(float(out[0]) - start)
        leagues.append(float(out[1]) - start)
        print(f"run {run + 1}: window interactive {windows[-1]:.2f} s, teams on screen {leagues[-1]:.2f} s")
    print(
        f"startup ({TEAMS} teams x {PLAYERS} players, median of {args.runs}): "
        f"interactive window {statistics.median(windows):.2f} s, "
        f"league page filled {statistics.median(leagues):.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``season leaders --scope`` and ``player history`` (match-by-match) on the command line."""

import io
import json
import shutil
from pathlib import Path
from typing import Any

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.services.season_read_models import PlayerStatLine
from league_manager.services.season_results import ResultEntry

TEAMS = [name for _race, name, _coach in DEMO_TEAMS][:4]


def run(db: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["--db", str(db), *argv], CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def ok_json(db: Path, *argv: str) -> Any:
    code, out, err = run(db, "--json", *argv)
    assert code == 0, err
    return json.loads(out)


def test_career_leaders_and_a_players_matches(demo_file: Path, tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    shutil.copy(demo_file, db)
    svc = Services.open(db)
    star = 0
    for name in ("S1", "S2"):
        svc.seasons.create_season(DEMO_LEAGUE, name, seed=3)
        svc.seasons.add_teams(name, TEAMS)
        svc.seasons.schedule(name, "round-robin")
        for f in svc.seasons.fixtures(name):
            svc.seasons.set_result(f.id or 0, ResultEntry(home_td=1, away_td=0))
        game = svc.seasons.fixtures(name)[0]
        star = svc.teams.get_team(game.home or "").players[0].id
        svc.seasons.record_player_stats(game.id or 0, [PlayerStatLine(star, td=1, spp=3)])
    svc.close()

    season = ok_json(db, "season", "leaders", "S2")
    career = ok_json(db, "season", "leaders", "S2", "--scope", "career")
    assert season["scope"] == "season" and season["seasons"] == ["S2"]
    assert career["seasons"] == ["S1", "S2"]
    tds = {b["category"]: b for b in career["players"]}["td"]["entries"]
    assert [(e["player_id"], e["value"]) for e in tds] == [(star, 2)]
    code, out, _err = run(db, "season", "leaders", "S2", "--scope", "career")
    assert code == 0 and out.startswith("S2: career leaders (S1, S2)")

    record = ok_json(db, "player", "history", str(star))
    lines = [(m["season"], m["td"], m["career_spp"]) for m in record["matches"]]
    assert lines == [("S1", 1, 3), ("S2", 1, 6)]
    code, out, _err = run(db, "player", "history", str(star))
    assert code == 0 and "Matches:" in out and "W 1-0" in out

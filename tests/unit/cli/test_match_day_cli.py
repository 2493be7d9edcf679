"""Match day from the command line: a whole demo season played with ``fixture play``, tabletop entry."""

import json
from pathlib import Path
from typing import Any

from league_manager.services.demo import DEMO_TEAMS
from tests.unit.cli.cli_run import run

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]


def ok_json(db: Path, *argv: str) -> Any:
    code, out, err = run(db, "--json", *argv)
    assert code == 0, err
    return json.loads(out)


def test_a_whole_demo_season_played_on_the_engine(tmp_path: Path) -> None:
    db = tmp_path / "season.db"
    assert run(db, "demo")[0] == 0
    assert run(db, "season", "create", "Demo League", "Engine", "--seed", "5")[0] == 0
    assert run(db, "season", "add-teams", "Engine", *TEAMS)[0] == 0
    assert run(db, "season", "schedule", "Engine", "--format", "round-robin")[0] == 0
    fixtures = ok_json(db, "season", "fixtures", "Engine")
    assert len(fixtures) == 28
    for number, fixture in enumerate(fixtures):
        played = ok_json(db, "fixture", "play", str(fixture["id"]), "--seed", str(number), "--bot", "random")
        assert played["stage"] == "result_entered"
        post = ok_json(db, "fixture", "postgame", str(fixture["id"]), "--seed", str(number))
        assert post["stage"] == "post_game_applied"
    table = ok_json(db, "season", "standings", "Engine")
    assert len(table) == 8 and all(row["played"] == 7 for row in table)
    assert sum(r["won"] for r in table) == sum(r["lost"] for r in table)
    assert sum(r["td_for"] for r in table) == sum(r["td_against"] for r in table)
    assert sum(r["points"] for r in table) == sum(3 * r["won"] + r["drawn"] for r in table)
    by_fixture = {f["id"]: f for f in ok_json(db, "season", "fixtures", "Engine")}
    assert all(f["status"] in {"played", "conceded"} for f in by_fixture.values())
    # every team's treasury is its ledger's last running balance
    for name in TEAMS:
        team = ok_json(db, "team", "show", name)
        ledger = ok_json(db, "team", "ledger", name)
        assert team["treasury"] == (ledger[-1]["balance"] if ledger else 0)
        assert team["first_match_played"]


def test_tabletop_entry_pregame_typed_dice_and_refusals(tmp_path: Path) -> None:
    db = tmp_path / "table.db"
    run(db, "demo")
    run(db, "season", "create", "Demo League", "Table", "--seed", "3")
    run(db, "season", "add-teams", "Table", *TEAMS[:2])
    run(db, "season", "schedule", "Table", "--format", "round-robin")
    fid = str(ok_json(db, "season", "fixtures", "Table")[0]["id"])
    code, _, err = run(db, "fixture", "record", fid, "--result", str(tmp_path / "none.json"))
    assert code == 1 and "cannot read the result" in err
    pre = ok_json(db, "fixture", "pregame", fid, "--seed", "1", "--typed", "3,3")
    code, out, _ = run(db, "fixture", "cancel-pregame", fid, "--reason", "typed the away roll twice")
    assert code == 0 and f"run it again with: fixture pregame {fid}" in out
    pre = ok_json(db, "fixture", "pregame", fid, "--seed", "1", "--typed", "3,1")
    assert [r["source"] for r in pre["pregame"]["rolls"][:3]] == ["typed", "typed", "program"]
    assert pre["corrections"][0]["reason"] == "pre-game cancelled: typed the away roll twice"
    home = pre["snapshots"]["home"]["players"]
    sheet = tmp_path / "result.json"
    sheet.write_text(
        json.dumps({"home": {"score": 2}, "away": {"score": 0}, "players": [{"id": home[0]["id"], "td": 1}]})
    )
    code, _, err = run(db, "fixture", "record", fid, "--result", str(sheet))
    assert code == 1 and "home scored 2 but its players' touchdowns add up to 1" in err
    sheet.write_text(
        json.dumps({"home": {"score": 1}, "away": {"score": 0}, "players": [{"id": home[0]["id"], "td": 1}]})
    )
    assert ok_json(db, "fixture", "record", fid, "--result", str(sheet))["stage"] == "result_entered"
    code, out, _ = run(db, "fixture", "postgame", fid, "--seed", "2", "--mvp", home[0]["name"])
    assert code == 0 and "MVP" in out and "(typed)" in out
    history = ok_json(db, "player", "history", home[0]["id"])
    assert history
    sheet.write_text(json.dumps({"home": {"score": 0}, "away": {"score": 0}}))
    code, out, _ = run(db, "fixture", "correct", fid, "--result", str(sheet), "--reason", "disallowed")
    assert code == 0 and "correction (disallowed)" in out
    assert ok_json(db, "fixture", "match-day", fid)["corrections"][1]["reason"] == "disallowed"


def test_a_board_match_shows_in_match_day_and_is_abandoned_with_a_reason(tmp_path: Path) -> None:
    from league_manager.match.bots import make_bot
    from league_manager.services.facade import Services

    db = tmp_path / "board.db"
    run(db, "demo")
    run(db, "season", "create", "Demo League", "Board", "--seed", "3")
    run(db, "season", "add-teams", "Board", *TEAMS[:2])
    run(db, "season", "schedule", "Board", "--format", "round-robin")
    fid = ok_json(db, "season", "fixtures", "Board")[0]["id"]
    ok_json(db, "fixture", "pregame", str(fid), "--seed", "2")
    svc = Services.open(db)
    try:
        game = svc.board.start(fid, seed=8)
        bot = make_bot("random", 1)
        for _ in range(25):
            game.match.apply(bot.choose(game.match))
            svc.board.save(fid, game)
        prompt = game.match.prompt
        assert prompt is not None
    finally:
        svc.close()
    board = ok_json(db, "fixture", "match-day", str(fid))["board"]
    assert board["state"] == "in_progress" and board["actions"] == 25
    assert board["awaited"] == {"prompt": prompt.kind, "team": ("home", "away")[prompt.team]}
    code, out, _ = run(db, "fixture", "match-day", str(fid))
    assert code == 0 and "Board match in progress: 25 actions, " in out
    code, _, err = run(db, "fixture", "play", str(fid))
    assert code != 0 and "board match is in progress" in err
    code, _, err = run(db, "fixture", "board-abandon", str(fid), "--reason", " ")
    assert code != 0 and "say why" in err
    view = ok_json(db, "fixture", "board-abandon", str(fid), "--reason", "power cut")
    assert view["stage"] == "pre_game"
    assert view["board"]["state"] == "abandoned" and view["board"]["reason"] == "power cut"
    assert ok_json(db, "fixture", "play", str(fid), "--seed", "1")["stage"] == "result_entered"

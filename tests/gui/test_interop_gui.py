"""File → Export League… and File → Import League…: the league JSON through the window."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from league_manager.services.demo import DEMO_LEAGUE


def test_export_then_import_under_another_name(
    make_window: Any, demo_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    target = tmp_path / "demo.json"
    dialogs.script("save_json", str(target))
    window.act_export_league.trigger()
    assert dialogs.errors == [] and json.loads(target.read_text(encoding="utf-8"))["league"] == DEMO_LEAGUE
    dialogs.script("open_json", str(target))
    dialogs.script("text", "Demo Copy")
    window.act_import_league.trigger()
    assert dialogs.errors == []
    names = {lg.name for lg in window.ctx.svc.leagues.list_leagues()}
    assert names == {DEMO_LEAGUE, "Demo Copy"}
    assert window.current[0] == "league"


def test_a_broken_file_is_refused_in_words(
    make_window: Any, demo_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    bad = tmp_path / "bad.json"
    bad.write_text("{oops", encoding="utf-8")
    dialogs.script("open_json", str(bad))
    window.act_import_league.trigger()
    assert len(dialogs.errors) == 1 and "JSON is broken" in dialogs.errors[0][1]
    assert [lg.name for lg in window.ctx.svc.leagues.list_leagues()] == [DEMO_LEAGUE]


def test_import_team_shows_it_then_creates_it(
    make_window: Any, demo_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.svc
    team = services.teams.list_teams(DEMO_LEAGUE)[0]
    xml = services.obblm_team.export_obblm(team.id, tmp_path / "team.xml")
    services.leagues.create_league("Other")
    window._populate()
    other = next(lg.id for lg in services.leagues.list_leagues() if lg.name == "Other")
    window.navigate("league", other)
    dialogs.script("open_team_file", str(xml), str(xml))
    dialogs.script("confirm", False, True)
    window.act_import_team.trigger()
    assert services.teams.list_teams("Other") == []
    window.act_import_team.trigger()
    assert dialogs.errors == []
    assert [t.name for t in services.teams.list_teams("Other")] == [team.name]
    assert window.current[0] == "team"


def test_a_team_joining_from_paper_comes_in_through_import_team(
    make_window: Any, demo_file: Path, tmp_path: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.svc
    paper = json.loads((Path(__file__).parents[2] / "docs" / "examples" / "team-from-paper.json").read_text())
    source = tmp_path / "paper.json"
    source.write_text(json.dumps(paper), encoding="utf-8")
    window.navigate("league", services.leagues.list_leagues()[0].id)
    dialogs.script("open_team_file", str(source))
    dialogs.script("confirm", True)
    window.act_import_team.trigger()
    assert dialogs.errors == []
    joined = services.teams.get_team(paper["name"])
    assert joined.treasury == paper["treasury"] and len(joined.players) == len(paper["players"])
    assert joined.coach == paper["coach"] and joined.dedicated_fans == paper["dedicated_fans"]


def test_a_bbroster_code_is_shown_then_created_and_a_broken_one_refused(
    make_window: Any, demo_file: Path, dialogs: Any
) -> None:
    window = make_window()
    window.open_database(str(demo_file), background=False)
    services = window.ctx.svc
    window.navigate("league", services.leagues.list_leagues()[0].id)
    before = len(services.teams.list_teams())
    code = "t9t20r1p39p39p39p39p39p39p39p40p41p42p42ICode%20Humans"
    dialogs.script("text", "hello", "t9t20p999", code, code)
    dialogs.script("confirm", False, True)
    window.act_import_code.trigger()  # not a code at all
    window.act_import_code.trigger()  # a code without players
    assert [e[0] for e in dialogs.errors] == ["Could not read the roster code", "Could not read the team"]
    assert "no players" in str(dialogs.errors[1])
    window.act_import_code.trigger()  # shown, not confirmed
    assert len(services.teams.list_teams()) == before
    window.act_import_code.trigger()
    assert len(dialogs.errors) == 2
    created = services.teams.get_team("Code Humans")
    assert (created.treasury, created.rerolls, len(created.players)) == (20_000, 1, 11)
    assert window.current == ("team", created.id)

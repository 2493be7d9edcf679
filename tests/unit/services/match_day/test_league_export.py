"""Our league JSON: export, import into an empty database, export again gives the same file."""

import json
from pathlib import Path
from typing import Any

import pytest
from match_day_docs import blank_result, player
from sqlmodel import SQLModel

from league_manager.services.demo import DEMO_LEAGUE
from league_manager.services.facade import Services
from league_manager.services.league_export import (
    DERIVED_TABLES,
    EXPORTED_TABLES,
    FORMAT_VERSION,
    LeagueFileError,
)
from league_manager.services.season_read_models import FixtureView


def _play_first_fixture(demo: Services, game: FixtureView) -> None:
    fid = game.id or 0
    view = demo.match_day.pregame(fid, seed=4).value
    doc = blank_result(view.snapshots)
    doc["home"]["score"], doc["away"]["score"] = 2, 1
    player(doc, "home", 0).update(td=2, cas=1)
    player(doc, "away", 0).update(td=1)
    player(doc, "away", 1).update(injury="Dead")
    player(doc, "away", 2).update(injury="Serious Injury")
    demo.match_day.record(fid, doc)
    demo.match_day.postgame(
        fid, typed=[6, 1], mvp=[player(doc, "home", 1)["id"], player(doc, "away", 5)["id"]]
    )


def _summary(svc: Services, league: str) -> dict[str, Any]:
    teams = {t.name: (t.treasury, t.team_value, t.current_team_value) for t in svc.teams.list_teams(league)}
    table = svc.seasons.standings("S").to_dict()
    return {"teams": teams, "table": table, "leaders": svc.seasons.leaders("S").to_dict()}


def test_every_table_is_exported_or_derived() -> None:
    tables = set(SQLModel.metadata.tables)
    assert tables == set(EXPORTED_TABLES) | set(DERIVED_TABLES)
    assert not set(EXPORTED_TABLES) & set(DERIVED_TABLES)
    assert all(reason.strip() for reason in DERIVED_TABLES.values())


def test_round_trip_gives_the_same_league(
    demo: Services, fixtures: list[FixtureView], tmp_path: Path
) -> None:
    _play_first_fixture(demo, fixtures[0])
    first = demo.league_export.export_file(DEMO_LEAGUE, tmp_path / "league.json")
    doc = json.loads(first.read_text(encoding="utf-8"))
    assert doc["version"] == FORMAT_VERSION and doc["tables"]["fixtureresult"]
    assert doc["tables"]["matchday"] and doc["tables"]["treasuryentry"]
    before = _summary(demo, DEMO_LEAGUE)
    other = Services.open(tmp_path / "empty.db")
    try:
        other.league_export.import_file(first)
        again = other.league_export.export_text(DEMO_LEAGUE)
        assert json.loads(again) == doc
        assert _summary(other, DEMO_LEAGUE) == before
    finally:
        other.close()


def test_import_refuses_a_name_in_use_and_changes_nothing(demo: Services) -> None:
    text = demo.league_export.export_text(DEMO_LEAGUE)
    count = len(demo.leagues.list_leagues())
    with pytest.raises(LeagueFileError, match="exists already"):
        demo.league_export.import_text(text)
    new_id = demo.league_export.import_text(text, name="Copy League")
    assert demo.leagues.get_league(new_id).name == "Copy League"
    assert len(demo.leagues.list_leagues()) == count + 1


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: "{not json", "JSON is broken"),
        (lambda d: json.dumps({**d, "format": "other"}), "not a league file"),
        (lambda d: json.dumps({**d, "version": 99}), "version 99"),
        (lambda d: json.dumps({**d, "tables": {**d["tables"], "mystery": []}}), "does not know"),
        (
            lambda d: json.dumps({**d, "tables": {k: v for k, v in d["tables"].items() if k != "player"}}),
            "lacks",
        ),
        (
            lambda d: json.dumps(
                {**d, "tables": {**d["tables"], "team": [{**d["tables"]["team"][0], "x": 1}]}}
            ),
            "columns differ",
        ),
        (
            lambda d: json.dumps(
                {**d, "tables": {**d["tables"], "player": [{**d["tables"]["player"][0], "team_id": 999}]}}
            ),
            "names no team",
        ),
        (
            lambda d: json.dumps(
                {**d, "tables": {**d["tables"], "team": [{**d["tables"]["team"][0], "rerolls": "two"}]}}
            ),
            "not a whole number",
        ),
    ],
)
def test_broken_files_are_refused_and_change_nothing(demo: Services, edit: Any, message: str) -> None:
    doc = demo.league_export.export_league(DEMO_LEAGUE)
    before = len(demo.leagues.list_leagues()), len(demo.teams.list_teams())
    with pytest.raises(LeagueFileError, match=message):
        demo.league_export.import_text(edit(doc), name="Broken")
    assert (len(demo.leagues.list_leagues()), len(demo.teams.list_teams())) == before

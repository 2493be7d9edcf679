"""Season 3 post-game: six MVP nominees, the concession's lost SPP, the edition's injury names."""

from typing import Any

import pytest
from match_day_docs import blank_result, player
from sqlmodel import Session, select

from league_manager.persistence.models import PlayerStatusEntry, SppEntry
from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services


def _fixture(services: Services, ruleset_id: str = "bb2025") -> tuple[int, dict[str, Any]]:
    rules = load_ruleset(ruleset_id)
    services.leagues.create_league("Third", ruleset_id=ruleset_id)
    services.teams.draft_team("Third", "Greenskins", "Ann", suggest_draft(rules, "orc", rerolls=1))
    services.teams.draft_team("Third", "Lads", "Bo", suggest_draft(rules, "human", rerolls=3))
    services.seasons.create_season("Third", "Y1", seed=3, entries=[("Greenskins", None), ("Lads", None)])
    services.seasons.schedule("Y1", "round-robin")
    fid = services.seasons.fixtures("Y1")[0].id or 0
    view = services.match_day.pregame(fid, seed=4).value
    return fid, blank_result(view.snapshots)


def _spp(services: Services) -> dict[int, int]:
    with Session(services.engine) as session:
        rows = session.exec(select(SppEntry)).all()
    totals: dict[int, int] = {}
    for row in rows:
        totals[row.player_id] = totals.get(row.player_id, 0) + row.amount
    return totals


def test_without_nominations_six_are_drawn_and_the_mvp_is_one_of_them(services: Services) -> None:
    fid, doc = _fixture(services)
    services.match_day.record(fid, doc)
    post = services.match_day.postgame(fid, seed=7).value.postgame
    assert post is not None
    labels = [r["label"] for r in post["rolls"]]
    assert labels.count("mvp nominee") >= 12  # six per team (a roll past the list is rolled again)
    assert {r["die"] for r in post["rolls"] if r["label"] == "mvp"} == {"D6"}  # the MVP: a D6 of six
    for side in ("home", "away"):
        record = post["teams"][side]
        assert len(record["mvp_nominees"]) == len(set(record["mvp_nominees"])) == 6
        assert record["mvp"] in record["mvp_nominees"]


def test_the_coaches_six_nominees_are_read_by_one_d6(services: Services) -> None:
    fid, doc = _fixture(services)
    for side in ("home", "away"):
        doc[side]["mvp_candidates"] = [player(doc, side, i)["id"] for i in range(2, 8)]
    services.match_day.record(fid, doc)
    post = services.match_day.postgame(fid, seed=7, typed=[3, 6]).value.postgame
    assert post is not None
    assert post["teams"]["home"]["mvp"] == player(doc, "home", 4)["id"]  # nominee 3
    assert post["teams"]["away"]["mvp"] == player(doc, "away", 7)["id"]  # nominee 6
    assert post["teams"]["home"]["mvp_nominees"] == doc["home"]["mvp_candidates"]
    assert [r["die"] for r in post["rolls"] if r["label"].startswith("mvp")] == ["D6", "D6"]


def _conceded(doc: dict[str, Any]) -> None:
    doc["conceded"] = 1
    doc["home"]["score"] = 2
    player(doc, "home", 0).update(td=1)
    player(doc, "away", 0).update(td=1, cas=1, bonus_spp=1)


def test_a_season3_concession_costs_the_conceding_team_its_spp(services: Services) -> None:
    fid, doc = _fixture(services)
    _conceded(doc)
    services.match_day.record(fid, doc)
    post = services.match_day.postgame(fid, seed=7).value.postgame
    assert post is not None
    spp = _spp(services)
    assert int(player(doc, "away", 0)["id"]) not in spp
    assert post["teams"]["away"]["spp_lost"] > 0 and post["teams"]["home"].get("spp_lost", 0) == 0
    assert spp[int(player(doc, "home", 0)["id"])] >= 2  # the winner keeps its SPP
    assert post["teams"]["away"]["mvp"] is None


def test_a_bb2020_concession_keeps_the_conceding_team_its_spp(services: Services) -> None:
    fid, doc = _fixture(services, "bb2020")
    _conceded(doc)
    services.match_day.record(fid, doc)
    post = services.match_day.postgame(fid, seed=7).value.postgame
    assert post is not None
    assert _spp(services)[int(player(doc, "away", 0)["id"])] == 3 + 2 + 1
    assert post["teams"]["away"].get("spp_lost", 0) == 0
    assert post["teams"]["home"].get("mvp_nominees", []) == []  # BB2020: among every eligible player


@pytest.mark.parametrize(("ruleset_id", "name"), [("bb2025", "Dislocated Hip"), ("bb2020", "Neck Injury")])
def test_lasting_injuries_carry_the_editions_names(services: Services, ruleset_id: str, name: str) -> None:
    fid, doc = _fixture(services, ruleset_id)
    player(doc, "away", 1).update(injury="Lasting Injury", lasting="AG")
    services.match_day.record(fid, doc)
    services.match_day.postgame(fid, seed=7)
    with Session(services.engine) as session:
        reasons = [r.reason for r in session.exec(select(PlayerStatusEntry)) if r.characteristic == "AG"]
    assert reasons == [f"Lasting Injury ({name}, -AG) in fixture {fid}"]

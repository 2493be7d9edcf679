"""A Season 3 fixture's pre-game and post-game follow the edition's data."""

import json

import pytest
from match_day_docs import blank_result, player
from sqlmodel import Session, select

from league_manager.core.errors import RuleViolations
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import SppEntry
from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.match_day.play import match_settings


def test_season3_fixture_pays_brawlin_brutes_spp_and_the_not_stalling_bonus(services: Services) -> None:
    s3 = load_ruleset("bb2025")
    services.leagues.create_league("Third", ruleset_id="bb2025")
    services.teams.draft_team("Third", "Greenskins", "Ann", suggest_draft(s3, "orc", rerolls=1))
    services.teams.draft_team("Third", "Lads", "Bo", suggest_draft(s3, "human", rerolls=3))
    services.seasons.create_season("Third", "Y1", seed=3, entries=[("Greenskins", None), ("Lads", None)])
    services.seasons.schedule("Y1", "round-robin")
    fixture = services.seasons.fixtures("Y1")[0]
    fid = fixture.id or 0
    before = {name: services.teams.get_team(name).treasury for name in ("Greenskins", "Lads")}
    view = services.match_day.pregame(fid, seed=4).value
    assert view.pregame["prayers"]["team"] is None  # Season 3 gives the underdog no prayers
    doc = blank_result(view.snapshots)
    orcs = "home" if fixture.home == "Greenskins" else "away"
    humans = "away" if orcs == "home" else "home"
    doc[orcs]["score"], doc[humans]["score"] = 1, 1
    player(doc, orcs, 0).update(td=1, cas=1)
    player(doc, humans, 0).update(td=1, cas=1)
    services.match_day.record(fid, doc)
    mvps = [player(doc, "home", 5)["id"], player(doc, "away", 5)["id"]]
    services.match_day.postgame(fid, seed=5, mvp=mvps)
    with Session(services.engine) as session:
        spp = {row.player_id: row.amount for row in session.exec(select(SppEntry))}
    assert spp[int(player(doc, orcs, 0)["id"])] == 2 + 3  # Brawlin' Brutes: TD 2, CAS 3
    assert spp[int(player(doc, humans, 0)["id"])] == 3 + 2
    fans = {side: view.pregame["teams"][side]["fan_factor"] for side in ("home", "away")}
    attendance = fans["home"] + fans["away"]
    after = {name: services.teams.get_team(name).treasury for name in ("Greenskins", "Lads")}
    for name in ("Greenskins", "Lads"):
        assert after[name] - before[name] == attendance * 5_000 + 10_000 + 10_000  # 1 TD + not stalling


def test_a_team_the_engine_saw_stalling_gets_no_not_stalling_bonus(services: Services) -> None:
    s3 = load_ruleset("bb2025")
    services.leagues.create_league("Third", ruleset_id="bb2025")
    services.teams.draft_team("Third", "Greenskins", "Ann", suggest_draft(s3, "orc", rerolls=1))
    services.teams.draft_team("Third", "Lads", "Bo", suggest_draft(s3, "human", rerolls=3))
    services.seasons.create_season("Third", "Y1", seed=3, entries=[("Greenskins", None), ("Lads", None)])
    services.seasons.schedule("Y1", "round-robin")
    fid = services.seasons.fixtures("Y1")[0].id or 0
    before = {side: services.teams.get_team(name).treasury for side, name in _sides(services, fid).items()}
    view = services.match_day.pregame(fid, seed=4).value
    doc = blank_result(view.snapshots)
    doc["home"]["stalled"] = 2  # the engine counted two team turns in which a home player stalled
    services.match_day.record(fid, doc)
    services.match_day.postgame(fid, seed=5, mvp=[player(doc, "home", 5)["id"], player(doc, "away", 5)["id"]])
    attendance = sum(view.pregame["teams"][side]["fan_factor"] for side in ("home", "away"))
    after = {side: services.teams.get_team(name).treasury for side, name in _sides(services, fid).items()}
    assert after["home"] - before["home"] == attendance * 5_000  # no bonus for the staller
    assert after["away"] - before["away"] == attendance * 5_000 + 10_000


def _sides(services: Services, fid: int) -> dict[str, str]:
    fixture = services.seasons.get_fixture(fid)
    return {"home": fixture.home or "", "away": fixture.away or ""}


def _season3_fixture(services: Services) -> int:
    s3 = load_ruleset("bb2025")
    services.leagues.create_league("Third", ruleset_id="bb2025")
    services.teams.draft_team("Third", "Greenskins", "Ann", suggest_draft(s3, "orc", rerolls=1))
    services.teams.draft_team("Third", "Lads", "Bo", suggest_draft(s3, "human", rerolls=1))
    services.seasons.create_season("Third", "Y1", seed=3, entries=[("Greenskins", None), ("Lads", None)])
    services.seasons.schedule("Y1", "round-robin")
    return services.seasons.fixtures("Y1")[0].id or 0


def test_season3_bought_prayers_are_rolled_for_each_team_and_reach_the_match(services: Services) -> None:
    fid = _season3_fixture(services)
    buy = {"home": [Purchase("Prayers to Nuffle", 2)], "away": [Purchase("Prayers to Nuffle", 1)]}
    slots = services.match_day.pregame_dice(fid, buy)
    prayer_slots = [(s.label, s.count, s.distinct) for s in slots if s.label.startswith("prayers")]
    assert prayer_slots == [("prayers to nuffle (home)", 2, True), ("prayers to nuffle (away)", 1, True)]
    view = services.match_day.pregame(fid, seed=4, purchases=buy).value
    prayers = view.pregame["prayers"]
    assert prayers["team"] is None and prayers["results"] == []
    home, away = prayers["bought"]["home"], prayers["bought"]["away"]
    assert len(home) == 2 and len(away) == 1 and home[0]["roll"] != home[1]["roll"]
    assert all(p["lasts"] == "game" for p in home + away)
    rolls = [r["result"] for r in view.pregame["rolls"] if r["label"].startswith("prayers to nuffle")]
    assert [p["roll"] for p in home + away] == [*_distinct_in_order(rolls[:-1], 2), rolls[-1]]
    with Session(services.engine) as session:
        day = session.exec(select(MatchDay).where(MatchDay.fixture_id == fid)).one()
    assert match_settings(day)["prayers"] == [
        {"team": 0, "rolls": [p["roll"] for p in home]},
        {"team": 1, "rolls": [p["roll"] for p in away]},
    ]


def _distinct_in_order(rolls: list[int], count: int) -> list[int]:
    kept: list[int] = []
    for roll in rolls:
        if roll not in kept and len(kept) < count:
            kept.append(roll)
    return kept


def test_getting_even_gives_hatred_of_the_injuring_player_on_a_four(services: Services) -> None:
    from league_manager.services.match_day.getting_even import hated_keyword

    assert hated_keyword(("Blitzer", "Orc")) == "Orc" and hated_keyword(("Big Guy", "Ogre")) == "Ogre"
    assert hated_keyword(("Elf", "Special")) == "Elf" and hated_keyword(("Lineman",)) is None
    fid = _season3_fixture(services)
    fixture = services.seasons.fixtures("Y1")[0]
    view = services.match_day.pregame(fid, seed=4).value
    orcs = "home" if fixture.home == "Greenskins" else "away"
    humans = "away" if orcs == "home" else "home"
    doc = blank_result(view.snapshots)
    victim, brute = player(doc, humans, 0), player(doc, orcs, 0)
    victim.update(injury="Serious Injury", injured_by=brute["id"])
    brute.update(cas=1)
    bad = json.loads(json.dumps(doc))
    player(bad, humans, 0)["injured_by"] = player(bad, humans, 1)["id"]  # a team-mate is no opponent
    with pytest.raises(RuleViolations, match="injured_by"):
        services.match_day.record(fid, bad)
    services.match_day.record(fid, doc)
    before = services.teams.get_team("Lads")
    mvps = [player(doc, "home", 5)["id"], player(doc, "away", 5)["id"]]
    post = services.match_day.postgame(fid, seed=5, mvp=mvps)
    record = post.value.postgame["getting_even"]
    assert [(r["player_id"], r["injured_by"], r["hatred"]) for r in record] == [
        (int(victim["id"]), brute["id"], "Hatred (Orc)")
    ]
    assert record[0]["gained"] == (record[0]["roll"] >= 4)
    lad = next(p for p in services.teams.get_team("Lads").players if p.id == int(victim["id"]))
    was = next(p for p in before.players if p.id == lad.id)
    assert ("Hatred (Orc)" in [s.name for s in lad.skills if s.gained]) == record[0]["gained"]
    assert lad.advancements == was.advancements and lad.value_increases == was.value_increases

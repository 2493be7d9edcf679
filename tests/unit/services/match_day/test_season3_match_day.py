"""A Season 3 fixture's pre-game and post-game follow the edition's data."""

from match_day_docs import blank_result, player
from sqlmodel import Session, select

from league_manager.persistence.models import SppEntry
from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services


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

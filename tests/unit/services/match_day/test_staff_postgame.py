"""Post-game work of the coaching staff (Schielund Scharlitan, Professor Fronkelheim, Ayleen Andar)
and a Fan Factor lowered in the match (Jorm the Ogre) reaching the winnings."""

from collections.abc import Callable
from typing import Any

import pytest
from match_day_docs import blank_result, player

from league_manager.core.errors import RuleViolations
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services
from league_manager.services.read_models import PlayerView
from league_manager.services.season_read_models import FixtureView

SCHIELUND, FRONKELHEIM, AYLEEN = "Schielund Scharlitan", "Professor Fronkelheim", "Ayleen Andar"


def _recorded(demo: Services, fixture: FixtureView, edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    fid = fixture.id or 0
    view = demo.match_day.pregame(fid, seed=4).value
    doc = blank_result(view.snapshots)
    edit(doc)
    demo.match_day.record(fid, doc)
    return {"doc": doc, "pregame": view.pregame}


def _gained(p: PlayerView) -> set[str]:
    return {s.name for s in p.skills if s.gained}


def _players(demo: Services, fixture: FixtureView) -> dict[int, PlayerView]:
    teams = (demo.teams.get_team(fixture.home or ""), demo.teams.get_team(fixture.away or ""))
    return {p.id: p for team in teams for p in team.players}


def _picks(doc: dict[str, Any]) -> None:
    player(doc, "home", 0)["staff"] = [[SCHIELUND, "Pro"]]
    player(doc, "home", 1)["staff"] = [[SCHIELUND, "Pro"]]
    player(doc, "away", 0)["staff"] = [[FRONKELHEIM, "Foul Appearance"]]
    player(doc, "away", 1)["staff"] = [[FRONKELHEIM, "Claws"]]
    player(doc, "away", 2).update(staff=[[SCHIELUND, "Pro"]], injury="Dead")  # not rolled for


def test_schielund_and_fronkelheim_roll_for_their_players(
    demo: Services, fixtures: list[FixtureView]
) -> None:
    game = fixtures[0]
    fid = game.id or 0
    doc = _recorded(demo, game, _picks)["doc"]
    ids = [
        int(player(doc, side, i)["id"]) for side, i in (("home", 0), ("home", 1), ("away", 0), ("away", 1))
    ]
    before = _players(demo, game)
    mvps = [player(doc, "home", 3)["id"], player(doc, "away", 3)["id"]]
    post = demo.match_day.postgame(fid, typed=[6, 1, 6, 1], seed=1, mvp=mvps).value.postgame
    assert post is not None
    rolls = [(e["player_id"], e["staff"], e["roll"], e["outcome"]) for e in post["staff"]]
    assert rolls == [
        (ids[0], SCHIELUND, 6, "keeps Pro"),
        (ids[1], SCHIELUND, 1, "gains Loner (2+)"),
        (ids[2], FRONKELHEIM, 6, "keeps Foul Appearance"),
        (ids[3], FRONKELHEIM, 1, "misses the next game"),
    ]
    after = _players(demo, game)
    assert _gained(after[ids[0]]) == {"Pro"} and after[ids[0]].value == before[ids[0]].value + 20_000
    assert after[ids[0]].advancements == 0 and after[ids[0]].level == before[ids[0]].level
    assert {"Loner (2+)"} == _gained(after[ids[1]]) and after[ids[1]].value == before[ids[1]].value
    assert _gained(after[ids[2]]) == {"Foul Appearance"}
    assert after[ids[2]].value == before[ids[2]].value + 20_000
    assert after[ids[3]].misses_next_game and not _gained(after[ids[3]])
    # a correction takes the kept skills away with the rest of the post-game
    fixed = blank_result(demo.match_day.get(fid).snapshots)
    demo.match_day.correct(fid, fixed, "no coaching staff was hired after all")
    corrected = _players(demo, game)
    assert not _gained(corrected[ids[0]]) and not _gained(corrected[ids[2]])
    assert not corrected[ids[3]].misses_next_game


def test_an_ayleen_journeyman_hired_keeps_his_skills_for_10000_more_each(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None]
) -> None:
    game = fixtures[0]
    home = demo.teams.get_team(game.home or "")
    demo.roster.fire_player(home.players[-1].id)

    def trained(doc: dict[str, Any]) -> None:
        kid = next(p for p in doc["players"] if p["id"] == "journeyman:home:1")
        kid["staff"] = [[AYLEEN, "Dodge"], [AYLEEN, "Sprint"]]

    _recorded(demo, game, trained)
    give_gold(home.id, 250_000)
    away_mvp = player(blank_result(demo.match_day.get(game.id or 0).snapshots), "away")["id"]
    view = demo.match_day.postgame(
        game.id or 0, seed=1, hire=["journeyman:home:1"], mvp=["journeyman:home:1", away_mvp]
    )
    post = view.value.postgame
    assert post is not None
    hired_row = post["hired"][0]
    hired = _players(demo, game)[hired_row["player_id"]]
    fee = load_ruleset("bb2020").team(home.race).position(hired.position).cost
    assert _gained(hired) == {"Dodge", "Sprint"} and hired.advancements == 0
    assert hired_row["cost"] == hired.value == fee + 2 * 10_000


def test_jorm_s_fan_factor_loss_reaches_the_winnings(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    pre = demo.match_day.pregame(game.id or 0, seed=4).value
    factors = [pre.pregame["teams"][side]["fan_factor"] for side in ("home", "away")]
    doc = blank_result(pre.snapshots)
    doc["home"]["fan_factor"] = factors[0] + 1
    with pytest.raises(RuleViolations, match="can only lower it"):
        demo.match_day.record(game.id or 0, doc)
    doc["home"]["fan_factor"], doc["away"]["fan_factor"] = max(0, factors[0] - 1), max(0, factors[1] - 1)
    demo.match_day.record(game.id or 0, doc)
    mvps = [player(doc, "home", 0)["id"], player(doc, "away", 0)["id"]]
    post = demo.match_day.postgame(game.id or 0, seed=1, mvp=mvps).value.postgame
    assert post is not None
    attendance = max(0, factors[0] - 1) + max(0, factors[1] - 1)
    assert post["teams"]["home"]["attendance"] == attendance < sum(factors)

"""Pre-game: snapshots, every roll with its source, journeymen, inducements and petty cash, prayers."""

from collections.abc import Callable

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.model import Ruleset
from league_manager.services.facade import Services
from league_manager.services.match_day.inducements import Purchase, price
from league_manager.services.season_read_models import FixtureView


def test_pregame_records_rolls_and_snapshots(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    view = demo.match_day.pregame(game.id or 0, seed=7, typed=[2, 3]).value
    assert view.stage == "pre_game" and view.fixture_status == "in_progress"
    rolls = view.pregame["rolls"]
    assert [(r["result"], r["source"]) for r in rolls[:2]] == [(2, "typed"), (3, "typed")]
    assert all(r["source"] == "program" for r in rolls[2:])
    assert [r["label"] for r in rolls][:4] == [f"fan factor {game.home}", f"fan factor {game.away}",
                                              "weather", "weather"]  # fmt: skip
    home = view.pregame["teams"]["home"]
    assert home["fans_roll"] == 2 and home["fan_factor"] == 2 + home["dedicated_fans"]
    assert view.snapshots["home"]["fan_factor"] == home["fan_factor"]
    assert len(view.snapshots["home"]["players"]) == 11
    assert view.pregame["weather"]["result"] and view.pregame["kick_off"]["kicking"] in {"home", "away"}
    # later roster edits never change the snapshot
    team = demo.teams.get_team(game.home or "")
    demo.roster.rename_player(team.players[0].id, "Renamed Later")
    again = demo.match_day.get(game.id or 0)
    assert again.snapshots == view.snapshots


def test_pregame_refuses_twice_and_bad_typed_dice(demo: Services, fixtures: list[FixtureView]) -> None:
    with pytest.raises(RuleViolation, match="not a D3"):
        demo.match_day.pregame(fixtures[0].id or 0, typed=[5])
    with pytest.raises(RuleViolation, match="were left over"):
        demo.match_day.pregame(fixtures[0].id or 0, typed=[1] * 40)
    demo.match_day.pregame(fixtures[0].id or 0, seed=1)
    with pytest.raises(RuleViolation, match="already"):
        demo.match_day.pregame(fixtures[0].id or 0, seed=1)


def test_journeymen_fill_the_team_to_eleven(demo: Services, fixtures: list[FixtureView]) -> None:
    game = fixtures[0]
    team = demo.teams.get_team(game.home or "")
    demo.roster.fire_player(team.players[-1].id)
    demo.roster.fire_player(team.players[-2].id)
    view = demo.match_day.pregame(game.id or 0, seed=3).value
    home = view.pregame["teams"]["home"]
    assert len(home["journeymen"]) == 2
    players = view.snapshots["home"]["players"]
    assert len(players) == 11
    journeymen = [p for p in players if p["journeyman"]]
    assert [p["id"] for p in journeymen] == ["journeyman:home:1", "journeyman:home:2"]
    assert all("Loner (4+)" in p["skills"] for p in journeymen)
    assert home["ctv"] == demo.teams.get_team(game.home or "").current_team_value + sum(
        j["value"] for j in home["journeymen"]
    )


def test_inducements_favourite_pays_treasury_underdog_petty_cash(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None]
) -> None:
    game = next(f for f in fixtures if {f.home, f.away} == {"Middenheim Marauders", "Gutrot Ironjaws"})
    orcs = demo.teams.get_team("Gutrot Ironjaws")  # CTV 1,000,000: the favourite
    humans = demo.teams.get_team("Middenheim Marauders")  # CTV 960,000: the underdog
    give_gold(orcs.id, 100_000)
    side = {game.home: "home", game.away: "away"}
    purchases = {
        side[orcs.name]: [Purchase("Bloodweiser Kegs")],
        side[humans.name]: [Purchase.parse("Temp Agency Cheerleaders=4")],
    }
    view = demo.match_day.pregame(game.id or 0, seed=5, purchases=purchases).value
    fav = view.pregame["teams"][side[orcs.name]]["inducements"]
    dog = view.pregame["teams"][side[humans.name]]["inducements"]
    assert (fav["role"], fav["paid_from_treasury"], fav["petty_cash"]) == ("favourite", 50_000, 0)
    # errata: the underdog gets the CTV gap plus what the favourite spent, adds no treasury, loses the rest
    assert (dog["role"], dog["petty_cash"], dog["spent"]) == ("underdog", 40_000 + 50_000, 80_000)
    assert (dog["paid_from_treasury"], dog["petty_cash_lost"]) == (0, 10_000)
    assert demo.teams.get_team(humans.name).treasury == humans.treasury
    assert demo.teams.get_team(orcs.name).treasury == 50_000
    rows = [r for r in demo.teams.treasury_ledger(orcs.name) if r.fixture_id == game.id]
    assert [(r.amount, r.source) for r in rows] == [(-50_000, "inducement")]
    snap = view.snapshots[side[humans.name]]
    assert snap["cheerleaders"] == humans.cheerleaders + 4


def test_bad_inducements_change_nothing(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None]
) -> None:
    game = next(f for f in fixtures if {f.home, f.away} == {"Middenheim Marauders", "Gutrot Ironjaws"})
    side = {game.home: "home", game.away: "away"}
    give_gold(demo.teams.get_team("Gutrot Ironjaws").id, 400_000)
    orcs = side["Gutrot Ironjaws"]
    cases = [
        ([Purchase("Golden Goose")], "neither an inducement"),
        ([Purchase("Bloodweiser Kegs", 3)], "at most 2"),
        ([Purchase("Barik Farblast")], "does not play for"),
        ([Purchase("Extra Team Training", 5)], "may spend"),
        ([Purchase("Special Plays")], "Special Play cards are not part of the rules"),
        ([Purchase("Giant (Mercenary)")], "four-square base, facing and scatter"),
    ]
    for buy, message in cases:
        with pytest.raises(RuleViolation, match=message):
            demo.match_day.pregame(game.id or 0, seed=1, purchases={orcs: buy})
    assert demo.teams.get_team("Gutrot Ironjaws").treasury == 400_000
    assert demo.seasons.get_fixture(game.id or 0).status == "scheduled"


def test_prayers_for_the_underdog_after_inducements(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None]
) -> None:
    game = next(f for f in fixtures if {f.home, f.away} == {"Middenheim Marauders", "Gutrot Ironjaws"})
    side = {game.home: "home", game.away: "away"}
    give_gold(demo.teams.get_team("Gutrot Ironjaws").id, 300_000)
    purchases = {side["Gutrot Ironjaws"]: [Purchase("Bribes", 2), Purchase("Bloodweiser Kegs")]}
    view = demo.match_day.pregame(game.id or 0, seed=9, purchases=purchases).value
    prayers = view.pregame["prayers"]
    dog = view.pregame["teams"][side["Middenheim Marauders"]]
    fav = view.pregame["teams"][side["Gutrot Ironjaws"]]
    assert prayers["gap"] == abs(fav["ctv_after_inducements"] - dog["ctv_after_inducements"])
    assert len(prayers["results"]) == prayers["gap"] // 50_000
    assert len({p["roll"] for p in prayers["results"]}) == len(prayers["results"])
    assert all(p["lasts"] for p in prayers["results"])


def test_a_star_player_plays_and_earns_no_spp(
    demo: Services, fixtures: list[FixtureView], give_gold: Callable[[int, int], None], ruleset: Ruleset
) -> None:
    game = next(f for f in fixtures if {f.home, f.away} == {"Middenheim Marauders", "Gutrot Ironjaws"})
    side = {game.home: "home", game.away: "away"}
    orcs = demo.teams.get_team("Gutrot Ironjaws")
    star = next(s for s in ruleset.stars_for(ruleset.team("orc")) if not s.pair)
    give_gold(orcs.id, star.cost)
    view = demo.match_day.pregame(
        game.id or 0, seed=3, purchases={side[orcs.name]: [Purchase(star.name)]}
    ).value
    ids = [p["id"] for p in view.snapshots[side[orcs.name]]["players"]]
    assert f"star:{star.name}" in ids and len(ids) == 12
    star_snap = next(p for p in view.snapshots[side[orcs.name]]["players"] if p["id"] == f"star:{star.name}")
    assert star_snap["special_rules"] == [star.special_rule] and star_snap["induced"]
    with pytest.raises(RuleViolation, match="already hired by the other team"):
        price_twice(ruleset, star.name)
    played = demo.match_day.play(game.id or 0, seed=5).value
    assert played.result is not None
    post = demo.match_day.postgame(game.id or 0, seed=5).value.postgame
    assert post is not None and all(not p["id"].startswith("star:") for p in post["players"])


def price_twice(ruleset: Ruleset, name: str) -> None:
    orc = ruleset.team("orc")
    price(ruleset, orc, None, {}, [Purchase(name)], opponent_stars=[name])


def test_star_pairs_and_star_limits(ruleset: Ruleset) -> None:
    pair = next(s for s in ruleset.star_players.values() if s.pair)
    team = next(t for t in ruleset.teams.values() if pair.plays_for_team(t))
    lines = price(ruleset, team, None, {}, [Purchase(pair.name)])
    assert lines[0].unit_cost == pair.pair_cost
    partner = next(s for s in ruleset.star_players.values() if s.pair == pair.pair and s.name != pair.name)
    with pytest.raises(RuleViolation, match="hired together"):
        price(ruleset, team, None, {}, [Purchase(pair.name), Purchase(partner.name)])
    others = [s for s in ruleset.stars_for(team) if not s.pair][:2]
    # errata: a pair is one star choice, so a pair and one other star fit the two places
    lines = price(ruleset, team, None, {}, [Purchase(pair.name), Purchase(others[0].name)])
    assert [line.name for line in lines] == [pair.name, others[0].name]
    with pytest.raises(RuleViolation, match="at most 2 of kind 'star'"):
        price(ruleset, team, None, {}, [Purchase(pair.name), *(Purchase(s.name) for s in others)])

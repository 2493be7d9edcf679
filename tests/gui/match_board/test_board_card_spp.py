"""The player card shows career SPP and the SPP still needed for the next advancement."""

from __future__ import annotations

import dataclasses

from league_manager.match.engine import Match
from league_manager.match.state import PlayerStats
from league_manager.match.teams import PlayerSnapshot, TeamSnapshot
from league_manager.rules.dice import BoardDice
from league_manager.rules.loader import load_ruleset
from league_manager.ui.match_board.hud import career_line, match_spp, player_card
from league_manager.ui.match_board.practice import practice_teams


def test_career_spp_and_the_next_advancement_are_on_the_card() -> None:
    ruleset = load_ruleset("bb2020")
    home, away = practice_teams()
    first = dataclasses.replace(home.players[0], spp=1, advancements=3)
    home = dataclasses.replace(home, players=(first, *home.players[1:]))
    match = Match(home, away, dice=BoardDice(1), ruleset=ruleset)
    card = player_card(match, 0, ruleset)
    cost = min(ruleset.advancement.cost(4, kind) for kind in ruleset.advancement.kinds)
    assert cost > 4
    assert f"Career SPP 1 · next advancement at {cost} SPP ({cost - 1} to go)" in card
    match.state.stats[0].td = 1  # a touchdown this match: 3 SPP more
    assert f"Career SPP 1 (+3 this match = 4) · next advancement at {cost} SPP ({cost - 4} to go)" in (
        player_card(match, 0, ruleset)
    )


def test_the_line_says_when_an_advancement_is_open_or_none_is_left() -> None:
    ruleset = load_ruleset("bb2020")
    rules = ruleset.advancement
    cost = min(rules.cost(1, kind) for kind in rules.kinds)
    assert career_line(cost, 0, 0, ruleset).endswith(f"next advancement ({cost} SPP) open")
    assert career_line(90, 0, rules.max_advancements, ruleset).endswith("no further advancements")


def test_the_snapshot_carries_career_spp_through_its_json_form() -> None:
    home, _away = practice_teams()
    player = dataclasses.replace(home.players[0], spp=12)
    again = PlayerSnapshot.from_dict(player.to_dict())
    assert again.spp == 12 and again == player
    data = home.players[1].to_dict()
    assert "spp" not in data  # records from before carry none, and read as 0
    assert TeamSnapshot.from_dict(home.to_dict()).players[1].spp == 0


def test_this_matchs_spp_follow_the_editions_awards_for_the_team() -> None:
    stats = PlayerStats()
    stats.td, stats.cas, stats.defl = 1, 1, 1
    bb2020, bb2025 = load_ruleset("bb2020"), load_ruleset("bb2025")
    assert match_spp(stats, "human", bb2020) == 3 + 2 + 1
    assert match_spp(stats, "human", bb2025) == 3 + 2  # no SPP for a deflection in Season 3
    assert match_spp(stats, "blackorc", bb2025) == 2 + 3  # Brawlin' Brutes
    assert match_spp(stats, "human", None) == 3 + 2 + 1

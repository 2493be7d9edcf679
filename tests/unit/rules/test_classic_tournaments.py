"""Classic (LRB 2004) tournaments: play-offs, draws, challenges and prizes (seed 001 lines 2003-2123)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic_tournaments.challenges import (
    Challenge,
    check_challenge,
    check_substitute,
    refused,
    substitute_declined,
)
from league_manager.rules.classic_tournaments.playoffs import (
    PlayoffMatch,
    check_entries,
    check_pairing,
    draw_ties,
    final_placings,
    playoff_table,
    qualifiers,
    result_points,
)
from league_manager.rules.classic_tournaments.prizes import (
    check_minor_prizes,
    extra_handicap_rolls,
    final_mvps,
    holder_match_bonus,
    major_prize,
    player_of_the_year,
    trophy_rerolls,
    wizard_cost,
)
from league_manager.rules.classic_tournaments.tables import ClassicTournaments, load_tournaments
from league_manager.rules.dice import ScriptedDice

REF = Path(__file__).resolve().parents[2] / "data" / "reference" / "lrb2004" / "tournaments.yaml"


@pytest.fixture(scope="module")
def t() -> ClassicTournaments:
    return load_tournaments()


def test_the_data_matches_the_reference(t: ClassicTournaments) -> None:
    ref = yaml.safe_load(REF.read_text(encoding="utf-8"))
    prizes = {p["tournament"]: p for p in ref["prizes"]}
    for name, (winner, runner_up) in t.prizes.items():
        assert (winner, runner_up) == (prizes[name]["winner"], prizes[name]["runner_up"])
    assert [(r.winner, r.runner_up) for r in t.chaos_cup_split] == [
        (r["winner"], r["runner_up"]) for r in prizes["Chaos Cup"]["table"]
    ]
    points = ref["format"]["play_offs"]["points"]
    assert (t.playoffs.win, t.playoffs.loss, t.playoffs.draw) == (points["win"], points["loss"], 10)
    assert t.minor_prize_cap == 150_000 and t.refused_challenge_score == (2, 0)


def test_one_team_per_coach_and_no_repeat_opponent() -> None:
    check_entries({"Reavers": "ann", "Orcs": "bob"})
    with pytest.raises(RuleViolation, match="one team per coach"):
        check_entries({"Reavers": "ann", "Orcs": "bob", "Elves": "ann"})
    played = [PlayoffMatch("A", "B", 1, 0)]
    check_pairing(played, "A", "C")
    with pytest.raises(RuleViolation, match="never the same opponent"):
        check_pairing(played, "B", "A")
    with pytest.raises(RuleViolation):
        check_pairing(played, "A", "A")


def test_playoff_points_best_three_and_ties_by_rating(t: ClassicTournaments) -> None:
    rules = t.playoffs
    assert (result_points(3, 1, rules), result_points(0, 2, rules), result_points(1, 1, rules)) == (17, 3, 10)
    matches = [
        PlayoffMatch("A", "B", 2, 0), PlayoffMatch("A", "C", 1, 0), PlayoffMatch("A", "D", 0, 1),
        PlayoffMatch("A", "E", 3, 0), PlayoffMatch("B", "C", 1, 1),
    ]  # fmt: skip
    ratings = {"A": 150, "B": 120, "C": 130, "D": 100, "E": 110}
    table = playoff_table(ratings, matches, rules)
    a = table[0]
    assert (a.team, a.points, set(a.counted)) == (
        "A",
        17 + 16 + 18,
        {"B", "C", "E"},
    )  # the 0-1 loss is dropped
    # B: lost 0-2 (3) + drew (10) = 13; C: lost 0-1 (4) + drew (10) = 14; D: won 1-0 (16); E: lost 0-3 (2)
    assert [(s.team, s.points) for s in table] == [("A", 51), ("D", 16), ("C", 14), ("B", 13), ("E", 2)]
    chosen = playoff_table(ratings, matches, rules, put_forward={"A": ["D"]})
    assert next(s for s in chosen if s.team == "A").points == 4
    with pytest.raises(RuleViolation, match="at most 3"):
        playoff_table(ratings, matches, rules, put_forward={"A": ["B", "C", "D", "E"]})
    with pytest.raises(RuleViolation, match="did not play"):
        playoff_table(ratings, matches, rules, put_forward={"D": ["B"]})
    tied = playoff_table({"X": 120, "Y": 140}, [PlayoffMatch("X", "Y", 1, 1)], rules)
    assert [s.team for s in tied] == ["Y", "X"]  # equal points: the higher rating first


def test_qualifiers_draw_between_exact_ties(t: ClassicTournaments) -> None:
    ratings = dict.fromkeys("ABCDEF", 100)
    matches = [PlayoffMatch("A", "B", 2, 0), PlayoffMatch("C", "D", 2, 0), PlayoffMatch("E", "F", 1, 1)]
    table = playoff_table(ratings, matches, t.playoffs)
    # A, C 17; E, F 10; B, D 3 -> the top four need no draw
    assert qualifiers(ScriptedDice([]), table, t.playoffs) == ("A", "C", "E", "F")
    tied = playoff_table(dict.fromkeys("ABCDE", 100), [], t.playoffs)
    assert qualifiers(ScriptedDice([(5, "play-off tie"), 1, 2, 1]), tied, t.playoffs) == ("E", "A", "C", "B")
    with pytest.raises(RuleViolation, match="8 teams go through"):
        qualifiers(ScriptedDice([]), table, t.playoffs, quarter_finals=True)


def test_semi_and_quarter_final_draws() -> None:
    assert draw_ties(ScriptedDice([(3, "draw"), 1, 1]), ["A", "B", "C", "D"]) == (("C", "A"), ("B", "D"))
    eight = draw_ties(ScriptedDice([8, 1, 6, 1, 3, 1, 1]), list("ABCDEFGH"))
    assert sorted(team for pair in eight for team in pair) == list("ABCDEFGH") and len(eight) == 4
    with pytest.raises(RuleViolation):
        draw_ties(ScriptedDice([]), ["A", "B", "C"])


def test_final_placings_with_and_without_the_third_place_match() -> None:
    assert final_placings("A", "B", ("C", "D")) == {1: ("A",), 2: ("B",), 3: ("C", "D")}
    assert final_placings("A", "B", ("C", "D"), third_place="D") == {
        1: ("A",),
        2: ("B",),
        3: ("D",),
        4: ("C",),
    }
    with pytest.raises(RuleViolation):
        final_placings("A", "B", ("C", "D"), third_place="A")


def test_written_challenges(t: ClassicTournaments) -> None:
    entrants = {"A", "B", "C", "D"}
    played = [PlayoffMatch("A", "C", 1, 0)]
    challenge = Challenge("A", "B", week=1)
    check_challenge(challenge, [], entrants, played)
    with pytest.raises(RuleViolation, match="one a week"):
        check_challenge(Challenge("A", "D", 1), [challenge], entrants, played)
    check_challenge(Challenge("A", "D", 2), [challenge], entrants, played)
    with pytest.raises(RuleViolation, match="weeks 1-3"):
        check_challenge(Challenge("A", "D", 4), [], entrants, played)
    with pytest.raises(RuleViolation, match="already played"):
        check_challenge(Challenge("C", "A", 1), [], entrants, played)
    with pytest.raises(RuleViolation, match="not in the tournament"):
        check_challenge(Challenge("A", "Z", 1), [], entrants, played)
    refusal = refused(challenge, t.refused_challenge_score)
    assert (refusal.home, refusal.away, refusal.home_score, refusal.away_score, refusal.no_rewards) == (
        "A", "B", 2, 0, True,
    )  # fmt: skip
    check_substitute(challenge, "D", entrants, played)
    with pytest.raises(RuleViolation, match="already played"):
        check_substitute(challenge, "C", entrants, played)
    with pytest.raises(RuleViolation):
        check_substitute(challenge, "B", entrants, played)
    loss = substitute_declined(challenge, "D", t.refused_challenge_score)
    assert (loss.home, loss.away, loss.home_score, loss.away_score, loss.no_rewards) == ("A", "D", 0, 2, True)
    # a refused challenge is a played pairing: no repeat
    with pytest.raises(RuleViolation):
        check_pairing([refusal], "B", "A")


@pytest.mark.parametrize(
    ("team", "die", "winner", "runner_up"),
    [("human", 2, 100_000, 250_000), ("chaos", 2, 200_000, 150_000), ("dwarf", 3, 100_000, 250_000),
     ("norse", 6, 300_000, 50_000), ("wood_elf", 1, 100_000, 250_000), ("orc", 5, 300_000, 50_000)],
)  # fmt: skip
def test_the_chaos_cup_split(t: ClassicTournaments, team: str, die: int, winner: int, runner_up: int) -> None:
    prize = major_prize(ScriptedDice([(die, "chaos cup")]), "Chaos Cup", team, t)
    assert (prize.split_die, prize.winner_gold, prize.runner_up_gold) == (die, winner, runner_up)
    assert prize.winner_gold + prize.runner_up_gold == t.chaos_cup_total


def test_major_prizes_and_benefits(t: ClassicTournaments) -> None:
    spike = major_prize(ScriptedDice([(4, "spike fan factor")]), "Spike! Magazine Trophy", "human", t)
    assert (spike.winner_gold, spike.runner_up_gold, spike.fan_factor_die) == (200_000, 100_000, 4)
    bowl = major_prize(ScriptedDice([]), "Blood Bowl", "orc", t)
    assert (bowl.winner_gold, bowl.runner_up_gold, bowl.fan_factor_die) == (350_000, 150_000, None)
    assert major_prize(ScriptedDice([]), "Dungeonbowl", "orc", t).winner_gold == 150_000
    with pytest.raises(RuleViolation, match="not a Major"):
        major_prize(ScriptedDice([]), "Far Albion", "orc", t)
    held = ["Chaos Cup", "Blood Bowl", "Far Albion"]
    assert trophy_rerolls(held) == 2 and trophy_rerolls(["Far Albion"]) == 0
    assert extra_handicap_rolls(held) == 1 and extra_handicap_rolls(["Blood Bowl"]) == 0
    assert holder_match_bonus(held, t) == 20_000 and holder_match_bonus(["Chaos Cup"], t) == 0
    assert final_mvps("Blood Bowl", ["p1", "p2"]) == ("p1", "p2") and final_mvps("Dungeonbowl", ["p1"]) == ()


def test_dungeonbowl_wizard_contract(t: ClassicTournaments) -> None:
    assert wizard_cost(50_000, True, False, t) == 50_000
    assert wizard_cost(50_000, False, True, t) == 25_000  # even for a team that may not hire one
    with pytest.raises(RuleViolation):
        wizard_cost(50_000, False, False, t)


def test_player_of_the_year() -> None:
    players = [("p1", "A", 40), ("p2", "B", 90), ("p3", "C", 90)]
    assert player_of_the_year(ScriptedDice([(1, "player of the year")]), players) == ("p2", "B")
    assert player_of_the_year(ScriptedDice([]), players[:2]) == ("p2", "B")
    assert player_of_the_year(ScriptedDice([]), []) is None


def test_minor_tournament_prize_cap(t: ClassicTournaments) -> None:
    check_minor_prizes(80_000, 40_000, t)  # Far Albion
    check_minor_prizes(100_000, 50_000, t)
    with pytest.raises(RuleViolation, match="at most 150000"):
        check_minor_prizes(100_000, 60_000, t)
    with pytest.raises(RuleViolation):
        check_minor_prizes(-1, 0, t)

"""The open play-offs: no fixture list, never the same opponent twice, each team scored on its
three best results (15 a win, 5 a loss, + touchdowns for, - against), ties by team rating;
then the quarter-/semi-final draws and the final placings (with the optional third-place match).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic_tournaments.tables import PlayoffRules
from league_manager.rules.dice import Dice
from league_manager.rules.postgame.mvp import pick_mvp


@dataclass(frozen=True, slots=True)
class PlayoffMatch:
    """A play-off result; ``no_rewards`` marks a refused challenge (no SPP, cash or fan factor)."""

    home: str
    away: str
    home_score: int
    away_score: int
    no_rewards: bool = False

    def seen_by(self, team: str) -> tuple[str, int, int]:
        """``(opponent, scored, conceded)`` from ``team``'s side."""
        if team == self.home:
            return self.away, self.home_score, self.away_score
        return self.home, self.away_score, self.home_score


@dataclass(frozen=True, slots=True)
class PlayoffStanding:
    """A team's play-off score: its points, the opponents of the results counted, its rating."""

    team: str
    points: int
    counted: tuple[str, ...]
    rating: int


def check_entries(entries: Mapping[str, str]) -> None:
    """One team per coach in a tournament (``entries``: team -> coach).

    Raises:
        RuleViolation: a coach entered two or more teams.
    """
    seen: dict[str, str] = {}
    for team, coach in entries.items():
        if coach in seen:
            raise RuleViolation("tournament", f"{coach} already entered {seen[coach]}: one team per coach")
        seen[coach] = team


def check_pairing(matches: Sequence[PlayoffMatch], home: str, away: str) -> None:
    """Refuse a play-off match between two teams that have met already (or a team with itself).

    Raises:
        RuleViolation: the teams are the same or have played each other in these play-offs.
    """
    if home == away:
        raise RuleViolation("play-offs", "a team cannot play itself")
    if any({m.home, m.away} == {home, away} for m in matches):
        raise RuleViolation(
            "play-offs", f"{home} and {away} have already played: never the same opponent twice"
        )


def result_points(scored: int, conceded: int, rules: PlayoffRules) -> int:
    """One result's play-off points: the win/draw/loss points plus touchdowns for, minus against."""
    base = rules.win if scored > conceded else rules.loss if scored < conceded else rules.draw
    return base + scored - conceded


def standing(
    team: str,
    matches: Sequence[PlayoffMatch],
    rating: int,
    rules: PlayoffRules,
    put_forward: Collection[str] | None,
) -> PlayoffStanding:
    """A team's play-off score from the results its coach puts forward (by opponent; the best
    ``results_counted`` results when ``put_forward`` is None).

    Raises:
        RuleViolation: more results than allowed, or an opponent the team did not play.
    """
    own = {
        opp: result_points(s, c, rules)
        for opp, s, c in (m.seen_by(team) for m in matches if team in (m.home, m.away))
    }
    if put_forward is None:
        chosen = sorted(own, key=lambda opp: -own[opp])[: rules.results_counted]
    else:
        if len(put_forward) > rules.results_counted:
            raise RuleViolation("play-offs", f"at most {rules.results_counted} results may be put forward")
        missing = [opp for opp in put_forward if opp not in own]
        if missing:
            raise RuleViolation("play-offs", f"{team} did not play {', '.join(missing)}")
        chosen = list(put_forward)
    return PlayoffStanding(team, sum(own[opp] for opp in chosen), tuple(chosen), rating)


def playoff_table(
    ratings: Mapping[str, int],
    matches: Sequence[PlayoffMatch],
    rules: PlayoffRules,
    put_forward: Mapping[str, Collection[str]] | None = None,
) -> tuple[PlayoffStanding, ...]:
    """Every entrant's standing, best first: points, then the higher team rating.

    Args:
        ratings: each entrant's team rating, keyed by team.
        matches: the play-off results.
        rules: the scoring.
        put_forward: per team, the opponents of the results its coach chose (default: the best).
    """
    chosen = put_forward or {}
    table = [standing(team, matches, rating, rules, chosen.get(team)) for team, rating in ratings.items()]
    return tuple(sorted(table, key=lambda s: (-s.points, -s.rating)))


def qualifiers(
    dice: Dice, table: Sequence[PlayoffStanding], rules: PlayoffRules, *, quarter_finals: bool = False
) -> tuple[str, ...]:
    """The teams that go through: the top four (eight with a quarter-final stage).

    Teams tied on points and rating across the cut are drawn between at random (label
    ``play-off tie``).

    Raises:
        RuleViolation: too few entrants for the stage.
    """
    places = rules.semi_finalists * (2 if quarter_finals else 1)
    if len(table) < places:
        raise RuleViolation("play-offs", f"{places} teams go through but only {len(table)} entered")
    key = [(s.points, s.rating) for s in table]
    cut = key[places - 1]
    sure = [s.team for s, k in zip(table, key, strict=True) if k > cut]
    tied = [s.team for s, k in zip(table, key, strict=True) if k == cut]
    return tuple(sure) + draw_order(dice, tied, places - len(sure), "play-off tie")


def draw_order(dice: Dice, teams: Sequence[str], count: int, label: str) -> tuple[str, ...]:
    """``count`` of ``teams`` drawn one by one at random (all of them, in order, when no draw is needed)."""
    if count >= len(teams):
        return tuple(teams)
    left = list(teams)
    drawn: list[str] = []
    while len(drawn) < count:
        index = pick_mvp(range(len(left)), dice, label)
        assert index is not None  # left is not empty
        drawn.append(left.pop(index))
    return tuple(drawn)


def draw_ties(dice: Dice, teams: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The random draw of quarter- or semi-final pairs (label ``draw``): 8 teams or 4.

    Raises:
        RuleViolation: the number of teams is not 4 or 8.
    """
    if len(teams) not in (4, 8):
        raise RuleViolation("draw", f"quarter- and semi-finals are drawn from 8 or 4 teams, not {len(teams)}")
    order = draw_order(dice, teams, len(teams) - 1, "draw")
    order += tuple(t for t in teams if t not in order)
    return tuple((order[i], order[i + 1]) for i in range(0, len(order), 2))


def final_placings(
    winner: str, runner_up: str, semi_losers: tuple[str, str], third_place: str | None = None
) -> dict[int, tuple[str, ...]]:
    """The placings: 1st and 2nd from the final; 3rd/4th from the optional third-place match
    (``third_place`` is its winner), or shared 3rd when it is not played.

    Raises:
        RuleViolation: the third-place winner is not one of the semi-final losers.
    """
    if third_place is None:
        return {1: (winner,), 2: (runner_up,), 3: semi_losers}
    if third_place not in semi_losers:
        raise RuleViolation("third place", f"{third_place} did not lose a semi-final")
    fourth = semi_losers[1] if third_place == semi_losers[0] else semi_losers[0]
    return {1: (winner,), 2: (runner_up,), 3: (third_place,), 4: (fourth,)}

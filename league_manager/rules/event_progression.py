"""The post-game between rounds of an event, when the organiser turns it on.

BB2020 exhibition play lets an event skip the post-game sequence (seed 003, "in exhibition
play, the post-game sequence need not be completed"). With the event setting
``between_rounds = "progression"`` step 3 alone is played between rounds: the players of each
game earn SPP (the league's awards: TD 3, CAS 2, completion 1, deflection 1, interception 2,
MVP 4) and spend them on skills for the later rounds. Gold, dedicated fans, hiring and
injuries are not carried (our reading; see docs/rules-decisions.md).

Pure: the service stores what is earned and spent on the entry and calls these checks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from league_manager.core.errors import RuleViolation

BETWEEN_ROUNDS: tuple[str, ...] = ("none", "progression")
"""The organiser's choices: no post-game, or SPP earned and advancements spent."""

SPP_EVENTS: Mapping[str, str] = {
    "td": "TD",
    "cas": "CAS",
    "comp": "COMP",
    "int": "INT",
    "def": "DEF",
    "mvp": "MVP",
}
"""What a coach reports on the slip -> the ruleset's SPP award key."""

OFF = (
    "the organiser has not turned on the post-game between rounds (event create --between-rounds progression)"
)
"""Why SPP and advancements are refused in an event with ``between_rounds = "none"``."""

ADVANCE_KINDS: tuple[str, ...] = ("chosen_primary", "chosen_secondary", "random_primary", "random_secondary")
"""The advancements offered between rounds (characteristics are not: see the decisions)."""


@dataclass(frozen=True, slots=True)
class SppEvent:
    """One thing a player did that earns SPP: player ``number`` (as on the roster), ``kind``."""

    number: int
    kind: str


def parse_spp(text: str) -> list[SppEvent]:
    """Read ``"3:td, 3:td, 5:cas, 2:mvp"`` (players numbered as on the roster).

    Raises:
        RuleViolation: a part is not PLAYER:KIND, or the kind is unknown.
    """
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        number, sep, kind = part.partition(":")
        kind = kind.strip().casefold()
        if not sep or not number.strip().isdigit() or not kind:
            raise RuleViolation("SPP", f"'{part}' is not PLAYER:KIND (e.g. 3:td)")
        if kind not in SPP_EVENTS:
            raise RuleViolation("SPP", f"'{kind}' is not one of {', '.join(SPP_EVENTS)}")
        out.append(SppEvent(int(number), kind))
    return out


def check_game_spp(events: Sequence[SppEvent], players: int, touchdowns: int, casualties: int) -> None:
    """Check one side's SPP record of a game against its roster and its result.

    Touchdowns and casualties are at most those of the result (a casualty caused by the
    crowd or a failed dodge earns no SPP); one MVP at most (none: it is rolled).

    Raises:
        RuleViolation: a player who is not on the roster, more TDs or casualties than the
            result has, or two MVPs.
    """
    for event in events:
        if not 1 <= event.number <= players:
            raise RuleViolation("SPP", f"no player {event.number} (players 1-{players})")
    if sum(1 for e in events if e.kind == "mvp") > 1:
        raise RuleViolation("MVP", "one MVP per team and game")
    scored = sum(1 for e in events if e.kind == "td")
    if scored > touchdowns:
        raise RuleViolation("SPP", f"{scored} touchdowns by players, but the result says {touchdowns}")
    caused = sum(1 for e in events if e.kind == "cas")
    if caused > casualties:
        raise RuleViolation("SPP", f"{caused} casualties by players, but the result says {casualties}")


def spp_of(events: Iterable[SppEvent], awards: Mapping[str, int]) -> dict[int, int]:
    """SPP earned per player number."""
    out: dict[int, int] = {}
    for event in events:
        out[event.number] = out.get(event.number, 0) + awards[SPP_EVENTS[event.kind]]
    return out


def check_spent(earned: Mapping[int, int], spent: Mapping[int, int]) -> None:
    """Refuse a record that leaves a player with fewer SPP than they spent.

    Raises:
        RuleViolation: the first player who spent more than they now have earned.
    """
    for number, cost in sorted(spent.items()):
        if cost > earned.get(number, 0):
            raise RuleViolation(
                "SPP",
                f"player {number} spent {cost} SPP on advancements but would have earned only "
                f"{earned.get(number, 0)} (take the advancement back first: event take-back)",
            )


def advance_round(rounds: int, next_round: int) -> int:
    """The round an advancement bought now is first played in.

    Args:
        rounds: the event's rounds.
        next_round: the first round whose game of this coach has no result yet.

    Raises:
        RuleViolation: nothing played yet, or no round left to play.
    """
    if next_round <= 1:
        raise RuleViolation("advancement", "advancements are spent between rounds: none is played yet")
    if next_round > rounds:
        raise RuleViolation("advancement", f"all {rounds} rounds are played: no later round to use it in")
    return next_round

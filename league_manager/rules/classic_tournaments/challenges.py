"""Written play-off challenges: at most one a week per coach; the challenged coach accepts,
refuses (a 2-0 win for the challenger, no SPP, cash or fan factor) or names a substitute who
has not yet played the challenger (whom the challenger must play, or lose 0-2)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from league_manager.core.errors import RuleViolation
from league_manager.rules.classic_tournaments.playoffs import PlayoffMatch, check_pairing

PLAYOFF_WEEKS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Challenge:
    """A written challenge issued in a play-off week."""

    challenger: str
    challenged: str
    week: int


def check_challenge(
    challenge: Challenge,
    earlier: Sequence[Challenge],
    entrants: Collection[str],
    matches: Sequence[PlayoffMatch],
) -> None:
    """Refuse a challenge the rules do not allow.

    Raises:
        RuleViolation: outside the play-off weeks, a team not entered, a second challenge by the
            same team that week, or two teams that have already played.
    """
    if challenge.week not in PLAYOFF_WEEKS:
        raise RuleViolation(
            "challenge", f"challenges are issued in play-off weeks 1-3, not week {challenge.week}"
        )
    for team in (challenge.challenger, challenge.challenged):
        if team not in entrants:
            raise RuleViolation("challenge", f"{team} is not in the tournament")
    if any(c.challenger == challenge.challenger and c.week == challenge.week for c in earlier):
        raise RuleViolation(
            "challenge", f"{challenge.challenger} has already challenged this week: one a week"
        )
    check_pairing(matches, challenge.challenger, challenge.challenged)


def refused(challenge: Challenge, score: tuple[int, int]) -> PlayoffMatch:
    """The refused challenge's result: a win for the challenger by ``score`` (2-0), no rewards."""
    return PlayoffMatch(challenge.challenger, challenge.challenged, score[0], score[1], no_rewards=True)


def check_substitute(
    challenge: Challenge, substitute: str, entrants: Collection[str], matches: Sequence[PlayoffMatch]
) -> None:
    """Refuse a substitute who is not in the tournament or has played the challenger already.

    Raises:
        RuleViolation: the substitute may not take the challenged team's place.
    """
    if substitute not in entrants:
        raise RuleViolation("substitute", f"{substitute} is not in the tournament")
    if substitute in (challenge.challenger, challenge.challenged):
        raise RuleViolation("substitute", "the substitute must be another team")
    check_pairing(matches, challenge.challenger, substitute)


def substitute_declined(challenge: Challenge, substitute: str, score: tuple[int, int]) -> PlayoffMatch:
    """The challenger will not play the substitute: he loses by the refusal score reversed (0-2)."""
    return PlayoffMatch(challenge.challenger, substitute, score[1], score[0], no_rewards=True)

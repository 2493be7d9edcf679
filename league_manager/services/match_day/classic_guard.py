"""Refusals for a classic (LRB 2004) fixture: the match engine does not play it.

The classic ruleset has no match engine yet; its matches are played on the tabletop and
their results entered. These checks run before anything is written.
"""

from __future__ import annotations

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.rules.model import Ruleset
from league_manager.services.base import league_ruleset
from league_manager.services.match_day.store import fixture_and_league


def fixture_ruleset(fixture_id: int, *, session: Session) -> Ruleset:
    """The ruleset the fixture's league is pinned to."""
    _fixture, league = fixture_and_league(fixture_id, session=session)
    return league_ruleset(league)


def is_classic_fixture(fixture_id: int, *, session: Session) -> bool:
    """True when the fixture's league plays a classic ruleset."""
    return fixture_ruleset(fixture_id, session=session).classic


def refuse_engine(fixture_id: int, what: str, *, session: Session) -> None:
    """Refuse engine play (``fixture play``, the board, season simulate) of a classic fixture.

    Raises:
        RuleViolation: the fixture's league plays a classic ruleset.
    """
    ruleset = fixture_ruleset(fixture_id, session=session)
    if ruleset.classic:
        raise RuleViolation(
            "engine",
            f"cannot {what}: fixture {fixture_id} is a {ruleset.name} fixture and the match engine "
            f"does not play {ruleset.id} yet; play it on the tabletop and record the result "
            f"(fixture set-result {fixture_id} ...)",
        )

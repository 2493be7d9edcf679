"""What a classic (LRB 2004) undo must take along or be refused for, from the other classic steps.

The handicap MVPs a pre-match drew (Bribe the Announcers at ``fixture pregame``, Inspiration at
``fixture inspire``, the Chaos Cup holder's extra result included) wrote SPP and ageing rows of
their own, listed per entry of the record's ``handicap_mvps``: the pre-match's undo reverses them
with its hires, and is refused while a Star Player roll they brought has been picked. A fixture
of a season whose tournament has been closed (``season classic-close``) keeps its post-match and
its score: the prize money, the Spike! fan factor and the trophy's holder were decided from them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.persistence.season_models import Fixture
from league_manager.services.classic_trophies import season_tournament

LEDGERS = ("treasury", "fans", "spp", "status")


def handicap_mvp_entries(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The handicap MVP entries of a pre-match record (both sides, in the order they were given)."""
    return [e for side in ("home", "away") for e in record.get("handicap_mvps", {}).get(side, [])]


def handicap_mvp_ledger_ids(record: Mapping[str, Any]) -> dict[str, list[int]]:
    """The ledger rows the pre-match's handicap MVPs wrote, per ledger (SPP, ageing statuses)."""
    ids: dict[str, list[int]] = {key: [] for key in LEDGERS}
    for entry in handicap_mvp_entries(record):
        for key, found in (entry.get("ledger_ids") or {}).items():
            ids.setdefault(key, []).extend(int(i) for i in found)
    return ids


def merge_ids(*parts: Mapping[str, Iterable[int]]) -> dict[str, list[int]]:
    """One ledger-id map from several (the hires' refund and the handicap MVPs' rows)."""
    merged: dict[str, list[int]] = {key: [] for key in LEDGERS}
    for part in parts:
        for key, found in part.items():
            merged.setdefault(key, []).extend(found)
    return merged


def picked_rolls(players: Iterable[Mapping[str, Any]], source: str, step: str) -> list[RuleViolation]:
    """One refusal per Star Player roll of ``players`` (record entries) the coach has picked.

    Args:
        players: player entries of a record (post-match players or handicap MVPs).
        source: what gave the roll, as the refusal names it ("this post-match", ...).
        step: the step that stays ("post-match", "pre-match").
    """
    return [
        RuleViolation(
            "Star Player roll",
            f"{p['name']} has taken his Star Player roll from {source} ({roll['pick']['name']}); "
            f"the {step} stays until the pick is taken back "
            f"(Undo Star Player pick… on his page, or player star-roll {p['player_id']} "
            "--undo --reason TEXT)",
        )
        for p in players
        for roll in p["star_player_rolls"]
        if roll["pick"] is not None
    ]


def handicap_mvp_picks(record: Mapping[str, Any]) -> list[RuleViolation]:
    """The handicap MVPs' Star Player rolls already picked: each keeps the pre-match."""
    return [
        problem
        for entry in handicap_mvp_entries(record)
        for problem in picked_rolls([entry], f"his {entry['handicap']} MVP", "pre-match")
    ]


def refuse_if_tournament_closed(fixture_id: int, what: str, *, session: Session) -> None:
    """A fixture of a season whose classic tournament is closed keeps its post-match and score.

    Args:
        fixture_id: the fixture.
        what: what was asked ("undo the post-match", "change the result").
        session: the caller's transaction.

    Raises:
        RuleViolation: the fixture's season named a tournament and ``season classic-close``
            closed it (prizes paid, the trophy's holder recorded from its results).
    """
    fixture = session.get(Fixture, fixture_id)
    if fixture is None:
        return
    tournament = season_tournament(fixture.season_id, session=session)
    if tournament is None or tournament.closed_at is None:
        return
    raise RuleViolation(
        "tournament",
        f"cannot {what} of fixture {fixture_id}: its season's {tournament.name} was closed "
        f"(season classic-close); its prizes and trophy holder stand on this season's results, "
        f"so they stay as played (a commissioner's adjust corrects a team)",
    )

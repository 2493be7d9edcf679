"""The coach's pick for a classic (LRB 2004) Star Player roll recorded by the post-match.

Each roll stays open in its fixture's post-match record (``pick`` None) until the coach picks
a skill, a trait (on a double) or the rolled characteristic; picks are made in the order the
rolls were made, checked with ``star_rolls.check_advance``. A pick is an advancement row that
costs no SPP (classic SPP are never spent) and adds no value (LRB 3 rates SPP instead).
"""

from __future__ import annotations

import json
from typing import Any, Literal

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.models import Advancement, Player, Team
from league_manager.rules.classic import load_classic
from league_manager.rules.classic_postmatch.star_rolls import Advance, StarPlayerRoll, check_advance
from league_manager.rules.classic_postmatch.tables import change_allowed, load_post_match
from league_manager.rules.model import Ruleset
from league_manager.services.player_models import StarRollChoice
from league_manager.services.team_views import build_team_views

STAR_PLAYER_ROLL = "star_player_roll"
"""``Advancement.kind`` of a classic Star Player roll's pick (no SPP, no value)."""

Kind = Literal["skill", "trait", "characteristic"]


def _pending(
    player_id: int, session: Session
) -> tuple[ClassicPreMatch, dict[str, Any], dict[str, Any]] | None:
    """The player's first Star Player roll still waiting for a pick: its row, record, roll."""
    rows = session.exec(select(ClassicPreMatch).order_by(col(ClassicPreMatch.id))).all()
    for row in rows:
        record = json.loads(row.record_json)
        for p in _rolling(record):  # the handicap MVPs' rolls came before the match's
            if p["player_id"] != player_id:
                continue
            for roll in p["star_player_rolls"]:
                if roll["pick"] is None:
                    return row, record, roll
    return None


def _open_rolls(player_id: int, session: Session) -> int:
    """How many of the player's Star Player rolls wait for a pick."""
    count = 0
    for row in session.exec(select(ClassicPreMatch)).all():
        record = json.loads(row.record_json)
        for p in _rolling(record):
            if p["player_id"] == player_id:
                count += sum(1 for r in p["star_player_rolls"] if r["pick"] is None)
    return count


def _rolling(record: dict[str, Any]) -> list[dict[str, Any]]:
    """A record's entries that carry Star Player rolls: the handicap MVPs' (before the match),
    then the post-match's players."""
    post = record.get("post_match")
    before = [p for entries in record.get("handicap_mvps", {}).values() for p in entries]
    after = [p for side in post["sides"].values() for p in side["players"]] if post else []
    return before + after


def star_roll_choice(player: Player, ruleset: Ruleset, *, session: Session) -> StarRollChoice | None:
    """The player's first open Star Player roll and the picks open to it now; None when none waits.

    Args:
        player: the classic player.
        ruleset: his league's ruleset (classic).
        session: the caller's transaction.
    """
    assert player.id is not None
    found = _pending(player.id, session)
    if found is None:
        return None
    _, _, roll = found
    classic = load_classic(ruleset.id)
    team = session.get(Team, player.team_id)
    assert team is not None
    view = next(p for p in build_team_views([team], session=session)[0].players if p.id == player.id)
    has = {s.name for s in view.skills} | set(classic.racial_characteristics)
    result = roll["result"]
    characteristic = (
        result
        if result != "skill"
        and change_allowed(result, 1, int(view.stats.get(result) or 0), int(view.base.get(result) or 0))
        else None
    )

    def open_in(
        pools: dict[str, tuple[str, ...]], categories: list[str]
    ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return tuple((c, tuple(n for n in pools.get(c, ()) if n not in has)) for c in categories)

    return StarRollChoice(
        player_id=player.id, player=player.name, level=roll["level"], dice=(roll["dice"][0], roll["dice"][1]),
        double=roll["double"], result=result, characteristic=characteristic,
        skills=open_in(classic.skill_categories, roll["skill_categories"]),
        traits=open_in(classic.trait_categories, roll["trait_categories"]),
        pending=_open_rolls(player.id, session),
    )  # fmt: skip


def pick_star_roll(player: Player, ruleset: Ruleset, kind: Kind, name: str, *, session: Session) -> str:
    """Record the coach's pick for the player's first open Star Player roll; returns what he gained.

    Args:
        player: the classic player.
        ruleset: his league's ruleset (classic).
        kind: skill, trait or characteristic.
        name: the skill or trait, or the characteristic (MA, ST, AG, AV) the roll gave.
        session: the caller's transaction.

    Raises:
        RuleViolation: no open roll, or a pick the roll does not allow.
    """
    found = _pending(player.id or 0, session)
    if found is None:
        raise RuleViolation("Star Player roll", f"{player.name} has no Star Player roll waiting for a pick")
    row, record, roll = found
    classic, tables = load_classic(ruleset.id), load_post_match(ruleset.id)
    team = session.get(Team, player.team_id)
    assert team is not None
    view = next(p for p in build_team_views([team], session=session)[0].players if p.id == player.id)
    result = roll["result"]
    allowed = result != "skill" and change_allowed(
        result, 1, int(view.stats.get(result) or 0), int(view.base.get(result) or 0)
    )
    level = next(lv for lv in tables.levels if lv.title == roll["level"])
    check_advance(
        StarPlayerRoll(level, (roll["dice"][0], roll["dice"][1]), result, roll["double"], allowed,
                       tuple(roll["skill_categories"]), tuple(roll["trait_categories"]), None),
        Advance(kind, name.upper() if kind == "characteristic" else name),
        classic,
        {s.name for s in view.skills},
    )  # fmt: skip
    characteristic = name.upper() if kind == "characteristic" else None
    session.add(Advancement(
        player_id=player.id or 0, kind=STAR_PLAYER_ROLL, skill=None if characteristic else name,
        characteristic=characteristic, spp_cost=0, value_increase=0, fixture_id=row.fixture_id,
    ))  # fmt: skip
    roll["pick"] = {"kind": kind, "name": characteristic or name}
    row.record_json = json.dumps(record)
    session.add(row)
    session.flush()
    return f"+{characteristic}" if characteristic else name

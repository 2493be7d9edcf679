"""Closing a season: prize money as treasury rows, the League Trophy, awards and the frozen final table.

The close is refused while any fixture of the season is open or a played fixture's
post-game (with its Expensive Mistakes step) is still to be applied: the league rules
pay the prize money after Expensive Mistakes, so it can never be lost to them. The
champion holds the League Trophy's free team re-roll until the league's next season
is closed (:func:`trophy_holders`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.persistence.match_day_models import MatchDay
from league_manager.persistence.models import TreasuryEntry
from league_manager.persistence.season_close_models import SeasonClose
from league_manager.persistence.season_models import OPEN_STATUSES, Fixture, FixtureResult, Round, Season
from league_manager.rules.playoffs import PRIZES_GP, prize_places
from league_manager.services.season_end_models import PrizeView, SeasonCloseView
from league_manager.services.season_store import members
from league_manager.services.season_tables import SettingValue, leaders, standings

PLACE_NAMES = {1: "first", 2: "second", 3: "third"}
TROPHY = "League Trophy: one free team re-roll (counts in TV) until the end of the league's next season"


def refuse_unless_closable(season: Season, *, session: Session) -> None:
    """Raise unless every fixture is decided and every post-game applied.

    Raises:
        RuleViolation: closed already, open fixtures, or a post-game still pending.
    """
    assert season.id is not None
    if session.exec(select(SeasonClose).where(SeasonClose.season_id == season.id)).first() is not None:
        raise RuleViolation("season", f"{season.name} is already closed")
    open_count = session.exec(
        select(func.count(col(Fixture.id))).where(
            Fixture.season_id == season.id, col(Fixture.status).in_(OPEN_STATUSES)
        )
    ).one()
    if open_count:
        raise RuleViolation(
            "season", f"{season.name} has {open_count} fixture(s) still open; decide them first"
        )
    pending = session.exec(
        select(func.count(col(MatchDay.id)))
        .join(Fixture, col(Fixture.id) == MatchDay.fixture_id)
        .where(
            Fixture.season_id == season.id,
            col(MatchDay.stage).in_(("pre_game", "in_progress", "result_entered")),
        )
    ).one()
    if pending:
        raise RuleViolation(
            "season",
            f"{pending} match day(s) of {season.name} have no post-game applied yet; the prize money is paid "
            "after the post-game's Expensive Mistakes",
        )


def _playoff_outcome(
    season_id: int, *, session: Session
) -> tuple[tuple[int, int] | None, int | None, list[int]]:
    """(final winner, loser), third-place winner and semi-final losers from the play-off fixtures."""
    rows = session.exec(
        select(Fixture, FixtureResult, Round.number)
        .join(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id)
        .join(Round, col(Round.id) == Fixture.round_id)
        .where(Fixture.season_id == season_id, Fixture.stage == "playoff", Fixture.status != "void")
    ).all()
    games = [(f, r, n) for f, r, n in rows if f.home_team_id is not None and f.away_team_id is not None]
    main = [g for g in games if not g[0].third_place]
    if not main:
        return None, None, []

    def loser(f: Fixture, r: FixtureResult) -> int:
        return f.away_team_id if r.winner_team_id == f.home_team_id else f.home_team_id  # type: ignore[return-value]

    last = max(n for _, _, n in main)
    final_games = [g for g in main if g[2] == last]
    f, r, _ = final_games[0]
    final = (r.winner_team_id, loser(f, r)) if r.winner_team_id is not None else None
    semis = [loser(sf, sr) for sf, sr, n in main if n == last - 1 and sr.winner_team_id is not None]
    third = next((r.winner_team_id for f, r, _ in games if f.third_place and r.winner_team_id), None)
    return final, third, semis


def _awards(
    season: Season, settings: Mapping[str, SettingValue], *, session: Session
) -> list[dict[str, Any]]:
    """The leader of each player and team board (every team or player sharing first place)."""
    view = leaders(season, settings, session=session, limit=3)
    awards = []
    for kind, boards in (("player", view.players), ("team", view.teams)):
        for board in boards:
            top = [e for e in board.entries if e.rank == 1]
            if top:
                awards.append({"kind": kind, "category": board.category, "label": board.label,
                               "winners": [e.to_dict() for e in top]})  # fmt: skip
    return awards


def plan_close(season: Season, settings: Mapping[str, SettingValue], *, session: Session) -> SeasonCloseView:
    """What closing ``season`` would pay and freeze, without writing anything.

    Raises:
        RuleViolation: see :func:`refuse_unless_closable`.
    """
    assert season.id is not None
    refuse_unless_closable(season, session=session)
    names = {m.team_id: m.name for m in members(season.id, session=session)}
    table = standings(season, settings, session=session).overall.rows
    final, third, semis = _playoff_outcome(season.id, session=session)
    places = prize_places(final, third, semis, [r.team_id for r in table if not r.withdrawn])
    prizes = tuple(
        PrizeView(team, names.get(team, str(team)), place, PRIZES_GP[place - 1],
                  f"{season.name}: {PLACE_NAMES[place]} place prize")
        for place, team in places
    )  # fmt: skip
    champion = next((p.team_id for p in prizes if p.place == 1), None)
    return SeasonCloseView(
        season.name, season.id, False, champion, names.get(champion) if champion else None, prizes,
        tuple(_awards(season, settings, session=session)), tuple(r.to_dict() for r in table), TROPHY,
    )  # fmt: skip


def close(season: Season, settings: Mapping[str, SettingValue], *, session: Session) -> SeasonCloseView:
    """Close ``season`` in the open transaction: prize rows, the frozen table and awards, status finished.

    Raises:
        RuleViolation: see :func:`refuse_unless_closable`.
    """
    assert season.id is not None
    plan = plan_close(season, settings, session=session)
    paid = []
    for prize in plan.prizes:
        entry = repo.add_treasury(prize.team_id, prize.amount, prize.reason, "prize", session=session)
        paid.append(PrizeView(prize.team_id, prize.team, prize.place, prize.amount, prize.reason, entry.id))
    session.add(SeasonClose(
        season_id=season.id, league_id=season.league_id, champion_team_id=plan.champion_id,
        table_json=json.dumps(list(plan.table)), awards_json=json.dumps(list(plan.awards)),
    ))  # fmt: skip
    season.status = "finished"
    session.add(season)
    session.flush()
    return SeasonCloseView(plan.season, plan.season_id, True, plan.champion_id, plan.champion, tuple(paid),
                           plan.awards, plan.table, plan.trophy)  # fmt: skip


def closed_view(season: Season, *, session: Session) -> SeasonCloseView | None:
    """The stored close of ``season`` (its frozen table and awards, the prize rows paid), or None."""
    assert season.id is not None
    row = session.exec(select(SeasonClose).where(SeasonClose.season_id == season.id)).first()
    if row is None:
        return None
    names = {m.team_id: m.name for m in members(season.id, session=session)}
    reasons = {f"{season.name}: {PLACE_NAMES[p]} place prize": p for p in PLACE_NAMES}
    entries = repo_prize_rows(list(names), tuple(reasons), session=session)
    prizes = tuple(PrizeView(e.team_id, names.get(e.team_id, str(e.team_id)), reasons[e.reason], e.amount,
                             e.reason, e.id) for e in entries)  # fmt: skip
    champion = row.champion_team_id
    return SeasonCloseView(season.name, season.id, True, champion, names.get(champion) if champion else None,
                           prizes, tuple(json.loads(row.awards_json)), tuple(json.loads(row.table_json)),
                           TROPHY)  # fmt: skip


def repo_prize_rows(
    team_ids: Sequence[int], reasons: Sequence[str], *, session: Session
) -> list[TreasuryEntry]:
    """The prize ledger rows of the teams with one of ``reasons``, oldest first."""
    return list(session.exec(
        select(TreasuryEntry).where(
            col(TreasuryEntry.team_id).in_(team_ids), TreasuryEntry.source == "prize",
            col(TreasuryEntry.reason).in_(reasons),
        ).order_by(col(TreasuryEntry.id))
    ).all())  # fmt: skip


def trophy_holders(league_ids: Sequence[int], *, session: Session) -> dict[int, str]:
    """Team id -> the season whose League Trophy it holds: the champion of each league's latest close."""
    holders: dict[int, str] = {}
    for league_id in set(league_ids):
        row = session.exec(
            select(SeasonClose, Season.name)
            .join(Season, col(Season.id) == SeasonClose.season_id)
            .where(SeasonClose.league_id == league_id)
            .order_by(col(SeasonClose.id).desc())
        ).first()
        if row is not None and row[0].champion_team_id is not None:
            holders[row[0].champion_team_id] = row[1]
    return holders

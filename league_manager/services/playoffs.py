"""A season's play-off qualifiers and seeds (the rules' qualification plus the commissioner's overrides).

The division tables come from :func:`~league_manager.services.season_tables.ranked`;
:mod:`league_manager.rules.playoffs` picks and seeds the qualifiers; the latest
:class:`PlayoffSeed` row of a team moves it to the seed the commissioner chose.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from sqlmodel import Session, col, select

from league_manager.persistence.season_close_models import PlayoffSeed
from league_manager.persistence.season_models import Season
from league_manager.rules.playoffs import Qualifier, override, qualify
from league_manager.services.season_end_models import PlayoffsView, QualifierView
from league_manager.services.season_store import members
from league_manager.services.season_tables import SettingValue, ranked


def rule_text(division_count: int, four_divisions: str) -> str:
    """The qualification rule applied, in words."""
    if division_count <= 1:
        return "the top four of the table qualify"
    if division_count == 2 or (division_count == 4 and four_divisions == "top_two"):
        return "the top two of each division qualify"
    if division_count == 3:
        return "each division winner and the best second place (wild card) qualify"
    return "each division winner qualifies" + (", with the best seconds as wild cards" * (division_count > 4))


def seed_overrides(season_id: int, *, session: Session) -> dict[int, tuple[int, str]]:
    """The commissioner's seeds: team id -> (seed, reason), the latest row per team."""
    rows = session.exec(
        select(PlayoffSeed).where(PlayoffSeed.season_id == season_id).order_by(col(PlayoffSeed.id))
    ).all()
    return {r.team_id: (r.seed, r.reason) for r in rows}


def qualifiers(
    season: Season, settings: Mapping[str, SettingValue], *, session: Session, with_overrides: bool = True
) -> tuple[list[Qualifier], str]:
    """The qualified teams in seed order and the rule that chose them.

    Raises:
        RuleViolation: too few teams, or a stored seed that no longer fits.
    """
    assert season.id is not None
    active = [m for m in members(season.id, session=session) if not m.withdrawn]
    groups: dict[str | None, list[int]] = defaultdict(list)
    for m in active:
        groups[m.division].append(m.team_id)
    overall = [s.team_id for s in ranked(season, [m.team_id for m in active], settings, session=session)]
    tables = {name: [s.team_id for s in ranked(season, ids, settings, session=session)]
              for name, ids in groups.items()}  # fmt: skip
    mode = str(settings.get("playoff_four_divisions", "winners"))
    chosen = qualify(tables, overall, four_divisions=mode)
    if with_overrides:
        seeds = seed_overrides(season.id, session=session)
        chosen = override(chosen, {team: seed for team, (seed, _) in seeds.items()})
    return chosen, rule_text(len(tables), mode)


def playoffs_view(
    season: Season, settings: Mapping[str, SettingValue], *, session: Session, scheduled: bool
) -> PlayoffsView:
    """The read model of :func:`qualifiers` with team names and override reasons."""
    assert season.id is not None
    chosen, rule = qualifiers(season, settings, session=session)
    names = {m.team_id: m.name for m in members(season.id, session=session)}
    reasons = seed_overrides(season.id, session=session)
    views = tuple(
        QualifierView(q.seed, q.team_id, names.get(q.team_id, str(q.team_id)), q.division, q.division_rank,
                      q.route, q.overridden, reasons[q.team_id][1] if q.overridden else "")
        for q in chosen
    )  # fmt: skip
    return PlayoffsView(season.name, season.id, rule, views, scheduled)

"""A new season created from the last one: the same league, divisions and teams (each in its
division), with a preview that says who is carried over and who is left out and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league_manager.core.errors import RuleViolation
from league_manager.services.changes import Changes, Outcome
from league_manager.services.season_read_models import SeasonView
from league_manager.services.seasons import Entry, SeasonService


@dataclass(frozen=True)
class NextSeasonPreview:
    """What ``season create --from`` creates (``created`` is None in a preview)."""

    name: str
    league: str
    previous: str
    previous_status: str
    previous_format: str | None
    divisions: tuple[str, ...]
    entries: tuple[tuple[str, str | None], ...]
    left_out: tuple[tuple[str, str], ...]
    created: SeasonView | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for ``--json`` output."""
        return {
            "name": self.name,
            "league": self.league,
            "from": self.previous,
            "from_status": self.previous_status,
            "from_format": self.previous_format,
            "divisions": list(self.divisions),
            "teams": [{"team": t, "division": d} for t, d in self.entries],
            "left_out": [{"team": t, "reason": r} for t, r in self.left_out],
            "created": None if self.created is None else self.created.to_dict(),
        }


def next_season(
    seasons: SeasonService, previous: str | int, name: str, *, seed: int | None = None, preview: bool = False
) -> Outcome[NextSeasonPreview]:
    """Create (or preview) season ``name`` from ``previous``: its league, its divisions in
    order and its teams in their divisions; a team withdrawn from the last season or retired
    from the league is left out with the reason.

    Raises:
        RuleViolation: the name is taken, or no team is left to carry over.
    """
    last = seasons.get_season(previous)
    eligible = {c.team_id for c in seasons.entry_candidates(last.league_id)}
    entries: list[Entry] = []
    kept: list[tuple[str, str | None]] = []
    left: list[tuple[str, str]] = []
    for team in last.teams:
        if team.withdrawn:
            left.append((team.name, f"withdrew from {last.name}"))
        elif team.team_id not in eligible:
            left.append((team.name, "retired from the league"))
        else:
            entries.append((team.team_id, team.division))
            kept.append((team.name, team.division))
    if not entries:
        raise RuleViolation("teams", f"no team of {last.name} can be carried over")
    plan = NextSeasonPreview(name, last.league, last.name, last.status, last.format, last.divisions,
                             tuple(kept), tuple(left))  # fmt: skip
    if preview:
        taken = {s.name.lower() for s in seasons.list_seasons(last.league_id)}
        if name.strip().lower() in taken:
            raise RuleViolation("name", f"{last.league} already has a season called '{name.strip()}'")
        return Outcome(plan, Changes())
    outcome = seasons.create_season(last.league_id, name, last.divisions, seed, entries)
    created = NextSeasonPreview(**{**plan.__dict__, "created": outcome.value})
    return Outcome(created, outcome.changes)

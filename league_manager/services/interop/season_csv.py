"""CSV files of a season: standings, leader boards and player statistics.

Three files go into a folder, each written all-or-nothing: ``standings.csv`` (the overall
table, then each division's), ``leaders.csv`` (every player and team board, counted over the
season and over the career: the league's seasons up to this one) and
``player_stats.csv`` (each player's season totals from the match records).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sqlmodel import Session, col, select

from league_manager.core.files import write_bytes_atomically
from league_manager.persistence.models import Player, Team
from league_manager.persistence.season_models import Fixture, PlayerMatchStats
from league_manager.services.base import ServiceBase
from league_manager.services.season_read_models import LeadersView, StandingsView
from league_manager.services.season_store import find_season
from league_manager.services.seasons import SeasonService

STANDINGS_COLUMNS = (
    "table", "rank", "team", "coach", "division", "played", "won", "drawn", "lost", "byes",
    "td_for", "td_against", "td_diff", "cas_for", "cas_against", "cas_diff", "bonus_points",
    "points", "form", "tiebreak",
)  # fmt: skip
LEADER_COLUMNS = ("scope", "board", "category", "label", "rank", "name", "team", "value")
STAT_FIELDS = ("td", "cas", "completions", "interceptions", "deflections", "mvp", "kills", "spp")
PLAYER_COLUMNS = ("player", "number", "position", "team", "games", *STAT_FIELDS)


def csv_text(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Comma-separated text with a header line (RFC 4180 quoting, ``\\r\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def standings_rows(view: StandingsView) -> list[list[Any]]:
    """One CSV row per team per table (the overall one first)."""
    rows = []
    for table in (view.overall, *view.divisions):
        for row in table.rows:
            data = row.to_dict()
            rows.append([table.name, *(data[c] for c in STANDINGS_COLUMNS[1:])])
    return rows


def leader_rows(view: LeadersView, scope: str = "season") -> list[list[Any]]:
    """One CSV row per entry of every player and team board, led by the boards' ``scope``."""
    rows = []
    for kind, boards in (("players", view.players), ("teams", view.teams)):
        for board in boards:
            for e in board.entries:
                rows.append([scope, kind, board.category, board.label, e.rank, e.name, e.team, e.value])
    return rows


def player_stat_rows(season_id: int, *, session: Session) -> list[list[Any]]:
    """Each player's season totals, by team then shirt number."""
    found = session.exec(
        select(PlayerMatchStats, Player, Team)
        .join(Fixture, col(Fixture.id) == PlayerMatchStats.fixture_id)
        .join(Player, col(Player.id) == PlayerMatchStats.player_id)
        .join(Team, col(Team.id) == PlayerMatchStats.team_id)
        .where(Fixture.season_id == season_id)
    ).all()
    totals: dict[int, list[Any]] = {}
    for stats, player, team in found:
        line = totals.setdefault(
            stats.player_id,
            [player.name, player.number, player.position, team.name, 0, *([0] * len(STAT_FIELDS))],
        )
        line[4] += 1
        for i, field in enumerate(STAT_FIELDS):
            line[5 + i] += getattr(stats, field)
    return sorted(totals.values(), key=lambda r: (r[3], r[1] or 0, r[0]))


class SeasonCsvService(ServiceBase):
    """The season's tables as CSV files."""

    def export_csv(self, season: str | int, folder: str | Path) -> list[Path]:
        """Write ``standings.csv``, ``leaders.csv`` and ``player_stats.csv`` into ``folder``.

        Args:
            season: the season's name or id.
            folder: created when missing.

        Returns:
            The files written.
        """
        seasons = SeasonService(self.engine)
        standings = seasons.standings(season)
        leaders = seasons.leaders(season, limit=1000)
        career = seasons.leaders(season, limit=1000, scope="career")
        with self.transaction() as session:
            row = find_season(season, session=session)
            assert row.id is not None
            stats = player_stat_rows(row.id, session=session)
        target = Path(folder)
        files = {
            "standings.csv": csv_text(STANDINGS_COLUMNS, standings_rows(standings)),
            "leaders.csv": csv_text(LEADER_COLUMNS, leader_rows(leaders) + leader_rows(career, "career")),
            "player_stats.csv": csv_text(PLAYER_COLUMNS, stats),
        }
        return [write_bytes_atomically(target / name, text.encode("utf-8")) for name, text in files.items()]

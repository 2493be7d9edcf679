"""A NAF tournament report (``nafReport`` XML) of a season's played games.

Element names follow the NAF schema (namespace ``http://www.bloodbowl.net``): the
organiser, every coach with a NAF name, number and race, and one ``game`` per played
fixture with its two ``playerRecord`` elements. See docs/rules-decisions.md
("Import and export") for the readings: no NAF numbers are stored (0 is written), the team
rating is today's team value in tens of thousands, casualties are split into killed
(``dead``) and the rest (``badlyHurt``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from xml.etree import ElementTree as ET

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.core.files import write_bytes_atomically
from league_manager.persistence.models import Coach, League, Team
from league_manager.persistence.season_models import Fixture, FixtureResult, PlayerMatchStats
from league_manager.services.base import ServiceBase
from league_manager.services.season_store import find_season
from league_manager.services.teams import TeamService

NAF_NAMESPACE = "http://www.bloodbowl.net"
PLAYED = ("score", "concession")
"""Outcomes with a score on the pitch (forfeits, byes and rulings are not games)."""


def _kills(fixture_id: int, team_id: int, *, session: Session) -> int:
    rows = session.exec(
        select(PlayerMatchStats.kills).where(
            PlayerMatchStats.fixture_id == fixture_id, PlayerMatchStats.team_id == team_id
        )
    ).all()
    return sum(rows)


def _record(parent: ET.Element, coach: str, rating: int, td: int, cas: int, dead: int) -> None:
    record = ET.SubElement(parent, "playerRecord")
    ET.SubElement(record, "name").text = coach
    ET.SubElement(record, "number").text = "0"
    ET.SubElement(record, "teamRating").text = str(rating)
    ET.SubElement(record, "touchDowns").text = str(td)
    ET.SubElement(record, "badlyHurt").text = str(max(cas - dead, 0))
    ET.SubElement(record, "dead").text = str(dead)


class NafReportService(ServiceBase):
    """Write a season's games as a NAF tournament report."""

    def naf_report(self, season: str | int) -> bytes:
        """The report's XML (UTF-8, with declaration).

        Raises:
            RuleViolation: the season has no played game yet.
        """
        with self.transaction() as session:
            row = find_season(season, session=session)
            league = session.get(League, row.league_id)
            assert league is not None and league.id is not None
            found = session.exec(
                select(Fixture, FixtureResult)
                .join(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id)
                .where(Fixture.season_id == row.id, col(FixtureResult.outcome).in_(PLAYED))
                .order_by(col(Fixture.id))
            ).all()
            if not found:
                raise RuleViolation("naf", f"season '{row.name}' has no played game to report")
            team_ids = {t for f, _r in found for t in (f.home_team_id, f.away_team_id) if t is not None}
            teams = {t.id: t for t in session.exec(select(Team).where(col(Team.id).in_(team_ids)))}
            coaches = {c.id: c.name for c in session.exec(select(Coach))}
            kills = {
                (f.id, t): _kills(f.id or 0, t, session=session)
                for f, _r in found
                for t in (f.home_team_id, f.away_team_id)
                if t is not None
            }
            league_name = league.name
        summaries = {t.id: t for t in TeamService(self.engine).list_teams(league_name)}
        root = ET.Element("nafReport", {"xmlns": NAF_NAMESPACE})
        ET.SubElement(root, "organiser").text = league_name
        coaches_el = ET.SubElement(root, "coaches")
        for team_id in sorted(team_ids):
            coach = ET.SubElement(coaches_el, "coach")
            ET.SubElement(coach, "name").text = coaches[teams[team_id].coach_id]
            ET.SubElement(coach, "number").text = "0"
            ET.SubElement(coach, "team").text = summaries[team_id].race
        for fixture, result in found:
            game = ET.SubElement(root, "game")
            when: datetime = fixture.scheduled_for or result.entered_at
            ET.SubElement(game, "timeStamp").text = when.strftime("%Y-%m-%d %H:%M")
            for side_id, td, cas in (
                (fixture.home_team_id, result.home_td, result.home_cas),
                (fixture.away_team_id, result.away_td, result.away_cas),
            ):
                assert side_id is not None
                team_id = side_id
                rating = summaries[team_id].team_value // 10_000
                dead = kills[(fixture.id, team_id)]
                _record(game, coaches[teams[team_id].coach_id], rating, td or 0, cas or 0, dead)
        ET.indent(root)
        return bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True)) + b"\n"

    def export_naf(self, season: str | int, target: str | Path) -> Path:
        """Write the report all-or-nothing; returns its path."""
        return write_bytes_atomically(target, self.naf_report(season))

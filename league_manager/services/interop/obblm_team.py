"""An OBBLM/NAFLM team XML (the layout of its team import) of one of our teams.

The tags are written in the order OBBLM's import file fixes. OBBLM's own numeric ids are
unknown here: ``coach_id``, ``league_id`` and ``division_id`` are 0, ``race_id`` and
``pos_id`` carry our race and position names for the commissioner to map. Injuries are the
net characteristic losses against the position's profile; casualties caused are split
into killed (``ki``) and the rest (``bh``), as our match records do not tell SI apart.
"""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

from sqlmodel import col, select

from league_manager.core.files import write_bytes_atomically
from league_manager.persistence.season_models import Fixture, FixtureResult, PlayerMatchStats
from league_manager.services.base import ServiceBase
from league_manager.services.read_models import PlayerView, TeamView
from league_manager.services.teams import TeamService

PLAYER_STATS = ("completions", "td", "interceptions", "cas", "kills", "mvp")


def _add(parent: ET.Element, tag: str, value: object) -> None:
    ET.SubElement(parent, tag).text = str(value)


def _losses(p: PlayerView) -> dict[str, int]:
    """Net characteristic losses against the position: MA, ST, AV lower, the AG target higher."""
    return {
        "ma": max(p.base.ma - p.stats.ma, 0),
        "st": max(p.base.st - p.stats.st, 0),
        "ag": max(p.stats.ag - p.base.ag, 0),
        "av": max(p.base.av - p.stats.av, 0),
        "ni": p.niggling,
    }


class ObblmTeamService(ServiceBase):
    """Write a team as OBBLM team XML."""

    def _record(self, team_id: int) -> tuple[dict[str, int], dict[int, dict[str, int]]]:
        """The team's won/lost/draw and TD for/against, and each player's totals."""
        record = {"won": 0, "lost": 0, "draw": 0, "gf": 0, "ga": 0}
        players: dict[int, dict[str, int]] = {}
        with self.transaction() as session:
            games = session.exec(
                select(Fixture, FixtureResult)
                .join(FixtureResult, col(FixtureResult.fixture_id) == Fixture.id)
                .where((Fixture.home_team_id == team_id) | (Fixture.away_team_id == team_id))
            ).all()
            for fixture, result in games:
                home = fixture.home_team_id == team_id
                verdict = result.home_verdict if home else result.away_verdict
                key = {"W": "won", "L": "lost", "D": "draw"}.get(verdict)
                if key:
                    record[key] += 1
                record["gf"] += (result.home_td if home else result.away_td) or 0
                record["ga"] += (result.away_td if home else result.home_td) or 0
            for stats in session.exec(select(PlayerMatchStats).where(PlayerMatchStats.team_id == team_id)):
                totals = players.setdefault(stats.player_id, dict.fromkeys(PLAYER_STATS, 0))
                for name in PLAYER_STATS:
                    totals[name] += getattr(stats, name)
        return record, players

    def team_xml(self, team: str | int, league: str | int | None = None) -> bytes:
        """The team's XML (UTF-8, with declaration)."""
        view: TeamView = TeamService(self.engine).get_team(team, league)
        record, stats = self._record(view.id)
        root = ET.Element("teams")
        el = ET.SubElement(root, "team")
        for tag, value in (
            ("name", view.name), ("coach_id", 0), ("race_id", view.race_id), ("league_id", 0),
            ("division_id", 0), ("treasury", view.treasury), ("apothecary", int(view.apothecary)),
            ("rr", view.rerolls), ("ff", view.dedicated_fans), ("ass_coaches", view.assistant_coaches),
            ("cheerleaders", view.cheerleaders), ("won", record["won"]), ("lost", record["lost"]),
            ("draw", record["draw"]), ("wt", 0), ("gf", record["gf"]), ("ga", record["ga"]),
        ):  # fmt: skip
            _add(el, tag, value)
        players = ET.SubElement(el, "players")
        for p in sorted(view.players, key=lambda p: p.number):
            s = stats.get(p.id, dict.fromkeys(PLAYER_STATS, 0))
            pl = ET.SubElement(players, "player")
            for tag, value in (
                ("name", p.name), ("nr", p.number), ("pos_id", p.position),
                ("status", "mng" if p.misses_next_game else "none"), ("cp", s["completions"]),
                ("td", s["td"]), ("intcpt", s["interceptions"]), ("bh", s["cas"] - s["kills"]),
                ("ki", s["kills"]), ("si", 0), ("mvp", s["mvp"]),
            ):  # fmt: skip
                _add(pl, tag, value)
            for tag, lost in _losses(p).items():
                _add(pl, tag, lost)
        ET.indent(root)
        return bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True)) + b"\n"

    def export_obblm(self, team: str | int, target: str | Path, league: str | int | None = None) -> Path:
        """Write the team's XML all-or-nothing; returns its path."""
        return write_bytes_atomically(target, self.team_xml(team, league))

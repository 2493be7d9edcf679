"""Qt item models over the season read models: fixtures, standings, leader boards, schedule previews."""

from __future__ import annotations

from league_manager.services.season_read_models import FixtureView, LeaderEntry, StandingRow
from league_manager.ui import theme
from league_manager.ui.models import CENTER, RIGHT, Column, RecordTableModel


def score(fixture: FixtureView) -> str:
    """``2 – 1``, ``forfeit (Orcs)``, ``bye`` or ``—`` when not played yet."""
    result = fixture.result
    if fixture.is_bye:
        return "bye"
    if result is None:
        return "postponed" if fixture.status == "postponed" else "—"
    if result.home_td is not None and result.away_td is not None:
        text = f"{result.home_td} – {result.away_td}"
        return text if result.outcome == "score" else f"{text} ({result.outcome})"
    return f"{result.outcome}: {result.winner} win" if result.winner else result.outcome


def casualties(fixture: FixtureView) -> str:
    """``3 – 1`` casualties, blank when not recorded."""
    result = fixture.result
    if result is None or result.home_cas is None or result.away_cas is None:
        return ""
    return f"{result.home_cas} – {result.away_cas}"


class FixtureTableModel(RecordTableModel[FixtureView]):
    """The fixtures of a season: round, home, score, away, casualties, status."""

    columns = (
        Column[FixtureView]("Round", lambda f: f.round_name, lambda f: f.round),
        Column[FixtureView]("Division", lambda f: f.division or ""),
        Column[FixtureView]("Home", lambda f: f.home or "to be decided", bold=lambda f: True),
        Column[FixtureView]("Score", score, align=CENTER),
        Column[FixtureView](
            "Away", lambda f: "" if f.is_bye else (f.away or "to be decided"), bold=lambda f: True
        ),
        Column[FixtureView]("CAS", casualties, align=CENTER, header_tip="Casualties caused by each side"),
        Column[FixtureView](
            "Status",
            lambda f: f.status.replace("_", " "),
            colour=lambda f: None if f.decided else theme.current().muted,
        ),
        Column[FixtureView]("Note", lambda f: f.result.note if f.result and f.result.note else f.note),
    )


class StandingsModel(RecordTableModel[StandingRow]):
    """One league table, with the tie-breaker explanation."""

    columns = (
        Column[StandingRow]("#", lambda r: str(r.rank), lambda r: r.rank, RIGHT),
        Column[StandingRow](
            "Team",
            lambda r: r.team + (" (withdrawn)" if r.withdrawn else ""),
            lambda r: r.team.lower(),
            bold=lambda r: True,
        ),
        Column[StandingRow]("Coach", lambda r: r.coach),
        Column[StandingRow]("P", lambda r: str(r.played), lambda r: r.played, RIGHT, header_tip="Played"),
        Column[StandingRow]("W", lambda r: str(r.won), lambda r: r.won, RIGHT, header_tip="Won"),
        Column[StandingRow]("D", lambda r: str(r.drawn), lambda r: r.drawn, RIGHT, header_tip="Drawn"),
        Column[StandingRow]("L", lambda r: str(r.lost), lambda r: r.lost, RIGHT, header_tip="Lost"),
        Column[StandingRow](
            "TD",
            lambda r: f"{r.td_for}:{r.td_against}",
            lambda r: r.td_for - r.td_against,
            RIGHT,
            header_tip="Touchdowns scored:conceded",
        ),
        Column[StandingRow](
            "CAS",
            lambda r: f"{r.cas_for}:{r.cas_against}",
            lambda r: r.cas_for - r.cas_against,
            RIGHT,
            header_tip="Casualties caused:suffered",
        ),
        Column[StandingRow](
            "Pts",
            lambda r: str(r.points),
            lambda r: r.points,
            RIGHT,
            bold=lambda r: True,
            header_tip="League points",
        ),
        Column[StandingRow]("Form", lambda r: r.form, header_tip="Latest results, newest last"),
        Column[StandingRow](
            "Tie-break",
            lambda r: r.tiebreak,
            tooltip=lambda r: r.tiebreak,
            header_tip="Why a team ranks above those level on points",
        ),
    )


class LeaderModel(RecordTableModel[LeaderEntry]):
    """One leader board."""

    columns = (
        Column[LeaderEntry]("#", lambda e: str(e.rank), lambda e: e.rank, RIGHT),
        Column[LeaderEntry]("Name", lambda e: e.name, bold=lambda e: True),
        Column[LeaderEntry]("Team", lambda e: e.team),
        Column[LeaderEntry]("Value", lambda e: str(e.value), lambda e: e.value, RIGHT),
    )

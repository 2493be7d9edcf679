"""Qt item model of a player's match-by-match record."""

from __future__ import annotations

from league_manager.services.history_models import PlayerMatchLine
from league_manager.ui import theme
from league_manager.ui.models import RIGHT, Column, RecordTableModel


def _figure(title: str, key: str, tip: str) -> Column[PlayerMatchLine]:
    return Column[PlayerMatchLine](
        title, lambda m: str(getattr(m, key)), lambda m: int(getattr(m, key)), RIGHT, header_tip=tip
    )


def notes(line: PlayerMatchLine) -> str:
    """Injuries then advancements of one game, as one cell."""
    return "; ".join([*line.injuries, *(f"gained {a}" for a in line.advancements)])


class PlayerMatchModel(RecordTableModel[PlayerMatchLine]):
    """A player's games, oldest first."""

    columns = (
        Column[PlayerMatchLine]("Fixture", lambda m: f"{m.season} · {m.round}", lambda m: m.fixture_id),
        Column[PlayerMatchLine]("Opponent", lambda m: m.opponent),
        Column[PlayerMatchLine]("Result", lambda m: m.result, bold=lambda m: True),
        _figure("TD", "td", "Touchdowns"),
        _figure("CAS", "cas", "Casualties caused"),
        _figure("COMP", "completions", "Completions"),
        _figure("INT", "interceptions", "Interceptions"),
        _figure("MVP", "mvp", "Most valuable player awards"),
        _figure("SPP", "spp", "Star player points earned in the game"),
        _figure("Total", "career_spp", "Star player points earned in games so far"),
        Column[PlayerMatchLine](
            "Injuries and advancements",
            notes,
            tooltip=notes,
            colour=lambda m: theme.current().danger if m.injuries else None,
        ),
    )

"""Charts of a league's history drawn with Qt Charts: a team over its games, a player's career
and a season's standings race.

Imported only by :class:`league_manager.ui.chart_panel.ChartPanel` when a chart is first shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCharts import (
    QChart,
    QChartView,
    QLineSeries,
    QScatterSeries,
    QValueAxis,
)
from PySide6.QtCore import QMargins, QPointF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from league_manager.services.history_models import PlayerMatches, StandingsRace, TeamSeries
from league_manager.ui import theme

LINE_COLOURS = (
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd",
)  # fmt: skip
"""Line colours, one per series, told apart in print and on screen."""


def _chart(title: str) -> QChart:
    t = theme.current()
    chart = QChart()
    chart.setTitle(title)
    chart.setBackgroundBrush(QColor(t.base))
    chart.setTitleBrush(QColor(t.text))
    chart.legend().setLabelColor(QColor(t.text))
    chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
    chart.setMargins(QMargins(4, 4, 4, 4))
    chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
    return chart


def _axis(title: str, low: float, high: float, *, integer: bool = True, nice: bool = True) -> QValueAxis:
    t = theme.current()
    axis = QValueAxis()
    axis.setTitleText(title)
    axis.setRange(low, high if high > low else low + 1)
    if nice:
        axis.applyNiceNumbers()
    if integer:
        axis.setLabelFormat("%d")
    axis.setLabelsColor(QColor(t.muted))
    axis.setTitleBrush(QColor(t.muted))
    axis.setGridLineColor(QColor(t.border))
    return axis


def _games_axis(count: int, title: str) -> QValueAxis:
    axis = _axis(title, 0, max(count - 1, 1), nice=False)
    axis.setTickCount(min(max(count, 2), 12))
    return axis


def _line(name: str, colour: str, points: Sequence[tuple[float, float]], width: float = 2.0) -> QLineSeries:
    series = QLineSeries()
    series.setName(name)
    series.setPen(QPen(QColor(colour), width))
    series.setPointsVisible(True)
    for x, y in points:
        series.append(QPointF(x, y))
    return series


def _view(chart: QChart) -> QChartView:
    view = QChartView(chart)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumHeight(260)
    return view


def team_chart(series: TeamSeries) -> QChartView:
    """TV and treasury (thousands of gp, left axis) and dedicated fans (right axis) per game."""
    chart = _chart(f"{series.team}: team value, treasury and dedicated fans")
    points = series.points
    tv = [(i, p.team_value / 1000) for i, p in enumerate(points) if p.team_value is not None]
    gold = [(i, p.treasury / 1000) for i, p in enumerate(points)]
    fans = [(i, float(p.dedicated_fans)) for i, p in enumerate(points)]
    money = [y for _x, y in tv + gold] or [0.0]
    x_axis = _games_axis(len(points), "Game (0: before the first; TV at kick-off, the rest after the game)")
    left = _axis("thousand gp", min(0.0, min(money)), max(money) * 1.1 or 1)
    right = _axis("dedicated fans", 0, max(max(y for _x, y in fans) + 1, 7))
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(left, Qt.AlignmentFlag.AlignLeft)
    chart.addAxis(right, Qt.AlignmentFlag.AlignRight)
    for line, axis in (
        (_line("Team value", LINE_COLOURS[0], tv), left),
        (_line("Treasury", LINE_COLOURS[2], gold), left),
        (_line("Dedicated fans", LINE_COLOURS[3], fans), right),
    ):
        chart.addSeries(line)
        line.attachAxis(x_axis)
        line.attachAxis(axis)
    return _view(chart)


def career_chart(record: PlayerMatches) -> QChartView:
    """Career SPP after each game, with advancements and injuries marked on the line."""
    t = theme.current()
    chart = _chart(f"{record.name}: star player points, game by game")
    games = record.matches
    spp = [(0.0, 0.0), *((float(i + 1), float(m.career_spp)) for i, m in enumerate(games))]
    x_axis = _games_axis(len(games) + 1, "Game")
    y_axis = _axis("SPP earned", 0, max(y for _x, y in spp) * 1.15 + 1)
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    marks: list[tuple[str, str, QScatterSeries.MarkerShape, list[tuple[float, float]]]] = [
        ("Advancement", t.good, QScatterSeries.MarkerShape.MarkerShapeRectangle,
         [(float(i + 1), float(m.career_spp)) for i, m in enumerate(games) if m.advancements]),
        ("Injury", t.danger, QScatterSeries.MarkerShape.MarkerShapeCircle,
         [(float(i + 1), float(m.career_spp)) for i, m in enumerate(games) if m.injuries]),
    ]  # fmt: skip
    line = _line("SPP", LINE_COLOURS[0], spp)
    chart.addSeries(line)
    line.attachAxis(x_axis)
    line.attachAxis(y_axis)
    for name, colour, shape, points in marks:
        scatter = QScatterSeries()
        scatter.setName(name)
        scatter.setMarkerShape(shape)
        scatter.setMarkerSize(13)
        scatter.setColor(QColor(colour))
        for x, y in points:
            scatter.append(QPointF(x, y))
        chart.addSeries(scatter)
        scatter.attachAxis(x_axis)
        scatter.attachAxis(y_axis)
    return _view(chart)


def race_chart(race: StandingsRace) -> QChartView:
    """Each team's league points after every round."""
    chart = _chart(f"{race.season}: the standings race")
    top = max((max(line.points, default=0) for line in race.lines), default=0)
    x_axis = _axis("Round", 1, max(len(race.rounds), 2), nice=False)
    x_axis.setTickCount(min(max(len(race.rounds), 2), 12))
    y_axis = _axis("Points", 0, top + 1)
    chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
    for index, line in enumerate(race.lines):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        series = _line(line.team, colour, [(i + 1, float(v)) for i, v in enumerate(line.points)])
        chart.addSeries(series)
        series.attachAxis(x_axis)
        series.attachAxis(y_axis)
    legend_font = QFont(chart.legend().font())
    legend_font.setPointSizeF(max(legend_font.pointSizeF() - 1, 7))
    chart.legend().setFont(legend_font)
    return _view(chart)

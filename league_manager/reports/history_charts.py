"""History charts for the PDFs, drawn with reportlab.graphics: a season's standings race and a
team's TV, treasury and dedicated fans over its games (the same series the app's charts draw)."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.lib.colors import Color

from league_manager.reports.fonts import CONDENSED
from league_manager.reports.theme import MUTED, RULE
from league_manager.services.history_models import StandingsRace, TeamSeries

LINE_COLOURS = tuple(
    colors.HexColor(c)
    for c in (
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
        "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd",
    )
)  # fmt: skip
"""Line colours, one per series (the app's chart uses the same)."""

Points = list[tuple[float, float]]


def _step(top: float) -> float:
    """A round value step giving about five grid lines up to ``top``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if top / step <= 6:
            return step
    return 10_000


def _plot(x: float, y: float, width: float, height: float, lines: Sequence[Points],
          colours: Sequence[Color], x_max: float, x_min: float = 0) -> LinePlot:  # fmt: skip
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = x, y, width, height
    plot.data = [line or [(x_min, 0.0)] for line in lines]
    top = max((v for line in lines for _x, v in line), default=0.0)
    low = min((v for line in lines for _x, v in line), default=0.0)
    step = _step(max(top - min(low, 0), 1))
    plot.yValueAxis.valueMin = min(0.0, (low // step) * step)
    plot.yValueAxis.valueMax = (top // step + 1) * step
    plot.yValueAxis.valueStep = step
    plot.xValueAxis.valueMin = x_min
    plot.xValueAxis.valueMax = max(x_max, x_min + 1)
    plot.xValueAxis.valueStep = max(1, round((x_max - x_min) / 12))
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = CONDENSED
        axis.labels.fontSize = 7
        axis.labels.fillColor = MUTED
        axis.strokeColor = RULE
        axis.labelTextFormat = "%d"
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = RULE
    plot.yValueAxis.gridStrokeWidth = 0.3
    for index, colour in enumerate(colours):
        plot.lines[index].strokeColor = colour
        plot.lines[index].strokeWidth = 1.4
        plot.lines[index].symbol = makeMarker("FilledCircle", size=2.6, fillColor=colour, strokeColor=colour)
    if not any(lines):
        plot.lines[0].strokeColor = colors.transparent
    return plot


def _label(x: float, y: float, text: str, *, anchor: str = "start") -> String:
    return String(x, y, text, fontName=CONDENSED, fontSize=7.5, fillColor=MUTED, textAnchor=anchor)


def _legend(x: float, y: float, pairs: Sequence[tuple[Color, str]], columns: int) -> Legend:
    legend = Legend()
    legend.x, legend.y = x, y
    legend.alignment = "right"
    legend.fontName = CONDENSED
    legend.fontSize = 7.5
    legend.columnMaximum = max(1, -(-len(pairs) // columns))
    legend.dx = legend.dy = 6
    legend.deltax = 120
    legend.colorNamePairs = list(pairs)
    legend.strokeColor = None
    return legend


def race_drawing(race: StandingsRace, width: float, height: float = 230) -> Drawing:
    """The standings race: each team's points after every round, with a legend below."""
    rows = max(1, -(-len(race.lines) // 4))
    legend_height = rows * 11 + 8
    drawing = Drawing(width, height)
    plot_y = 24 + legend_height
    lines = [[(float(i + 1), float(v)) for i, v in enumerate(line.points)] for line in race.lines]
    colours = [LINE_COLOURS[i % len(LINE_COLOURS)] for i in range(len(race.lines))]
    plot = _plot(30, plot_y, width - 40, height - plot_y - 22, lines, colours, len(race.rounds), x_min=1)
    drawing.add(plot)
    drawing.add(_label(30 + (width - 40) / 2, plot_y - 18, "Round", anchor="middle"))
    drawing.add(_label(2, height - 8, "Points"))
    pairs = [(colours[i], line.team) for i, line in enumerate(race.lines)]
    drawing.add(_legend(10, legend_height, pairs, 4))
    return drawing


def team_drawing(series: TeamSeries, width: float, height: float = 250) -> Drawing:
    """A team over its games: TV and treasury (thousand gp) above, dedicated fans below."""
    drawing = Drawing(width, height)
    points = series.points
    last = float(max(len(points) - 1, 1))
    tv = [(float(i), p.team_value / 1000) for i, p in enumerate(points) if p.team_value is not None]
    gold = [(float(i), p.treasury / 1000) for i, p in enumerate(points)]
    fans = [(float(i), float(p.dedicated_fans)) for i, p in enumerate(points)]
    money_colours, fans_colour = (LINE_COLOURS[0], LINE_COLOURS[2]), LINE_COLOURS[3]
    lower = 0.3 * (height - 60)
    drawing.add(_plot(40, 40, width - 50, lower, [fans], [fans_colour], last))
    drawing.add(_plot(40, 40 + lower + 22, width - 50, height - lower - 80, [tv, gold], money_colours, last))
    drawing.add(_label(2, height - 6, "thousand gp"))
    drawing.add(_label(2, 40 + lower + 6, "fans"))
    drawing.add(_label(40 + (width - 50) / 2, 22, "Game (0: before the first; TV at kick-off, the rest after "
                       "the game)", anchor="middle"))  # fmt: skip
    pairs = [
        (money_colours[0], "Team value"),
        (money_colours[1], "Treasury"),
        (fans_colour, "Dedicated fans"),
    ]
    drawing.add(_legend(40, 10, pairs, 3))
    return drawing

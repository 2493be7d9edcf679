"""Team value over time as a small SVG line chart, written as text (no plotting library)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH = 600
HEIGHT = 220
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 16, 16, 40


def value_chart(points: Sequence[tuple[str, int]], title: str = "Team value") -> str:
    """An SVG line chart of ``(label, gp)`` points, oldest first, scaled to fit.

    Args:
        points: the x labels (fixture or "now") and the values in gold pieces.
        title: the chart's accessible title.

    Returns:
        The ``<svg>`` element (labels escaped), empty when there are no points.
    """
    if not points:
        return ""
    values = [v for _label, v in points]
    low, high = min(values), max(values)
    if high == low:
        low, high = max(0, low - 50_000), high + 50_000
    span_x = max(1, len(points) - 1)
    inner_w, inner_h = WIDTH - _LEFT - _RIGHT, HEIGHT - _TOP - _BOTTOM

    def x(i: int) -> float:
        return _LEFT + inner_w * (i / span_x if len(points) > 1 else 0.5)

    def y(v: int) -> float:
        return _TOP + inner_h * (1 - (v - low) / (high - low))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" class="chart">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{_LEFT}" y1="{_TOP + inner_h}" x2="{WIDTH - _RIGHT}" y2="{_TOP + inner_h}"'
        ' class="axis"/>',
        f'<line x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{_TOP + inner_h}" class="axis"/>',
    ]
    for v in (low, (low + high) // 2, high):
        parts.append(f'<text x="{_LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v // 1000}k</text>')
    path = " ".join(f"{'M' if i == 0 else 'L'}{x(i):.1f},{y(v):.1f}" for i, (_l, v) in enumerate(points))
    parts.append(f'<path d="{path}" class="line"/>')
    step = max(1, len(points) // 8)
    for i, (label, v) in enumerate(points):
        tip = f"<title>{escape(label)}: {v // 1000}k</title>"
        parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3">{tip}</circle>')
        if i % step == 0 or i == len(points) - 1:
            below = HEIGHT - _BOTTOM + 16
            parts.append(f'<text x="{x(i):.1f}" y="{below}" text-anchor="middle">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)

"""Team colours on the match board: a default per race, and two teams told apart when they clash.

A team's colours are a primary (the token body) and a secondary (the token rim and the
dugout frame), as ``#rrggbb``. A team with none stored takes its race's pair; a race not in
:data:`RACE_COLOURS` takes one from :data:`PALETTE` chosen by the race id. When the two
teams of a match look alike, the away team shows its secondary colour, or failing that a
colour far from the home team's (:func:`board_colours`).
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")

CLASH = 110.0
"""Colour distance (see :func:`distance`) below which two primaries count as a clash."""


@dataclass(frozen=True, slots=True)
class TeamColours:
    """A team's two colours, ``#rrggbb``."""

    primary: str
    secondary: str


RACE_COLOURS: dict[str, TeamColours] = {
    "amazon": TeamColours("#2e8b57", "#f0d060"),
    "blackorc": TeamColours("#2b2b2b", "#c0392b"),
    "chaoschosen": TeamColours("#7a1020", "#d4af37"),
    "chaosdwarf": TeamColours("#8b4513", "#1a1a1a"),
    "chaosrenegade": TeamColours("#5b2a86", "#e0e0e0"),
    "darkelf": TeamColours("#3b1f5c", "#b0b0c0"),
    "dwarf": TeamColours("#1f4e8c", "#e6b422"),
    "elvenunion": TeamColours("#1e7d8c", "#f5f5f5"),
    "gnome": TeamColours("#6d8c2e", "#f2e6c8"),
    "goblin": TeamColours("#4f7f1f", "#f2c200"),
    "halfling": TeamColours("#a0522d", "#f5deb3"),
    "highelf": TeamColours("#f2f2f2", "#1f5fa8"),
    "human": TeamColours("#1f5fa8", "#f2f2f2"),
    "imperialnobility": TeamColours("#8b0000", "#f2f2f2"),
    "khorne": TeamColours("#b01010", "#2b2b2b"),
    "lizardmen": TeamColours("#11806a", "#f0c040"),
    "necromantichorror": TeamColours("#4a5a4a", "#c8c8a0"),
    "norse": TeamColours("#6a7f99", "#f2f2f2"),
    "nurgle": TeamColours("#7f8f2f", "#4b3621"),
    "ogre": TeamColours("#c06a2b", "#2b2b2b"),
    "oldworldalliance": TeamColours("#2a4d8f", "#d4af37"),
    "orc": TeamColours("#3d6b22", "#111111"),
    "shamblingundead": TeamColours("#5c5c7a", "#d8d8d8"),
    "skaven": TeamColours("#7a5c3a", "#2f8f2f"),
    "snotling": TeamColours("#9acd32", "#8b4513"),
    "tombkings": TeamColours("#c2a25a", "#1f3f7f"),
    "underworlddenizens": TeamColours("#556b2f", "#9932cc"),
    "vampire": TeamColours("#5a0a1e", "#111111"),
    "woodelf": TeamColours("#2f6b2f", "#c8a050"),
}
"""Default colours of each BB2020 roster."""

PALETTE: tuple[TeamColours, ...] = (
    TeamColours("#1f5fa8", "#f2f2f2"),
    TeamColours("#d9771e", "#1a1a1a"),
    TeamColours("#7a1020", "#f2f2f2"),
    TeamColours("#2f6b2f", "#f0d060"),
    TeamColours("#5b2a86", "#f2f2f2"),
    TeamColours("#2b2b2b", "#e6b422"),
)
"""Pairs for races without their own entry (chosen by the race id)."""

FALLBACKS = ("#d9771e", "#1f5fa8", "#f2f2f2", "#1a1a1a")
"""Colours tried for the away team when both of its own clash with the home team's primary."""


def check_colour(text: str) -> str:
    """A colour as ``#rrggbb`` in lower case.

    Raises:
        ValueError: not a ``#rrggbb`` colour.
    """
    value = text.strip()
    if not _HEX.match(value):
        raise ValueError(f"'{text}' is not a colour (write it as #rrggbb, e.g. #1f5fa8)")
    return value.lower()


def default_colours(race: str) -> TeamColours:
    """The colours of a team that stored none: its race's, else a palette pair by race id."""
    found = RACE_COLOURS.get(race)
    if found is not None:
        return found
    return PALETTE[zlib.crc32(race.encode()) % len(PALETTE)]


def _rgb(colour: str) -> tuple[int, int, int]:
    value = check_colour(colour)
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def distance(a: str, b: str) -> float:
    """How different two colours look (a weighted RGB distance, 0 for the same colour, ~765 at most)."""
    r1, g1, b1 = _rgb(a)
    r2, g2, b2 = _rgb(b)
    mean_r = (r1 + r2) / 2
    dr, dg, db = r1 - r2, g1 - g2, b1 - b2
    return float(((2 + mean_r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean_r) / 256) * db * db) ** 0.5)


def luminance(colour: str) -> float:
    """Relative brightness 0 (black) to 1 (white)."""
    r, g, b = _rgb(colour)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def ink(colour: str) -> str:
    """The text colour readable on ``colour``: near-black on light colours, white on dark ones."""
    return "#111111" if luminance(colour) > 0.6 else "#ffffff"


def on_pitch(colours: TeamColours, pitch: str) -> TeamColours:
    """A team's colours made to stand out on a pitch of colour ``pitch``: a primary that melts
    into the grass swaps with the secondary (green orcs wear their black on the board)."""
    if distance(colours.primary, pitch) < CLASH <= distance(colours.secondary, pitch):
        return TeamColours(colours.secondary, colours.primary)
    return colours


def board_colours(
    home: TeamColours, away: TeamColours, pitch: str | None = None
) -> tuple[TeamColours, TeamColours]:
    """The colours the board draws for each team, the away team's changed when they clash.

    Each team first stands out from the ``pitch`` colour when one is given
    (:func:`on_pitch`). The home team keeps its colours. When the away primary is within
    :data:`CLASH` of the home primary, the away team plays in its secondary colour (with its
    primary as the rim); when that clashes too, in the first of :data:`FALLBACKS` that does not.
    """
    if pitch is not None:
        home, away = on_pitch(home, pitch), on_pitch(away, pitch)
    if distance(home.primary, away.primary) >= CLASH:
        return home, away
    if distance(home.primary, away.secondary) >= CLASH:
        return home, TeamColours(away.secondary, away.primary)
    for colour in FALLBACKS:
        if distance(home.primary, colour) >= CLASH:
            rim = away.primary if distance(colour, away.primary) >= CLASH else ink(colour)
            return home, TeamColours(colour, rim)
    return home, TeamColours(ink(home.primary), home.primary)  # unreachable with FALLBACKS as they are

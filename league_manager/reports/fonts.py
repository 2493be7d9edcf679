"""The embedded TrueType fonts: DejaVu Sans from resources/fonts, registered with reportlab."""

from __future__ import annotations

import functools

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from league_manager.core.resources import resource

SANS = "DejaVuSans"
SANS_BOLD = "DejaVuSans-Bold"
SANS_ITALIC = "DejaVuSans-Oblique"
CONDENSED = "DejaVuSansCondensed"
CONDENSED_BOLD = "DejaVuSansCondensed-Bold"
CONDENSED_ITALIC = "DejaVuSansCondensed-Oblique"
CONDENSED_BOLD_ITALIC = "DejaVuSansCondensed-BoldOblique"

_FILES = (
    SANS,
    SANS_BOLD,
    SANS_ITALIC,
    CONDENSED,
    CONDENSED_BOLD,
    CONDENSED_ITALIC,
    CONDENSED_BOLD_ITALIC,
)


@functools.cache
def register_fonts() -> None:
    """Register the DejaVu faces and their bold/italic mappings once per process.

    Every face is a TrueType file, so reportlab embeds a subset of it in each PDF
    and names such as "Grüt Ødegård" or "Ярослав" print as written.

    Raises:
        FileNotFoundError: a font file is missing from ``resources/fonts``.
    """
    for name in _FILES:
        path = resource("fonts", f"{name}.ttf")
        if not path.is_file():
            raise FileNotFoundError(f"font file missing: {path}")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS_ITALIC)
    addMapping(SANS, 1, 1, SANS_BOLD)
    addMapping(CONDENSED, 0, 0, CONDENSED)
    addMapping(CONDENSED, 1, 0, CONDENSED_BOLD)
    addMapping(CONDENSED, 0, 1, CONDENSED_ITALIC)
    addMapping(CONDENSED, 1, 1, CONDENSED_BOLD_ITALIC)

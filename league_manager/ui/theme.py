"""Look and feel: light and dark palettes, the style sheet and the SVG icon set."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QByteArray, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QIconEngine, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication

from league_manager.core.resources import resource


@dataclass(frozen=True)
class Theme:
    """The colours of one scheme; every widget colour comes from here."""

    name: str
    window: str
    base: str
    alt_base: str
    sidebar: str
    text: str
    muted: str
    border: str
    accent: str
    accent_text: str
    accent_soft: str
    danger: str
    danger_soft: str
    warning: str
    good: str
    good_soft: str
    header: str
    selection: str
    nav_selected: str
    nav_selected_text: str

    @property
    def dark(self) -> bool:
        """True for the dark scheme."""
        return self.name == "dark"


LIGHT = Theme(
    name="light",
    window="#f4f5f7",
    base="#ffffff",
    alt_base="#f8f9fb",
    sidebar="#eaedf1",
    text="#1c2330",
    muted="#5f6b7a",
    border="#d5dae1",
    accent="#1d7a52",
    accent_text="#ffffff",
    accent_soft="#dcefe5",
    danger="#b42318",
    danger_soft="#fdecea",
    warning="#9a6700",
    good="#1d7a52",
    good_soft="#e3f4eb",
    header="#eef1f4",
    selection="#cfe8db",
    nav_selected="#1d7a52",
    nav_selected_text="#ffffff",
)
DARK = Theme(
    name="dark",
    window="#1d2026",
    base="#252931",
    alt_base="#2a2f38",
    sidebar="#171a1f",
    text="#e6e9ee",
    muted="#9aa4b2",
    border="#3a404b",
    accent="#3fb37f",
    accent_text="#0e1512",
    accent_soft="#1f3b2e",
    danger="#ff7b72",
    danger_soft="#3d2222",
    warning="#e3b341",
    good="#56d364",
    good_soft="#1d3325",
    header="#2c313a",
    selection="#2f5a45",
    nav_selected="#2b6e50",
    nav_selected_text="#ffffff",
)

_current: Theme = LIGHT


def current() -> Theme:
    """The theme in use."""
    return _current


def system_prefers_dark() -> bool:
    """True when the desktop asks for a dark scheme."""
    hints = QGuiApplication.styleHints()
    return hints.colorScheme() == Qt.ColorScheme.Dark


def resolve(choice: str) -> Theme:
    """``"light"``, ``"dark"`` or ``"system"`` to a theme."""
    if choice == "dark":
        return DARK
    if choice == "light":
        return LIGHT
    return DARK if system_prefers_dark() else LIGHT


def apply(app: QApplication, choice: str = "system") -> Theme:
    """Set the Fusion style, the palette and the style sheet for ``choice``."""
    global _current
    theme = resolve(choice)
    _current = theme
    if app.style().name().lower() != "fusion":
        app.setStyle("Fusion")  # by name: Qt owns the style object
    app.setPalette(palette(theme))
    app.setStyleSheet(style_sheet(theme))
    _icon_cache.cache_clear()
    return theme


def palette(t: Theme) -> QPalette:
    """A QPalette built from the theme's colours."""
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: t.window,
        QPalette.ColorRole.WindowText: t.text,
        QPalette.ColorRole.Base: t.base,
        QPalette.ColorRole.AlternateBase: t.alt_base,
        QPalette.ColorRole.Text: t.text,
        QPalette.ColorRole.Button: t.base,
        QPalette.ColorRole.ButtonText: t.text,
        QPalette.ColorRole.Highlight: t.selection,
        QPalette.ColorRole.HighlightedText: t.text,
        QPalette.ColorRole.ToolTipBase: t.base,
        QPalette.ColorRole.ToolTipText: t.text,
        QPalette.ColorRole.PlaceholderText: t.muted,
        QPalette.ColorRole.Link: t.accent,
        QPalette.ColorRole.Mid: t.border,
        QPalette.ColorRole.Midlight: t.border,
        QPalette.ColorRole.Light: t.base,
        QPalette.ColorRole.Dark: t.border,
        QPalette.ColorRole.Shadow: t.border,
    }
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(t.muted))
    return p


def style_sheet(t: Theme) -> str:
    """The application style sheet (sizes in points so 200% scaling stays in proportion)."""
    return f"""
QMainWindow, QDialog, QWizard {{ background: {t.window}; }}
QToolTip {{ background: {t.base}; color: {t.text}; border: 1px solid {t.border}; padding: 6px; }}
QTreeView#navigator {{
    background: {t.sidebar}; border: none; padding: 6px 4px; font-size: 10.5pt; outline: 0;
}}
QTreeView#navigator::item {{ padding: 5px 4px; border-radius: 6px; }}
QTreeView#navigator::item:selected {{ background: {t.nav_selected}; color: {t.nav_selected_text}; }}
QTreeView#navigator::branch {{ background: {t.sidebar}; }}
QTreeView#navigator::item:hover:!selected {{ background: {t.border}; }}
QLabel#navTitle {{
    background: {t.sidebar}; color: {t.muted}; font-size: 8.5pt; font-weight: 600;
    letter-spacing: 1px; padding: 14px 14px 4px 14px;
}}
QWidget#sidebar {{ background: {t.sidebar}; }}
QLabel#pageTitle {{ font-size: 18pt; font-weight: 600; color: {t.text}; }}
QLabel#pageSubtitle {{ font-size: 10pt; color: {t.muted}; }}
QLabel#sectionTitle {{ font-size: 11.5pt; font-weight: 600; color: {t.text}; padding-top: 4px; }}
QLabel#muted, QLabel#help {{ color: {t.muted}; }}
QLabel#help {{ font-size: 9pt; }}
QLabel#heroTitle {{ font-size: 26pt; font-weight: 700; color: {t.text}; }}
QLabel#actionTitle {{ font-size: 12pt; font-weight: 600; color: {t.text}; }}
QLabel#heroText {{ font-size: 12pt; color: {t.muted}; }}
QFrame#card, QFrame#tile {{
    background: {t.base}; border: 1px solid {t.border}; border-radius: 10px;
}}
QLabel#tileValue {{ font-size: 15pt; font-weight: 600; color: {t.text}; }}
QLabel#tileLabel {{ font-size: 8.5pt; color: {t.muted}; font-weight: 600; letter-spacing: 0.5px; }}
{_tone_rules(t)}
QFrame#problems {{ background: {t.danger_soft}; border: 1px solid {t.danger}; border-radius: 8px; }}
QFrame#problems QLabel {{ color: {t.danger}; }}
QFrame#allGood {{ background: {t.good_soft}; border: 1px solid {t.good}; border-radius: 8px; }}
QFrame#allGood QLabel {{ color: {t.good}; }}
QPushButton {{
    background: {t.base}; color: {t.text}; border: 1px solid {t.border}; border-radius: 6px;
    padding: 5px 12px; min-height: 1.4em;
}}
QPushButton:hover {{ border-color: {t.accent}; }}
QPushButton:pressed {{ background: {t.accent_soft}; }}
QPushButton:disabled {{ color: {t.muted}; background: {t.alt_base}; }}
QPushButton#primary {{
    background: {t.accent}; color: {t.accent_text}; border-color: {t.accent}; font-weight: 600;
}}
QPushButton#primary:disabled {{ background: {t.border}; color: {t.muted}; border-color: {t.border}; }}
QPushButton#action {{
    text-align: left; padding: 14px 16px; font-size: 11pt; border-radius: 10px;
}}
QPushButton#action:hover {{ background: {t.accent_soft}; }}
QPushButton#link {{
    border: none; background: transparent; color: {t.accent}; text-align: left; padding: 2px 0;
}}
QPushButton#link:hover {{ text-decoration: underline; }}
QToolButton {{ border: 1px solid transparent; border-radius: 6px; padding: 3px; }}
QToolButton:hover {{ border-color: {t.border}; background: {t.alt_base}; }}
QTableView {{
    background: {t.base}; alternate-background-color: {t.alt_base}; border: 1px solid {t.border};
    border-radius: 8px; gridline-color: transparent; selection-background-color: {t.selection};
    selection-color: {t.text};
}}
QTableView::item {{ padding: 2px 6px; }}
QListWidget#editList {{
    background: {t.base}; border: 1px solid {t.border}; border-radius: 8px; padding: 4px;
    selection-background-color: {t.selection}; selection-color: {t.text};
}}
QListWidget#editList::item {{ padding: 5px 6px; border-radius: 6px; }}
QListWidget#editList::item:selected {{ background: {t.selection}; color: {t.text}; }}
QHeaderView::section {{
    background: {t.header}; color: {t.muted}; border: none; border-bottom: 1px solid {t.border};
    padding: 6px 6px; font-weight: 600;
}}
QTabWidget::pane {{ border: none; }}
QTabBar::tab {{
    background: transparent; color: {t.muted}; padding: 7px 14px; border: none;
    border-bottom: 2px solid transparent; font-weight: 600;
}}
QTabBar::tab:selected {{ color: {t.text}; border-bottom: 2px solid {t.accent}; }}
QTabBar::tab:hover:!selected {{ color: {t.text}; }}
QLineEdit {{
    background: {t.base}; border: 1px solid {t.border}; border-radius: 6px; padding: 4px 6px;
    min-height: 1.4em;
}}
QLineEdit:focus {{ border-color: {t.accent}; }}
QLineEdit:read-only {{ background: {t.alt_base}; color: {t.muted}; }}
QProgressBar {{
    background: {t.alt_base}; border: 1px solid {t.border}; border-radius: 7px; text-align: center;
    min-height: 1.6em; color: {t.text}; font-weight: 600;
}}
QProgressBar::chunk {{ background: {t.accent}; border-radius: 6px; }}
QProgressBar[over="true"]::chunk {{ background: {t.danger}; }}
QStatusBar {{ background: {t.sidebar}; color: {t.muted}; }}
QStatusBar QLabel {{ color: {t.muted}; padding: 0 8px; }}
QSplitter::handle {{ background: {t.border}; }}
QMenuBar {{ background: {t.window}; }}
QScrollArea {{ border: none; background: transparent; }}
QWidget#transparent {{ background: transparent; }}
"""


def _tone_rules(t: Theme) -> str:
    """``tone`` property colours, as specific as the named label styles they override."""
    colours = {"danger": t.danger, "good": t.good, "warning": t.warning, "muted": t.muted}
    rules = []
    for tone, colour in colours.items():
        selectors = ", ".join(
            f'QLabel{name}[tone="{tone}"]' for name in ("", "#help", "#muted", "#tileValue")
        )
        weight = " font-weight: 600;" if tone == "danger" else ""
        rules.append(f"{selectors} {{ color: {colour};{weight} }}")
    return "\n".join(rules)


# -- icons ---------------------------------------------------------------------------------


def icons_dir() -> Path:
    """Where the SVG icons live (``resources/icons``)."""
    return resource("icons")


class _SvgIconEngine(QIconEngine):
    """Renders an SVG at whatever size and device-pixel ratio the view asks for."""

    def __init__(self, data: bytes, selected: bytes | None = None) -> None:
        super().__init__()
        self._data = data
        self._selected = selected or data

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        data = self._selected if mode == QIcon.Mode.Selected else self._data
        renderer = QSvgRenderer(QByteArray(data))
        if mode == QIcon.Mode.Disabled:
            painter.setOpacity(0.4)
        renderer.render(painter, QRectF(rect))

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State, scale: float) -> QPixmap:
        real = QSize(max(1, round(size.width() * scale)), max(1, round(size.height() * scale)))
        pm = QPixmap(real)
        pm.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pm)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint(painter, QRect(QPoint(0, 0), real), mode, state)
        painter.end()
        pm.setDevicePixelRatio(scale)
        return pm

    def clone(self) -> QIconEngine:
        return _SvgIconEngine(self._data, self._selected)


@functools.cache
def _svg_text(name: str) -> str:
    path = icons_dir() / f"{name}.svg"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


@functools.lru_cache(maxsize=256)
def _icon_cache(name: str, colour: str) -> QIcon:
    text = _svg_text(name)
    if not text:
        return QIcon()
    selected = text.replace("#COLOR#", _current.nav_selected_text).encode()
    return QIcon(_SvgIconEngine(text.replace("#COLOR#", colour).encode(), selected))


def icon(name: str, colour: str | None = None) -> QIcon:
    """The named icon drawn in ``colour`` (default: the theme's text colour)."""
    return _icon_cache(name, colour or _current.text)


_themed: list[tuple[Any, Callable[[QIcon], object], str, str]] = []


def themed_icon(owner: Any, setter: Callable[[QIcon], object], name: str, role: str = "text") -> QIcon:
    """Give ``owner`` the named icon in the theme colour ``role`` now and again on every theme change.

    ``setter`` puts the icon on the owner (``button.setIcon``); the owner is forgotten once Qt has
    deleted it.
    """
    _themed.append((owner, setter, name, role))
    made = icon(name, getattr(_current, role))
    setter(made)
    return made


def repaint_icons() -> None:
    """Draw every themed icon again in the current theme's colours (after ``apply``)."""
    alive = [entry for entry in _themed if shiboken6.isValid(entry[0])]
    _themed[:] = alive
    for _owner, setter, name, role in alive:
        setter(icon(name, getattr(_current, role)))


def tab_with_icon(tabs: Any, page: Any, name: str, title: str) -> int:
    """Add ``page`` to the tab widget ``tabs`` with a themed icon; the tab's index."""
    index = int(tabs.addTab(page, QIcon(), title))
    themed_icon(page, lambda made: tabs.setTabIcon(tabs.indexOf(page), made), name)
    return index


def accent_icon(name: str) -> QIcon:
    """The named icon in the accent colour."""
    return icon(name, _current.accent)

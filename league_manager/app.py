"""Composition root: logging, database location, services; the GUI starts here."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from league_manager.core.files import atomic_output
from league_manager.persistence.location import APP_NAME, backup_folder, default_database, demo_database
from league_manager.ui.page_specs import PAGE_SPECS

if TYPE_CHECKING:
    from league_manager.services.facade import Services

SCREENSHOT_SIZE = (1400, 900)


def log_file() -> Path:
    """Where the program writes its log (the user's log folder)."""
    return platformdirs.user_log_path(APP_NAME) / "league-manager.log"


def configure_logging(level: int = logging.INFO) -> None:
    """Log to the user's log folder (and stderr for warnings)."""
    path = log_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.setLevel(level)
    root.addHandler(handler)


def settings_file() -> Path:
    """Where the desktop application remembers window sizes, recent files and the theme."""
    return platformdirs.user_config_path(APP_NAME) / "desktop.ini"


def backup_dir(database: str) -> Path:
    """The folder "Back up now" writes to: ``backups/`` next to the league file."""
    return backup_folder(Path(database))


def open_services(path: str) -> Services:
    """Open and migrate a league file (raises DatabaseTooNew for files from a newer version)."""
    from league_manager.services.facade import Services

    return Services.open(path)


def restore_backup(backup: Path, database: str) -> Path | None:
    """Put a verified backup in place of a league file (the replaced file is kept beside it)."""
    from league_manager.services.facade import Services

    return Services.restore(backup, database)


def qt_application(argv: list[str] | None = None) -> Any:
    """The QApplication (created once), with the names QSettings and the desktop use."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("League Manager")
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName("League Manager")
    app.setDesktopFileName(APP_NAME)
    return app


def build_window(
    settings_path: Path | None = None, dialogs: Any = None, theme_choice: str | None = None
) -> Any:
    """Create the QApplication (if needed), apply the theme and build the main window."""
    from PySide6.QtCore import QSettings

    from league_manager.ui import theme
    from league_manager.ui.main_window import MainWindow

    app = qt_application()
    path = settings_path or settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    theme.apply(app, theme_choice or str(settings.value("theme", "system")))
    window = MainWindow(settings, open_services, backup_dir, dialogs, restore_backup)
    if settings_path is None:  # the user's own settings: the demo file goes in their data folder
        window.demo_path = demo_database()
    return window


def choose_database(db: str | None, settings_path: Path | None = None) -> str:
    """The file to open: ``--db``/``$LEAGUE_MANAGER_DB`` when given, else the last one opened."""
    if db and db != default_database():
        return db
    from PySide6.QtCore import QSettings

    settings = QSettings(str(settings_path or settings_file()), QSettings.Format.IniFormat)
    recent = settings.value("recent", [])
    paths = [recent] if isinstance(recent, str) else list(recent) if isinstance(recent, list) else []
    for path in paths:
        if Path(str(path)).exists():
            return str(path)
    return db or default_database()


def run_gui(db: str | None = None) -> int:
    """Start the desktop application on ``db`` (or the last league file) and run it."""
    from league_manager.ui.crash import ExceptionHook
    from league_manager.ui.garbage import GuiThreadCollector

    configure_logging()
    window = build_window()
    app = qt_application()
    GuiThreadCollector(app)
    ExceptionHook(window.dialogs).install()
    window.show()
    window.open_database(choose_database(db))
    return int(app.exec())


def screenshot(
    db: str | None,
    output: Path,
    page: str | None = None,
    theme_choice: str | None = None,
    size: tuple[int, int] = SCREENSHOT_SIZE,
) -> int:
    """Render the main window (1400×900 unless ``size`` says otherwise; offscreen unless a
    platform is chosen), save a PNG, exit.

    ``page`` is ``welcome``, ``league[:NAME]``, ``team:NAME``, ``draft:NAME``, ``new-team``,
    ``player:NAME``, ``advance:PLAYER``, ``fixture:ID[#STEP]``, ``wizard``, ``season[:NAME][#TAB]``,
    ``schedule[:SEASON]``, ``new-season[:LEAGUE][#divisions]`` or ``preview:roster:TEAM``.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import tempfile

    from PySide6.QtWidgets import QApplication

    with tempfile.TemporaryDirectory() as folder:
        window = build_window(Path(folder) / "screenshot.ini", theme_choice=theme_choice)
        window.resize(*size)
        window.show()
        window.open_database(db or default_database(), background=False)
        widget = window.show_spec(page or "league")
        for _ in range(5):
            QApplication.processEvents()
        try:
            with atomic_output(output) as temp:
                if not widget.grab().save(str(temp), output.suffix.lstrip(".").upper() or "PNG"):
                    raise OSError(f"cannot write {output}")
            ok = True
        except OSError:
            ok = False
        window.close()
        if widget is not window:
            widget.close()
    return 0 if ok else 1


def register_gui_command(subparsers: Any) -> None:
    """Add the ``gui`` command to the command line (the composition root owns the GUI)."""
    p = subparsers.add_parser("gui", help="open the desktop application (the default with no command)")
    p.add_argument("--screenshot", metavar="FILE.png", type=Path,
                   help="render the window at 1400x900 offscreen, write the PNG and exit")  # fmt: skip
    p.add_argument("--size", metavar="WxH", type=_size, default=SCREENSHOT_SIZE,
                   help="window size for --screenshot, e.g. 1366x768 (default 1400x900)")  # fmt: skip
    p.add_argument("--page", default=None, help=f"page to show: {PAGE_SPECS}")
    p.add_argument("--theme", choices=("system", "light", "dark"), default=None, help="colour scheme")
    p.set_defaults(handler=_cmd_gui)


def _size(text: str) -> tuple[int, int]:
    """``1366x768`` as (1366, 768); a clear error for anything else."""
    import argparse

    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise argparse.ArgumentTypeError(f"size must look like 1366x768, not {text!r}")
    w, h = int(width), int(height)
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is outside 320x240 .. 7680x4320")
    return w, h


def _cmd_gui(args: Any, ctx: Any) -> int:
    """Run the desktop application, or write a screenshot of one page."""
    if args.screenshot is not None:
        code = screenshot(ctx.db, args.screenshot, args.page, args.theme, args.size)
        if code == 0:
            ctx.print(f"wrote {args.screenshot}")
        return code
    return _launch(ctx)


def _launch(ctx: Any) -> int:
    """Start the desktop application on the chosen database (or the last league file)."""
    return run_gui(ctx.db)


def main(argv: list[str] | None = None) -> int:
    """The program: the command line, with the desktop application as the default command."""
    from league_manager.cli.main import main as cli_main

    return cli_main(argv, extra=[register_gui_command], no_command=_launch)

"""``gui``: the desktop application, and a screenshot mode for docs and visual checks.

The GUI is built by the composition root (``league_manager.app``), which sits
above the CLI in the layer order, so this module loads it when the command runs:
``league-manager team list`` never imports Qt.
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any

from league_manager.cli.context import CliContext

PAGES_HELP = "welcome, league[:NAME], team:NAME[#TAB], draft:NAME, new-team, player:NAME, hire:TEAM or wizard"


def _app() -> Any:
    return importlib.import_module("league_manager.app")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``gui`` command."""
    p = subparsers.add_parser("gui", help="open the desktop application (the default with no command)")
    p.add_argument("--screenshot", metavar="FILE.png", type=Path,
                   help="render the window at 1400x900 offscreen, write the PNG and exit")  # fmt: skip
    p.add_argument("--page", default=None, help=f"page to show: {PAGES_HELP}")
    p.add_argument("--theme", choices=("system", "light", "dark"), default=None, help="colour scheme")
    p.set_defaults(handler=cmd_gui)


def cmd_gui(args: argparse.Namespace, ctx: CliContext) -> int:
    """Run the desktop application, or write a screenshot of one page."""
    if args.screenshot is not None:
        code = int(_app().screenshot(ctx.db, args.screenshot, args.page, args.theme))
        if code == 0:
            ctx.print(f"wrote {args.screenshot}")
        return code
    return launch(ctx)


def launch(ctx: CliContext) -> int:
    """Start the desktop application on the chosen database (or the last league file opened)."""
    return int(_app().run_gui(ctx.db))

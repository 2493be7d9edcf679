"""A league's static website: pages, a stylesheet, SVG charts and JSON, for any static host.

``publish_site`` reads the league through the services, renders every page with
autoescaping Jinja2 templates and writes only the files whose content changed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from league_manager.reports.site.gather import Progress, gather
from league_manager.reports.site.output import read_fingerprints, write_changed, write_fingerprints
from league_manager.reports.site.render import render_site

if TYPE_CHECKING:
    from league_manager.services.facade import Services

__all__ = ["Progress", "PublishReport", "publish_site"]


@dataclass(frozen=True)
class PublishReport:
    """What a publication wrote."""

    league: str
    folder: Path
    files: int
    written: int
    unchanged: int
    seconds: float

    def to_dict(self) -> dict[str, object]:
        """Plain data for ``--json`` output."""
        return {
            "league": self.league,
            "output": str(self.folder),
            "files": self.files,
            "written": self.written,
            "unchanged": self.unchanged,
            "seconds": round(self.seconds, 3),
        }


def publish_site(
    services: Services, league: str | int, folder: str | Path, progress: Progress | None = None
) -> PublishReport:
    """Write (or bring up to date) the website of a league in ``folder``.

    Args:
        services: the open league's services (the site reads through them only).
        league: the league's name or id.
        folder: where the site goes (created when missing). Other files in it are kept,
            except pages an earlier publication wrote that no longer exist (a player who left).
        progress: told in words how far the publication is.

    Raises:
        NotFound: no such league.
        OSError: the folder cannot be written.
    """
    start = time.perf_counter()
    tell = progress or (lambda _text: None)
    data = gather(services, league, tell)
    target = Path(folder)
    tell("Rendering pages")
    previous = read_fingerprints(target)
    rendered = render_site(data, previous)
    files = rendered.files
    tell(f"Writing {len(files)} files")
    report = write_changed(target, files)
    for gone in previous.keys() - rendered.keys.keys():  # pages this program wrote, now of nobody
        (target / gone).unlink(missing_ok=True)
    write_fingerprints(target, rendered.keys)
    tell("Done")
    return PublishReport(
        data.league.name, target, len(files), report.written, report.unchanged, time.perf_counter() - start
    )

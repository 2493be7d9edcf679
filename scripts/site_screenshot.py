"""Publish the demo league's website and photograph a page in Qt WebEngine, off-screen.

Run from the repository root (a team page, as wide as a laptop and as a phone)::

    QT_QPA_PLATFORM=offscreen QTWEBENGINE_CHROMIUM_FLAGS="--disable-gpu --no-sandbox" \\
        .venv/bin/python scripts/site_screenshot.py OUT_DIR

It builds the demo league with a four-team season and one fixture played on the match
engine, publishes the site to OUT_DIR/site and saves OUT_DIR/team-1000.png and
OUT_DIR/team-390.png (the team that played). Without a GPU, WebEngine falls back to
software rendering; the GL warnings it prints are harmless.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSize, QTimer, QUrl
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import QApplication

from league_manager.reports.site import publish_site
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services


def build_site(folder: Path) -> Path:
    """The demo league with one played fixture, published; returns the home team's page."""
    db = folder / "demo.db"
    db.unlink(missing_ok=True)
    services = Services.open(db)
    services.create_demo()
    services.seasons.create_season(DEMO_LEAGUE, "Season 1", seed=3)
    services.seasons.add_teams("Season 1", [name for _race, name, _coach in DEMO_TEAMS][:4])
    services.seasons.schedule("Season 1", "round-robin")
    fixture = next(f for f in services.seasons.fixtures("Season 1") if not f.is_bye)
    assert fixture.id is not None and fixture.home_id is not None
    services.match_day.play(fixture.id, seed=7)
    services.match_day.postgame(fixture.id, seed=8)
    publish_site(services, DEMO_LEAGUE, folder / "site")
    services.close()
    return folder / "site" / "teams" / f"{fixture.home_id}.html"


def photograph(app: QApplication, page: Path, out: Path, widths: tuple[int, ...]) -> list[Path]:
    """Load ``page`` in one WebEngine view and save it at each width; returns the files saved."""
    view = QWebEngineView()
    view.resize(QSize(widths[0], 1400))
    view.show()
    saved: list[Path] = []
    left = list(widths)

    def grab() -> None:
        width = left.pop(0)
        target = out / f"team-{width}.png"
        if view.grab().save(str(target)):
            saved.append(target)
        if left:
            view.resize(QSize(left[0], 1400))
            QTimer.singleShot(1500, grab)
        else:
            app.quit()

    view.loadFinished.connect(lambda _ok: QTimer.singleShot(1500, grab))
    view.load(QUrl.fromLocalFile(str(page.resolve())))
    QTimer.singleShot(60_000, app.quit)
    app.exec()
    view.close()
    return saved


def main() -> int:
    """Build, publish, photograph; print where the pictures are."""
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "site-shots")
    out.mkdir(parents=True, exist_ok=True)
    page = build_site(out)
    app = QApplication([sys.argv[0], "--disable-gpu", "--no-sandbox"])
    saved = photograph(app, page, out, (1000, 390))
    for path in saved:
        print(f"saved {path}")
    return 0 if len(saved) == 2 else 1


if __name__ == "__main__":
    sys.exit(main())

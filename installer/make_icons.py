"""Render the app icon (one SVG, named in contents.toml) to the sizes packages need.

``python installer/make_icons.py OUT`` writes ``OUT/hicolor/<n>x<n>/apps/<id>.png`` for each
size, ``OUT/app.png`` (256 px) and, where this Qt has the image writers, ``OUT/app.ico``
(Windows) and ``OUT/app.icns`` (macOS). Runs in the build venv (PySide6), off screen.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter
from PySide6.QtSvg import QSvgRenderer

sys.path.insert(0, str(Path(__file__).resolve().parent))
import contents


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The icon drawn on a transparent ``size`` x ``size`` image."""
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main(out: Path) -> None:
    """Write every icon file under ``out``."""
    app_info = contents.load()["app"]
    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(contents.REPO / app_info["icon"]))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {app_info['icon']}")
    for size in app_info["icon_sizes"]:
        folder = out / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        if not render(renderer, size).save(str(folder / f"{app_info['id']}.png")):
            raise SystemExit(f"cannot write the {size} px icon")
    render(renderer, 256).save(str(out / "app.png"))
    formats = {bytes(f).decode() for f in QImageWriter.supportedImageFormats()}
    for suffix in ("ico", "icns"):
        if suffix in formats:
            render(renderer, 256).save(str(out / f"app.{suffix}"))
        else:
            print(f"make_icons: this Qt cannot write .{suffix}; skipped", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python installer/make_icons.py OUT_FOLDER")
    main(Path(sys.argv[1]))

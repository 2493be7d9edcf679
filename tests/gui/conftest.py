"""GUI fixtures: a scripted DialogService, a main window over a temporary league file."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QInputDialog, QMessageBox

from league_manager.services.facade import Services
from league_manager.ui import gc_pause, theme
from league_manager.ui.dialogs import DialogService
from league_manager.ui.main_window import MainWindow


class FakeDialogs(DialogService):
    """Answers every dialog from a script and records what was shown."""

    def __init__(self) -> None:
        super().__init__(None)
        self.errors: list[tuple[str, str, str]] = []
        self.infos: list[tuple[str, str]] = []
        self.answers: dict[str, list[Any]] = {}
        self.on_run: Callable[[QDialog], bool] | None = None

    def script(self, kind: str, *values: Any) -> None:
        """Queue answers for ``text``, ``password``, ``number``, ``item``, ``confirm``, ``open_file``,
        ``save_file``, ``save_pdf``, ``choose_folder``."""
        self.answers.setdefault(kind, []).extend(values)

    def _next(self, kind: str, default: Any = None) -> Any:
        queue = self.answers.get(kind)
        if not queue:
            if default is not None:
                return default
            raise AssertionError(f"unexpected {kind} dialog")
        return queue.pop(0)

    def info(self, title: str, text: str) -> None:
        self.infos.append((title, text))

    def error(self, title: str, text: str, detail: str = "") -> None:
        self.errors.append((title, text, detail))

    def confirm(self, title: str, text: str, ok: str = "OK") -> bool:
        return bool(self._next("confirm", True))

    def open_file(self, title: str, folder: str = "") -> str | None:
        return self._next("open_file")

    def save_file(self, title: str, suggestion: str = "") -> str | None:
        return self._next("save_file")

    def save_pdf(self, title: str, suggestion: str = "") -> str | None:
        return self._next("save_pdf")

    def choose_folder(self, title: str, folder: str = "") -> str | None:
        return self._next("choose_folder")

    def save_json(self, title: str, suggestion: str = "") -> str | None:
        return self._next("save_json")

    def open_json(self, title: str, folder: str = "") -> str | None:
        return self._next("open_json")

    def open_team_file(self, title: str, folder: str = "") -> str | None:
        return self._next("open_team_file")

    def text(self, title: str, label: str, value: str = "") -> str | None:
        return self._next("text")

    def password(self, title: str, label: str) -> str | None:
        self.infos.append((title, label))
        return self._next("password")

    def number(self, title: str, label: str, value: int, low: int, high: int) -> int | None:
        return self._next("number")

    def item(self, title: str, label: str, items: list[str]) -> str | None:
        wanted = self._next("item")
        return next((i for i in items if i.startswith(wanted)), None)

    def run(self, dialog: QDialog) -> bool:
        if self.on_run is None:
            raise AssertionError("unexpected custom dialog")
        return self.on_run(dialog)


@pytest.fixture(autouse=True)
def _no_real_modals(monkeypatch: pytest.MonkeyPatch) -> None:
    """A real modal dialog would hang the run: make any of them fail the test at once."""

    def boom(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("unexpected modal dialog: answer it through FakeDialogs")

    for name in ("question", "information", "warning", "critical"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(boom))
    monkeypatch.setattr(QMessageBox, "exec", boom)
    monkeypatch.setattr(QDialog, "exec", boom)
    for name in ("getOpenFileName", "getSaveFileName", "getExistingDirectory"):
        monkeypatch.setattr(QFileDialog, name, staticmethod(boom))
    for name in ("getText", "getInt", "getItem"):
        monkeypatch.setattr(QInputDialog, name, staticmethod(boom))


@pytest.fixture
def dialogs() -> FakeDialogs:
    """The scripted dialog service."""
    return FakeDialogs()


@pytest.fixture
def settings_path(tmp_path: Path) -> Path:
    """QSettings file of the test (never the user's)."""
    return tmp_path / "desktop.ini"


@pytest.fixture
def make_window(qtbot: Any, qapp: QApplication, tmp_path: Path, dialogs: FakeDialogs, settings_path: Path):
    """Build main windows over tmp_path settings; each is closed at teardown."""
    if not qapp.styleSheet():  # once: restyling re-polishes every widget alive
        theme.apply(qapp, "light")
    made: list[MainWindow] = []

    def make(resize: bool = True) -> MainWindow:
        settings = QSettings(str(settings_path), QSettings.Format.IniFormat)
        window = MainWindow(settings, Services.open, lambda _db: tmp_path / "backups", dialogs)
        qtbot.addWidget(window)
        if resize:
            window.resize(1400, 900)
        window.show()
        made.append(window)
        return window

    yield make
    for window in made:
        window.runner.wait_for_done(5000)
        window.close_database()
        window.close()


@pytest.fixture
def league_file(tmp_path: Path) -> Iterator[Path]:
    """A league file holding one empty league called "Test League"."""
    path = tmp_path / "test-league.db"
    services = Services.open(path)
    services.leagues.create_league("Test League")
    services.close()
    yield path


@pytest.fixture(scope="session")
def _demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "demo.db"
    services = Services.open(path)
    services.create_demo()
    services.close()
    return path


@pytest.fixture
def demo_file(tmp_path: Path, _demo_template: Path) -> Path:
    """A league file holding the demo league (a copy of one made per session)."""
    path = tmp_path / "demo.db"
    shutil.copyfile(_demo_template, path)
    return path


@pytest.fixture(autouse=True)
def _collector_not_left_paused() -> Iterator[None]:
    """Every GUI test ends with Python's garbage collector as it found it: a worker thread
    (the operations runner, a bot's thought) that was never collected would leave it off."""
    yield
    if gc_pause.paused():
        gc_pause.reset()  # the next tests run with the collector on again
        pytest.fail("a worker thread's pause of the garbage collector was left open")

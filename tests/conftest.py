"""Shared fixtures: headless Qt, no real modal dialogs, a migrated database per test."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest

from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset
from league_manager.services.facade import Services


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the real user data folder: point the default database at tmp_path."""
    monkeypatch.setenv("LEAGUE_MANAGER_DB", str(tmp_path / "default.db"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    """The BB2020 ruleset."""
    return load_ruleset("bb2020")


@pytest.fixture
def services(tmp_path: Path) -> Iterator[Services]:
    """Services over a fresh, migrated SQLite file."""
    svc = Services.open(tmp_path / "league.db")
    yield svc
    svc.close()


@pytest.fixture
def league(services: Services) -> str:
    """A new empty league's name."""
    return services.leagues.create_league("Test League").value.name

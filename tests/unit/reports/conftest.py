"""Fixtures of the PDF tests: the shipped ruleset (teams are built by hand, no database)."""

from __future__ import annotations

import pytest

from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset


@pytest.fixture(scope="session")
def ruleset() -> Ruleset:
    """The shipped BB2020 ruleset."""
    return load_ruleset("bb2020")

"""Equal CTVs: the original printing lets both teams spend their own treasury; the errata does not."""

from __future__ import annotations

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.persistence.models import Team
from league_manager.rules.loader import load_ruleset
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.match_day.pregame import plan_inducements

RULESET = load_ruleset("bb2020")
TEAMS = {
    "home": Team(name="Reds", race="human", league_id=1),
    "away": Team(name="Greens", race="orc", league_id=1),
}
CTV = {"home": 1_000_000, "away": 1_000_000}
WANTED = {"home": [Purchase("Bloodweiser Kegs", 2)], "away": [Purchase("Bribes")]}


def test_original_printing_both_teams_spend_their_treasury() -> None:
    treasury = {"home": 100_000, "away": 100_000}
    bought, record = plan_inducements(RULESET, {"petty_cash": "original"}, TEAMS, treasury, CTV, WANTED)
    assert [b.name for b in bought["home"]] == ["Bloodweiser Kegs"]
    assert [b.name for b in bought["away"]] == ["Bribes"]
    assert record["home"]["paid_from_treasury"] == 100_000 and record["home"]["petty_cash"] == 0
    assert record["away"]["role"] == "equal"
    with pytest.raises(RuleViolation, match="may spend 50,000"):
        plan_inducements(RULESET, {"petty_cash": "original"}, TEAMS, {"home": 50_000, "away": 0}, CTV, WANTED)


def test_errata_equal_values_buy_nothing() -> None:
    treasury = {"home": 100_000, "away": 100_000}
    with pytest.raises(RuleViolation, match="equal"):
        plan_inducements(RULESET, {"petty_cash": "errata_2025"}, TEAMS, treasury, CTV, WANTED)

"""The post-game between rounds, rules side: the setting, SPP records, spending, timing."""

import json

import pytest

from league_manager.core.errors import RuleViolation
from league_manager.rules.event_progression import (
    SppEvent,
    advance_round,
    check_game_spp,
    check_spent,
    parse_spp,
    spp_of,
)
from league_manager.rules.exhibition import EventSettings, check_settings
from league_manager.rules.loader import load_ruleset
from league_manager.services.event_views import settings_from_json, settings_to_json


def test_the_setting_is_checked_shown_and_read_from_older_events() -> None:
    with pytest.raises(RuleViolation, match="'injuries' is not one of none, progression"):
        check_settings(EventSettings(between_rounds="injuries"))
    on = EventSettings(between_rounds="progression")
    assert any(line.startswith("Post-game between rounds: progression") for line in on.lines())
    assert settings_from_json(settings_to_json(on)) == on
    stored = json.loads(settings_to_json(EventSettings()))
    del stored["between_rounds"]  # an event created before the setting existed
    assert settings_from_json(json.dumps(stored)).between_rounds == "none"


def test_spp_awards_and_checks() -> None:
    awards = load_ruleset("bb2020").advancement.spp_awards
    events = parse_spp("3:td, 3:CAS, 4:comp, 4:int, 4:def, 5:mvp")
    assert spp_of(events, awards) == {3: 5, 4: 4, 5: 4}
    check_game_spp(events, 11, touchdowns=1, casualties=1)
    with pytest.raises(RuleViolation, match="1 casualties by players, but the result says 0"):
        check_game_spp(events, 11, touchdowns=1, casualties=0)
    with pytest.raises(RuleViolation, match="no player 5"):
        check_game_spp(events, 4, touchdowns=1, casualties=1)
    check_spent({3: 6}, {3: 6})
    with pytest.raises(RuleViolation, match="player 3 spent 6"):
        check_spent({3: 5}, {3: 6})
    assert [SppEvent(1, "mvp")] == parse_spp("1:mvp")


def test_an_advancement_is_bought_between_rounds_only() -> None:
    assert advance_round(3, 2) == 2 and advance_round(3, 3) == 3
    with pytest.raises(RuleViolation, match="none is played yet"):
        advance_round(3, 1)
    with pytest.raises(RuleViolation, match="all 3 rounds are played"):
        advance_round(3, 4)

"""The classic (LRB 2004) pre-match record on the fixture page: trophies, the Chaos Cup's extra
handicap roll and the handicap MVPs."""

from __future__ import annotations

from league_manager.services.match_day.classic_prematch_models import ClassicPreMatchView
from league_manager.ui.match_day.classic_prematch_dialog import classic_prematch_html


def side(name: str, trophies: list[str]) -> dict[str, object]:
    return {"name": name, "hires": [], "niggles": [], "trophies": trophies, "trophy_rerolls": len(trophies)}


def test_the_pre_match_record_shows_the_holders_trophy_extra_roll_and_handicap_mvps() -> None:
    inspiration = {"d66": 14, "name": "Inspiration", "effect": "an extra MVP"}
    record = {
        "ratings": {"home": 125, "away": 110},
        "fan_factors": {"home": 5, "away": 5},
        "sides": {"home": side("Birch", []), "away": side("Dale", ["Chaos Cup"])},
        "gate": {"fans": 60_000, "dice": 10},
        "handicap": {
            "underdog": "away", "difference": 15, "rolls": 1, "picked": None,
            "results": [{"d66": 32, "name": "Bribe the Announcers", "effect": "MVP before the game"}],
            "extra": {"side": "away", "reason": "Chaos Cup holder", "results": [inspiration]},
        },
        "handicap_mvps": {"away": [{"handicap": "Bribe the Announcers", "name": "Lineman #8"}]},
        "inspiration_pending": ["away"],
        "dice": [],
    }  # fmt: skip
    html = classic_prematch_html(ClassicPreMatchView(10, "Birch", "Dale", "lrb2004 LRB 3.0", record))
    assert "holds Chaos Cup: 1 Trophy Re-roll(s)" in html
    assert "Dale rolls once more (Chaos Cup holder)" in html and "14 Inspiration" in html
    assert "Bribe the Announcers: Lineman #8 (Dale) takes an MVP now" in html
    assert "Before the post-match</b>: Inspiration for Dale (the buttons at the top of this page)" in html

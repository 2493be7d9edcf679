"""The classic (LRB 2004) fixture page shows what the handicap and tournament rules write into the
record: who misses the match and why, the gate's changes, named players, the picks and their
outcomes, and after the match the stage, the Blood Bowl holder's bonus and the final's medals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from league_manager.services.facade import Services
from league_manager.ui.match_day.classic_postmatch_dialog import classic_postmatch_html
from tests.gui.classic_setup import GATE, handicap_fixture, open_at
from tests.unit.services.test_classic_majors import decide, draw_open, full_match, knockout
from tests.unit.services.test_classic_prematch import ORCS


def _record(make_window: Any, tmp_path: Path, typed: list[int], *, post: bool = False) -> tuple[Any, str]:
    path = tmp_path / "record.db"
    window = open_at(make_window, path, "fixture", handicap_fixture(path, typed, post=post))
    return window, window.fixture_page.record.toPlainText()


def test_bad_press_is_shown_on_the_gate(make_window: Any, tmp_path: Path) -> None:
    _, text = _record(make_window, tmp_path, [*GATE, 2, 1, 1, 2])  # 21 Bad Press, 12 Extra Training
    assert "Bad Press: Greenskins's fan factor is 3 this match; its gate dice 6, 6 no longer count" in text


def test_team_anthem_is_shown_on_the_gate(make_window: Any, tmp_path: Path) -> None:
    _, text = _record(make_window, tmp_path, [1] * 8 + [4, 1, 1, 2, 5])  # 41 Team Anthem, 12
    assert "Team Anthem: Visitors's fan factor is 4 this match; one more gate die (5)" in text


def test_it_wasnt_me_names_who_misses_the_match_and_the_post_match_says_so(
    make_window: Any, tmp_path: Path
) -> None:
    window, text = _record(make_window, tmp_path, [*GATE, 4, 4, 1, 2, 3], post=True)
    third = window.ctx.services.teams.get_team("Greenskins").players[2].name
    assert f"It Wasn't Me!: {third} misses the match" in text
    assert f"{third} missed the match (It Wasn't Me!): no SPP, no MVP" in text


def test_tabletop_results_name_their_players(make_window: Any, tmp_path: Path) -> None:
    window, text = _record(make_window, tmp_path, [*GATE, 2, 4, 6, 5])  # 24 Running Late, 65 Iron Man
    record = window.ctx.services.match_day.classic_prematch(1).record
    picks = record["sides"]["away"]["handicap_players"]
    assert "Iron Man" in {p["result"] for p in picks}
    for pick in picks:
        assert f"{pick['result']}: {', '.join(pick['players'])}" in text


def test_an_appearance_fee_waits_and_is_named_before_the_post_match(make_window: Any, tmp_path: Path) -> None:
    window, text = _record(make_window, tmp_path, [*GATE, 1, 1, 1, 2, 2, 3])
    second = window.ctx.services.teams.get_team("Greenskins").players[1].name
    assert f"Appearance Fee: {second} will not play until paid 15,000 gp (rolled 3)" in text
    assert "Before the post-match: Appearance Fee for Greenskins" in text
    assert "fixture appearance-fee" not in text


def test_the_blood_bowl_final_medals_and_the_holders_bonus_are_in_the_post_match(services: Services) -> None:
    draw_open(services, ORCS)
    services.classic_tournaments.name("Open", "Blood Bowl")
    winner, runner_up = decide(services, final_played=True)
    final = next(f for f in knockout(services) if f.round_name == "Final" and not f.third_place)
    html = classic_postmatch_html(services.match_day.classic_prematch(final.id or 0))
    assert "Tournament final: every Fan Factor roll" in html
    assert html.count("Blood Bowl final: every player who played takes a medal MVP (5 SPP)") == 2
    services.classic_tournaments.close("Open", seed=3)
    services.seasons.create_season("Old World", "Next")
    fixture = services.seasons.add_fixture("Next", winner, runner_up).value.id or 0
    full_match(services, fixture, (0, 0))
    html = classic_postmatch_html(services.match_day.classic_prematch(fixture))
    assert "Bloodweiser deal (Blood Bowl holder): 20,000 gp paid" in html
    assert "medal MVP" not in html and "Tournament final" not in html

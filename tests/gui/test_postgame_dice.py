"""Guided physical dice for the post-game: one labelled field per roll, planned from the dice typed so far."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session

from league_manager.core.errors import RuleViolation
from league_manager.persistence import repositories as repo
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services
from league_manager.ui.main_window import MainWindow
from league_manager.ui.match_day.wizard import MatchDayWizard


@pytest.fixture(scope="module")
def _entered_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A season whose first fixture has a 1-0 result entered (no MVP chosen)."""
    folder = tmp_path_factory.mktemp("postdice")
    svc = Services.open(folder / "build.db")
    svc.create_demo()
    svc.seasons.create_season(DEMO_LEAGUE, "S", seed=11)
    svc.seasons.add_teams("S", [name for _r, name, _c in DEMO_TEAMS][:4])
    svc.seasons.schedule("S", "round-robin")
    fixture = svc.seasons.fixtures("S")[0]
    with Session(svc.engine) as session:  # a rich home team: its expensive mistakes are rolled
        repo.add_treasury(fixture.home_id or 0, 250_000, "test prize", "prize", session=session)
        session.commit()
    view = svc.match_day.pregame(fixture.id, seed=3).value
    scorer = view.snapshots["home"]["players"][0]["id"]
    svc.match_day.record(
        fixture.id,
        {"home": {"score": 1}, "away": {"score": 0}, "players": [{"id": scorer, "played": True, "td": 1}]},
    )
    target = svc.backup(folder / "entered.db")
    svc.close()
    return Path(target)


@pytest.fixture
def entered(tmp_path: Path, _entered_template: Path) -> Path:
    path = tmp_path / "entered.db"
    path.write_bytes(_entered_template.read_bytes())
    return path


def test_postgame_dice_are_planned_in_the_rules_order_and_follow_the_dice_typed(entered: Path) -> None:
    services = Services.open(entered)
    try:
        fixture = services.seasons.fixtures("S")[0]
        home, away = fixture.home, fixture.away
        slots = services.match_day.postgame_dice(fixture.id)
        captions = [s.caption for s in slots]
        assert captions[:2] == [f"Dedicated fans, {home} D6", f"Dedicated fans, {away} D6"]
        assert captions[2].startswith(f"MVP, {home} D") and captions[3].startswith(f"MVP, {away} D")
        # the away team is too poor for expensive mistakes; the home team's 1 is a minor incident
        assert captions[4:] == [f"Expensive mistakes, {home} D6", f"Minor incident, {home} D3"]
        # a 6 averts the crisis: no D3 follows
        averted = services.match_day.postgame_dice(fixture.id, [1, 1, 1, 1, 6])
        assert [s.caption for s in averted] == captions[:5]
        # an MVP chosen at the table needs no die
        mvp = services.match_day.get(fixture.id).snapshots["home"]["players"][0]["id"]
        chosen = [s.caption for s in services.match_day.postgame_dice(fixture.id, mvp=[mvp])]
        assert not any(c.startswith(f"MVP, {home}") for c in chosen) and len(chosen) == len(captions) - 1
        assert services.match_day.get(fixture.id).stage == "result_entered"  # a dry run: nothing kept
        # a physical post-game with a die missing is refused, with every die it is applied
        typed = [1] * sum(s.count for s in slots)
        with pytest.raises(RuleViolation, match="was not typed in"):
            services.match_day.postgame(fixture.id, typed=typed[:-1], all_typed=True)
        again = services.match_day.postgame_dice(fixture.id, typed)
        assert again == slots  # 1s lead to no follow-up dice
        view = services.match_day.postgame(fixture.id, typed=typed, all_typed=True).value
    finally:
        services.close()
    assert [r.source for r in view.post.rolls] == ["typed"] * len(typed)


def test_wizard_post_game_takes_physical_dice_die_by_die(
    qtbot: Any, make_window: Any, entered: Path, dialogs: Any
) -> None:
    window: MainWindow = make_window()
    window.open_database(str(entered), background=False)
    fixture = window.ctx.services.seasons.fixtures("S")[0]
    window.show_fixture(fixture.id)
    seen: list[MatchDayWizard] = []

    def drive(wizard: MatchDayWizard) -> bool:
        seen.append(wizard)
        assert wizard.stack.currentIndex() == 2  # the result is in: the post-game step
        wizard.post_dice.typed_mode.setChecked(True)
        captions = [slot.caption for slot in wizard.post_dice.slots()]
        assert captions[0] == f"Dedicated fans, {fixture.home} D6"
        assert all(box.maximum() == slot.sides for slot, boxes in wizard.post_dice.fields for box in boxes)
        assert not wizard.run_postgame()  # nothing typed: refused, nothing rolled
        assert "is not typed in" in dialogs.errors[-1][1]
        assert wizard.view is not None and wizard.view.stage == "result_entered"
        assert captions[-1] == f"Minor incident, {fixture.home} D3"  # planned from a 1 for now
        wizard.post_dice.set_values([1, 1, 1, 1, 6])  # a 6 averts the crisis: the D3 row goes
        qtbot.waitUntil(lambda: len(wizard.post_dice.slots()) == len(captions) - 1)
        assert not wizard.post_dice.missing()
        assert wizard.run_postgame()
        assert wizard.view.stage == "post_game_applied"
        assert {r.source for r in wizard.view.post.rolls} == {"typed"}
        return True

    dialogs.on_run = drive
    window.fixture_page.open_wizard()
    assert seen

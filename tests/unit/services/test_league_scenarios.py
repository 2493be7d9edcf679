"""Every league-side golden scenario under tests/league_scenarios/ runs and meets its expectations.

A league scenario (docs/scenarios.md, "League scenarios") drafts two classic teams, then runs
steps through the services with typed dice: pre-match, result, post-match, the coach's Star
Player pick, gold spent, undoing the post-match or the pre-match. Each step may name the
refusal it must meet (``refused``) or the exact change lines it must report (``changes``);
``expect`` steps check each team's treasury (and that it is the ledger's sum), fan factor,
rating and players' SPP, injuries and missing the next match. Players are named ``home#N``
or ``away#N``: the Nth player of the team's roster at the start.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, func, select

from league_manager.core.errors import LeagueError
from league_manager.persistence.models import TreasuryEntry
from league_manager.rules.draft import DraftPlan
from league_manager.services.facade import Services
from league_manager.services.match_day.classic_prematch_models import ClassicHires
from league_manager.services.season_read_models import PlayerStatLine, ResultEntry

ROOT = Path(__file__).parents[2] / "league_scenarios"
FILES = sorted(ROOT.rglob("*.json"))
SIDES = ("home", "away")


class Run:
    """One scenario's league, its fixture and its players by ``side#N``."""

    def __init__(self, services: Services, teams: Mapping[str, Any]) -> None:
        self.services = services
        services.leagues.create_league("Scenario", "lrb2004")
        self.names = {side: str(teams[side]["name"]) for side in SIDES}
        for side in SIDES:
            t = teams[side]
            plan = DraftPlan(
                t["race"], t["buy"], rerolls=t.get("rerolls", 0), apothecary=t.get("apothecary", False),
                dedicated_fans=t["fan_factor"],
            )  # fmt: skip
            services.teams.draft_team("Scenario", self.names[side], t["coach"], plan)
        services.seasons.create_season("Scenario", "Open")
        self.fixture = self.add_fixture()
        self.players = {
            f"{side}#{n}": p.id
            for side in SIDES
            for n, p in enumerate(services.teams.get_team(self.names[side]).players, start=1)
        }

    def add_fixture(self) -> int:
        return self.services.seasons.add_fixture("Open", self.names["home"], self.names["away"]).value.id or 0

    def player(self, ref: str) -> int:
        return int(self.players[ref])

    def treasury_ledger(self, team_id: int) -> int:
        with Session(self.services.engine) as session:
            total = session.exec(
                select(func.sum(TreasuryEntry.amount)).where(TreasuryEntry.team_id == team_id)
            )
            return int(total.one() or 0)


def _pregame(run: Run, step: Mapping[str, Any]) -> Any:
    fixture = run.fixture if step.get("fixture") != "next" else run.add_fixture()
    hires = {side: ClassicHires(freebooters=dict(h)) for side, h in step.get("freebooters", {}).items()}
    return run.services.match_day.classic_pregame(fixture, typed=step.get("typed", ()), seed=step.get("seed"),
                                                   hires=hires, all_typed="seed" not in step)  # fmt: skip


def _result(run: Run, step: Mapping[str, Any]) -> Any:
    return run.services.seasons.set_result(run.fixture, ResultEntry(**step["score"]))


def _postgame(run: Run, step: Mapping[str, Any]) -> Any:
    figures = [PlayerStatLine(run.player(ref), **f) for ref, f in step.get("figures", {}).items()]
    return run.services.match_day.classic_postgame(
        run.fixture, typed=step.get("typed", ()), seed=step.get("seed"), all_typed="seed" not in step,
        injured=[run.player(ref) for ref in step.get("injured", [])], figures=figures or None,
    )  # fmt: skip


def _star_roll(run: Run, step: Mapping[str, Any]) -> Any:
    return run.services.advancement.star_roll(run.player(step["player"]), step["kind"], step["name"])


def _undo_star_roll(run: Run, step: Mapping[str, Any]) -> Any:
    return run.services.advancement.undo_star_roll(run.player(step["player"]), step["reason"])


def _spend(run: Run, step: Mapping[str, Any]) -> Any:
    return run.services.adjustments.adjust(run.names[step["side"]], "gold", -int(step["gold"]), "spent")


def _gift(run: Run, step: Mapping[str, Any]) -> Any:
    return run.services.adjustments.adjust(run.names[step["side"]], "gold", int(step["gold"]), "a patron")


def _undo_postgame(run: Run, step: Mapping[str, Any]) -> Any:
    return run.services.match_day.classic_undo_postgame(run.fixture, step["reason"])


def _undo_pregame(run: Run, step: Mapping[str, Any]) -> Any:
    return run.services.match_day.cancel_pregame(run.fixture, step["reason"])


def _clear_result(run: Run, step: Mapping[str, Any]) -> Any:
    return run.services.seasons.clear_result(run.fixture)


STEPS: dict[str, Callable[[Run, Mapping[str, Any]], Any]] = {
    "pregame": _pregame,
    "result": _result,
    "postgame": _postgame,
    "star_roll": _star_roll,
    "undo_star_roll": _undo_star_roll,
    "spend": _spend,
    "gift": _gift,
    "undo_postgame": _undo_postgame,
    "undo_pregame": _undo_pregame,
    "clear_result": _clear_result,
}


def _expect(run: Run, expected: Mapping[str, Any]) -> list[str]:
    failures = []
    for side, want in expected.items():
        view = run.services.teams.get_team(run.names[side])
        got: dict[str, Any] = {
            "treasury": view.treasury,
            "fan_factor": view.dedicated_fans,
            "rating": view.rating,
        }
        for key in ("treasury", "fan_factor", "rating"):
            if key in want and want[key] != got[key]:
                failures.append(f"{side} {key}: {got[key]}, expected {want[key]}")
        if run.treasury_ledger(view.id) != view.treasury:
            failures.append(f"{side} treasury {view.treasury} is not its ledger's sum")
        players = {p.id: p for p in view.players}
        for ref, figures in want.get("players", {}).items():
            p = players.get(run.player(ref))
            if p is None:
                failures.append(f"{ref} is not on the roster")
                continue
            seen = {"spp": p.spp, "mng": p.misses_next_game, "niggling": p.niggling,
                    "stats": [p.stats.ma, p.stats.st, p.stats.ag, p.stats.av]}  # fmt: skip
            failures += [f"{ref} {k}: {seen[k]}, expected {v}" for k, v in figures.items() if seen[k] != v]
    return failures


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_league_scenario(path: Path, services: Services) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    run = Run(services, scenario["teams"])
    failures: list[str] = []
    for number, step in enumerate(scenario["steps"], start=1):
        where = f"step {number}"
        if "expect" in step:
            failures += [f"{where}: {f}" for f in _expect(run, step["expect"])]
            continue
        (kind,) = [k for k in step if k in STEPS]
        if "refused" in step:
            with pytest.raises(LeagueError) as refused:
                STEPS[kind](run, step[kind])
            text = str(refused.value)
            if not re.search(step["refused"], text):
                failures.append(f"{where} ({kind}): refused with '{text}', expected /{step['refused']}/")
            continue
        outcome = STEPS[kind](run, step[kind])
        if "changes" in step and outcome.value != step["changes"]:
            failures.append(f"{where} ({kind}): changes {outcome.value}, expected {step['changes']}")
    assert not failures, "\n".join([scenario["name"], *failures])


def test_there_are_league_scenarios() -> None:
    assert len(FILES) >= 3

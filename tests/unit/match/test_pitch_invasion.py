"""Pitch Invasion picks among all the players on the pitch, Stunned ones included."""

from __future__ import annotations

import contextlib

from league_manager.match.core import Ctx
from league_manager.match.procedures.kickoff_events import _pitch_invasion
from league_manager.match.scenario import build
from league_manager.match.state import STUNNED
from league_manager.rules.dice import ScriptedDice


def test_a_stunned_player_can_be_selected_again() -> None:
    data = {
        "name": "x",
        "players": [
            {"id": "h1", "team": "home", "at": [5, 5], "status": "stunned"},
            {"id": "h2", "team": "home", "at": [5, 7]},
            {"id": "a1", "team": "away", "at": [20, 7]},
        ],
    }
    scenario, match, _ = build(data)
    # home rolls lower; D3 = 1; the random player die (2 candidates) picks the stunned h1
    rolls = [(1, "pitch invasion"), (6, "pitch invasion"), (1, "pitch invasion"), (1, "random player")]
    dice = ScriptedDice(list(rolls))
    c = Ctx(match.state, dice, {})
    gen = _pitch_invasion(c, 0)
    with contextlib.suppress(StopIteration):
        next(gen)
    h1, h2 = scenario.index("h1"), scenario.index("h2")
    assert [e.player for e in c.events if e.kind == "pitch_invasion" and e.player >= 0] == [h1]
    assert match.state.status[h1] == STUNNED and match.state.status[h2] != STUNNED
    assert not dice.remaining

"""The Slann Mage-Priest's own spells (its third, Temporal Distortion, is the Asur High Mage's).

- Tectonic Shift: every Rush of the opposition has -1 for the rest of its team turn (no roll). The
  mark is ``(-1 - team, TECTONIC_SHIFT)`` in ``State.skill_used``, which the start of the next team
  turn clears like any per-turn use (as the Horticulturalist's Vigorous Growth).
- Reality Blinks: two Standing players of the caster's team on the pitch, without Loner and not
  holding the ball; D6 3+ they swap squares, else both lose their tackle zones and gain No Hands
  until the start of the caster's next team turn (the Incorporeal spell's effect).
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.state import STANDING

TECTONIC_SHIFT = "Tectonic Shift"
TECTONIC_PENALTY = -1
REALITY_BLINKS = "Reality Blinks"
BLINK_TARGET = 3


def tectonic_shift(c: Ctx, team: int, caster: str, option: int) -> Proc[None]:
    """The opposition's Rushes get -1 until the end of its current team turn (no roll)."""
    c.s.skill_used.add((-1 - (1 - team), TECTONIC_SHIFT))
    c.emit(Event("tectonic_shift", 1 - team, rule=caster, detail=f"Rush {TECTONIC_PENALTY}"))
    yield from ()


def blink_players(c: Ctx, team: int) -> list[int]:
    """The team's players Reality Blinks may pick: Standing on the pitch, no Loner, no ball; none
    unless there are at least two."""
    s = c.s
    fit = [
        q for q in s.players_of(team)
        if s.pos[q] >= 0 and s.status[q] == STANDING and q != s.carrier and "Loner" not in s.skills[q]
    ]  # fmt: skip
    return fit if len(fit) >= 2 else []


def reality_blinks(c: Ctx, team: int, caster: str, p: int) -> Proc[None]:
    """The coach picks the second player (``wizard`` prompt, CHOOSE the player), then D6: 3+ the
    two swap squares; 1-2 both turn incorporeal until the start of the team's next team turn."""
    from league_manager.match.inducements.necro_spells import incorporeal

    s = c.s
    c.emit(Event("spell", team, p, square=s.pos[p], rule=caster, detail=REALITY_BLINKS))
    others = [q for q in blink_players(c, team) if q != p]
    info = {"wizard": caster, "spells": [REALITY_BLINKS], "nominate": 1}
    choice = yield Prompt("wizard", team, [Action(CHOOSE, q, 0) for q in others], info)
    q = choice.player
    roll = c.d6("reality blinks")
    ok = roll >= BLINK_TARGET
    detail = "swap places" if ok else "waver between realities"
    c.emit(Event("reality_blinks", team, p, (roll,), BLINK_TARGET, success=ok, rule=caster, detail=detail))
    if ok:
        first, second = s.pos[p], s.pos[q]
        s.place(p, second)
        s.place(q, first)
        c.emit(Event("blinked", team, q, square=first, rule=caster))
        return
    for x in (p, q):
        yield from incorporeal(c, x)

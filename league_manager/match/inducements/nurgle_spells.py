"""The Horticulturalist of Nurgle's spells: vigorous growth (every Rush of the opposition at -2
for its team turn) and Strange Flora (D3 nominated opponents near a square Knocked Down on 3+).

The vigorous growth is kept in ``State.skill_used`` as ``(-1 - team, VIGOROUS_GROWTH)``, which the
start of the next team turn clears like any per-turn use.
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import SPELL_BONUS
from league_manager.match.pitch import PITCH_SQUARES, distance
from league_manager.match.state import STANDING

VIGOROUS_GROWTH = "Vigorous Growth"
"""Our name for the spell (the text we read gives it no heading): Rushes at -2 for a team turn."""
RUSH_PENALTY = -2
STRANGE_FLORA = "Strange Flora"
FLORA_TARGET = 3
FLORA_REACH = 2


def vigorous_growth(c: Ctx, team: int, caster: str, option: int) -> Proc[None]:
    """The opposition's Rushes get -2 until the end of its current team turn (no roll)."""
    c.s.skill_used.add((-1 - (1 - team), VIGOROUS_GROWTH))
    c.emit(Event("vigorous_growth", 1 - team, rule=caster, detail=f"Rush {RUSH_PENALTY}"))
    yield from ()


def rush_penalty(c: Ctx, p: int) -> tuple[tuple[str, int], ...]:
    """The vigorous growth's (and the Slann's Tectonic Shift's) modifiers to a Rush of ``p`` (of the
    active team when ``p`` is -1)."""
    from league_manager.match.inducements.slann_spells import TECTONIC_PENALTY, TECTONIC_SHIFT

    s = c.s
    team = s.team[p] if p >= 0 else s.active
    spells = ((VIGOROUS_GROWTH, RUSH_PENALTY), (TECTONIC_SHIFT, TECTONIC_PENALTY))
    return tuple((name, mod) for name, mod in spells if (-1 - team, name) in s.skill_used)


def _foes_near(c: Ctx, team: int, square: int) -> list[int]:
    s = c.s
    return [
        q for q in s.players_of(1 - team)
        if s.pos[q] >= 0 and s.status[q] == STANDING and distance(s.pos[q], square) <= FLORA_REACH
    ]  # fmt: skip


def flora_squares(c: Ctx, team: int) -> list[int]:
    """Empty squares with a standing opposing player within two squares."""
    s = c.s
    foes = [s.pos[q] for q in s.players_of(1 - team) if s.pos[q] >= 0 and s.status[q] == STANDING]
    return [
        sq for sq in PITCH_SQUARES if s.board[sq] < 0 and any(distance(sq, f) <= FLORA_REACH for f in foes)
    ]  # fmt: skip


def strange_flora(c: Ctx, team: int, caster: str, square: int) -> Proc[None]:
    """D3 standing opponents within two squares of the (empty) square, nominated by the coach
    (all of them when there are no more than D3), each Knocked Down on a D6 of 3+."""
    from league_manager.match.procedures.injury import knock_down

    s = c.s
    c.emit(Event("spell", team, square=square, rule=caster, detail=STRANGE_FLORA))
    count = c.roll(3, "strange flora count")
    near = _foes_near(c, team, square)
    chosen: list[int] = []
    while near and len(chosen) < count:
        if len(near) <= count - len(chosen):
            chosen += near
            break
        options = [Action(CHOOSE, q, 0) for q in near]
        info = {"wizard": caster, "spells": [STRANGE_FLORA], "nominate": count - len(chosen)}
        choice = yield Prompt("wizard", team, options, info)
        chosen.append(choice.player)
        near.remove(choice.player)
    c.emit(Event("strange_flora", team, rolls=(count,), rule=caster, detail=f"{len(chosen)} nominated"))
    for q in chosen:
        if s.pos[q] < 0 or s.status[q] != STANDING:
            continue
        roll = c.d6("strange flora")
        ok = roll >= FLORA_TARGET
        c.emit(Event("strange_flora_hit", s.team[q], q, (roll,), FLORA_TARGET, success=ok, rule=caster))
        if ok:
            yield from knock_down(c, q, bonus=SPELL_BONUS, cause="knocked down")

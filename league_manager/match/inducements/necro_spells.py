"""The Sports Necrotheurge's spells: Incorporeal (an opposing player turns incorporeal) and
Vanhel's Danse Macabre (the caster's Linemen improve MA, AG or PA for a team turn).

Both keep their marks in ``State.temporary``: ``INCORPOREAL_MARK`` (lasting until the start of the
player's team's next team turn, or the drive's end) and ``DANSE`` / ``MA+1`` / ``AG+1`` /
``PA+1`` (lasting ``TURN``: until the end of the caster's team turn, ``turn_ends``).
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, DECLINE, PRAYER, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.state import State

INCORPOREAL = "Incorporeal"
INCORPOREAL_MARK = "Incorporeal (spell)"
"""``State.temporary`` mark of the spell; not the skill's name, which a player (Gretchen) may have
and which the drive's end would take away with the mark."""
INCORPOREAL_TARGET = 3
NO_HANDS = "No Hands"
DANSE = "Vanhel's Danse Macabre"
DANSE_TARGET = 3
TURN = "spell turn"
"""``State.temporary`` duration: until the end of the current team turn of the player's team."""
BOOSTS = ("MA", "AG", "PA")


def incorporeal(c: Ctx, p: int) -> Proc[None]:
    """The player gains No Hands (dropping the ball, which bounces) and loses its tackle zone
    until the start of its team's next team turn."""
    from league_manager.match.procedures.ball import bounce
    from league_manager.match.procedures.prayers import grant_skill

    s = c.s
    if NO_HANDS not in s.skills[p]:
        grant_skill(c, p, NO_HANDS, "", "drive")
    s.temporary.append((p, INCORPOREAL_MARK, "drive"))
    s.tz_lost[p] = True
    if s.carrier == p:
        s.carrier = -1
        yield from bounce(c, s.pos[p])


def lost_tz(s: State, p: int) -> bool:
    """Whether ``p`` is in Incorporeal (its tackle zone stays lost when it is activated)."""
    return any(q == p and what == INCORPOREAL_MARK for q, what, _ in s.temporary)


def incorporeal_fades(c: Ctx, team: int) -> None:
    """At the start of ``team``'s team turn its players in Incorporeal become solid again."""
    s = c.s
    faded = {q for q, what, _ in s.temporary if what == INCORPOREAL_MARK and s.team[q] == team}
    if not faded:
        return
    dropped = {(q, INCORPOREAL_MARK, "drive") for q in faded} | {(q, NO_HANDS, "drive") for q in faded}
    for q in faded:
        if (q, NO_HANDS, "drive") in s.temporary:
            s.skills[q] = s.skills[q] - {NO_HANDS}
            c.refresh_hooks(q)
        s.tz_lost[q] = False
        c.emit(Event("incorporeal_ends", team, q, rule=INCORPOREAL))
    s.temporary = [mark for mark in s.temporary if mark not in dropped]


def _linemen(c: Ctx, team: int) -> list[int]:
    s = c.s
    players, first = s.teams[team].players, s.players_of(team).start
    out = []
    for q in s.players_of(team):
        snap = players[q - first]
        if s.pos[q] >= 0 and (snap.journeyman or "lineman" in snap.position.lower()):
            out.append(q)
    return out


def danse_macabre(c: Ctx, team: int, caster: str, option: int) -> Proc[None]:
    """D6 3+: each Lineman (journeymen too) of the team on the pitch may improve MA, AG or PA by 1
    when activated during the team's next team turn (``danse_choice``)."""
    s = c.s
    roll = c.d6("danse macabre")
    ok = roll >= DANSE_TARGET
    c.emit(Event("danse_macabre", team, rolls=(roll,), target=DANSE_TARGET, success=ok, rule=caster))
    if ok:
        s.temporary.extend((q, DANSE, TURN) for q in _linemen(c, team))
    yield from ()


def danse_choice(c: Ctx, p: int) -> Proc[None]:
    """When a Danse Macabre Lineman is activated its coach picks MA, AG or PA +1 for the turn
    (``prayer`` prompt with ``info["skills"]``, CHOOSE by index, or DECLINE)."""
    s = c.s
    if not s.temporary or (p, DANSE, TURN) not in s.temporary:
        return
    s.temporary.remove((p, DANSE, TURN))
    better = {"MA": True, "AG": s.ag[p] > 1, "PA": s.pa[p] > 1}  # a PA of 0 is no PA at all
    boosts = [b for b in BOOSTS if better[b]]
    options = [Action(CHOOSE, p, i) for i in range(len(boosts))] + [Action(DECLINE)]
    labels = [f"{b} +1" for b in boosts]
    choice = yield Prompt(PRAYER, s.team[p], options, {"prayer": DANSE, "player": p, "skills": labels})
    if choice.kind != CHOOSE:
        return
    boost = boosts[choice.square]
    if boost == "MA":
        s.ma[p] += 1
    elif boost == "AG":
        s.ag[p] -= 1
    else:
        s.pa[p] -= 1
    s.temporary.append((p, f"{boost}+1", TURN))
    c.emit(Event("danse_macabre", s.team[p], p, rule=DANSE, detail=f"{boost} +1"))


def turn_ends(c: Ctx, team: int) -> None:
    """The end of ``team``'s team turn: its players' ``TURN`` marks end (boosts undone)."""
    s = c.s
    if not any(lasts == TURN for _, _, lasts in s.temporary):
        return
    keep = []
    for q, what, lasts in s.temporary:
        if lasts != TURN or s.team[q] != team:
            keep.append((q, what, lasts))
        elif what == "MA+1":
            s.ma[q] -= 1
        elif what == "AG+1":
            s.ag[q] += 1
        elif what == "PA+1":
            s.pa[q] += 1
    s.temporary = keep

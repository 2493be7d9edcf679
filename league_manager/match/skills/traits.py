"""Skills and traits with their own small procedures: activation tests and blocking extras."""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, LASH_OUT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.procedures.injury import knock_down
from league_manager.match.procedures.rerolls import test
from league_manager.match.skills import points, star_points, stars_4_points
from league_manager.match.skills.registry import register
from league_manager.match.state import STANDING


def _lose_tz(c: Ctx, p: int, skill: str) -> None:
    c.emit(Event("loses_tackle_zone", c.s.team[p], p, rule=skill))
    c.lose_tackle_zone(p, skill)


@register(points.ACTIVATION_TEST, "Bone Head")
def bone_head(c: Ctx, p: int, action: str) -> Proc[bool]:
    """2+ or the player loses their tackle zone and the activation ends."""
    ok = yield from test(c, p, "bone_head", 2, ())
    if not ok:
        _lose_tz(c, p, "Bone Head")
    return ok


@register(points.ACTIVATION_TEST, "Really Stupid")
def really_stupid(c: Ctx, p: int, action: str) -> Proc[bool]:
    """4+ (5+ when the parameter says so; +2 with an adjacent standing team-mate who is not
    Really Stupid)."""
    s = c.s
    helped = any(
        s.board[n] >= 0
        and s.team[s.board[n]] == s.team[p]
        and s.status[s.board[n]] == STANDING
        and "Really Stupid" not in s.skills[s.board[n]]
        for n in NEIGHBOURS[s.pos[p]]
    )
    mods = (("team-mate", 2),) if helped else ()
    target = int(s.params[p].get("Really Stupid", "4+").rstrip("+") or 4)  # 5+ after Krot's tinkering
    ok = yield from test(c, p, "really_stupid", target, mods)
    if not ok:
        _lose_tz(c, p, "Really Stupid")
    return ok


@register(points.ACTIVATION_TEST, "Take Root")
def take_root(c: Ctx, p: int, action: str) -> Proc[bool]:
    """2+ or the player is Rooted for the drive (may still block)."""
    ok = yield from test(c, p, "take_root", 2, ())
    if not ok:
        c.s.rooted.add(p)
        c.emit(Event("rooted", c.s.team[p], p, rule="Take Root"))
    return True


@register(points.ACTIVATION_TEST, "Animal Savagery")
def animal_savagery(c: Ctx, p: int, action: str) -> Proc[bool]:
    """4+ (+2 declaring Block or Blitz), else lash out at an adjacent team-mate."""
    s = c.s
    mods = (("Block/Blitz", 2),) if action in ("block", "blitz") else ()
    ok = yield from test(c, p, "animal_savagery", 4, mods)
    if ok:
        return True
    mates = [
        s.board[n]
        for n in NEIGHBOURS[s.pos[p]]
        if s.board[n] >= 0 and s.team[s.board[n]] == s.team[p] and s.status[s.board[n]] == STANDING
    ]
    if not mates:
        _lose_tz(c, p, "Animal Savagery")
        return False
    foes: list[int] = []
    if any(fn(c, p) for _rule, fn in c.hook(p, star_points.LASH_OUT_AT_OPPONENT)):
        foes = [q for n in NEIGHBOURS[s.pos[p]] if (q := s.board[n]) >= 0 and s.team[q] != s.team[p]]
        foes = [q for q in foes if s.status[q] == STANDING]
    opts = [Action(CHOOSE, q) for q in mates + foes]
    choice = yield Prompt(LASH_OUT, s.team[p], opts, {"player": p})
    victim = choice.player
    if victim in foes:
        for rule, _fn in c.hook(p, star_points.LASH_OUT_AT_OPPONENT):
            star_points.mark_used(c, p, rule)
            c.emit(Event("lash_out", s.team[p], p, rule=rule, other=victim))
            yield from knock_down(c, victim, by=p)
            return True
    c.emit(Event("lash_out", s.team[p], p, rule="Animal Savagery", other=victim))
    had_ball = s.carrier == victim
    yield from knock_down(c, victim, by=p)
    if had_ball:
        s.turnover = True
    return not had_ball


@register(points.FRENZY, "Frenzy")
def _frenzy() -> bool:
    return True


@register(points.JUGGERNAUT, "Juggernaut")
def _juggernaut() -> bool:
    return True


@register(points.FEND, "Fend")
def _fend() -> bool:
    return True


@register(points.SIDE_STEP, "Sidestep")
def _side_step() -> bool:
    return True


@register(points.GRAB, "Grab")
def _grab() -> bool:
    return True


@register(points.STRIP_BALL, "Strip Ball")
def _strip_ball() -> bool:
    return True


@register(points.KEEP_BALL, "Sure Hands")
def _sure_hands_keep() -> bool:
    return True


@register(points.DAUNTLESS, "Dauntless")
def _dauntless() -> bool:
    return True


@register(points.JUMP_UP, "Jump Up")
def _jump_up() -> bool:
    return True


@register(points.IGNORE_MARKED_DODGE, "Stunty")
def _stunty_dodge() -> bool:
    return True


@register(points.IGNORE_MARKED_PASSING, "Nerves of Steel")
def _nerves_of_steel() -> bool:
    return True


@register(points.PASS_BONUS, "Accurate")
def _accurate(band: int) -> int:
    return 1 if band in (1, 2) else 0


@register(points.BREAK_TACKLE, "Break Tackle")
def _break_tackle(st: int) -> int:
    return 2 if st >= 5 else 1


@register(points.DIVING_TACKLE, "Diving Tackle")
def _diving_tackle() -> bool:
    return True


@register(points.SHADOWING, "Shadowing")
def _shadowing() -> bool:
    return True


@register(points.ON_THE_BALL, "On the Ball")
def _on_the_ball() -> int:
    return 3


@register(points.ACTIVATION_TEST, "Unchannelled Fury")
def unchannelled_fury(c: Ctx, p: int, action: str) -> Proc[bool]:
    """4+ (+2 declaring Block or Blitz), else the activation ends at once."""
    mods = (("Block/Blitz", 2),) if action in ("block", "blitz") else ()
    ok = yield from test(c, p, "unchannelled_fury", 4, mods)
    if not ok and mods:
        ok = yield from stars_4_points.after_failed_fury(c, p)
    return ok


@register(points.BLITZ_STRENGTH, "Horns")
def _horns() -> int:
    return 1


@register(points.THROW_TEAM_MATE, "Throw Team-mate")
def _throw_team_mate() -> bool:
    return True


@register(points.RIGHT_STUFF, "Right Stuff")
def _right_stuff() -> bool:
    return True


@register(points.ALWAYS_HUNGRY, "Always Hungry")
def _always_hungry() -> bool:
    return True


@register(points.THROW_BONUS, "Strong Arm")
def _strong_arm() -> int:
    return 1


@register(points.LEAP, "Leap")
def _leap() -> int:
    return 1


@register(points.MULTIPLE_BLOCK, "Multiple Block")
def _multiple_block() -> bool:
    return True


@register(points.PROJECTILE_VOMIT, "Projectile Vomit")
def _projectile_vomit() -> bool:
    return True


@register(points.STAB, "Stab")
def _stab() -> bool:
    return True

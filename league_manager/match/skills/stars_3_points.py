"""Hook points of star players' special rules (issue 12, part 3) and the calls procedures make.

Handlers live in ``stars_3.py``; the procedures that need these points call the small
functions here, which run the handlers of the player concerned. Once-per-game and
once-per-half uses are kept in ``State.skill_used`` under ``registry.used_key`` names.
"""

from __future__ import annotations

from league_manager.match.core import Ctx, Proc
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.skills.registry import hook_point
from league_manager.match.state import STANDING

EXTRA_RUSH_ONCE = hook_point(
    "extra_rush_once", "fn(c, p) -> int: one more Rush this activation, once per game (Burst of Speed)"
)
RUSHED_BEYOND = hook_point(
    "rushed_beyond", "fn(c, p) -> None: p made the Rush its once-per-game rule allowed (Burst of Speed)"
)
BALL_AND_CHAIN_DIRECTION = hook_point(
    "ball_and_chain_direction",
    "fn(c, p, d) -> Proc[int]: the Ball & Chain direction D6, perhaps re-rolled (Whirling Dervish)",
)
CHAINSAW_BONUS = hook_point(
    "chainsaw_bonus", "fn(c, p) -> int: added to the Armour bonus of p's Chainsaw Attack (Ghostly Flames)"
)
CHAINSAW_BLITZ = "makes a Chainsaw Attack in a Blitz"
"""``skill_used`` name marking a Chainsaw Attack made as the Blitz's block (cleared each turn)."""


def extra_rushes(c: Ctx, p: int) -> int:
    """Rushes p's once-per-game rules add to this activation."""
    return sum(int(fn(c, p)) for _rule, fn in c.hook(p, EXTRA_RUSH_ONCE))


def rushed_all(c: Ctx, p: int) -> None:
    """p made its last allowed Rush: a once-per-game extra Rush, if it had one, is spent."""
    for _rule, fn in c.hook(p, RUSHED_BEYOND):
        fn(c, p)


def ball_and_chain_direction(c: Ctx, p: int, d: int) -> Proc[int]:
    """The Ball & Chain direction D6 after p's rules had their say."""
    for _rule, fn in c.hook(p, BALL_AND_CHAIN_DIRECTION):
        d = yield from fn(c, p, d)
    return d


def chainsaw_bonus(c: Ctx, p: int) -> int:
    """Extra Armour bonus of p's Chainsaw Attack that has hit."""
    return sum(int(fn(c, p)) for _rule, fn in c.hook(p, CHAINSAW_BONUS))


CHAINSAW_ON_DOWN = hook_point(
    "chainsaw_on_down",
    "fn(c, p) -> bool: p may now aim a Chainsaw Attack at a Prone or Stunned opponent (Kick 'em While"
    " They're Down!)",
)
CHAINSAW_ON_DOWN_USED = hook_point(
    "chainsaw_on_down_used", "fn(c, p) -> None: p aims a Chainsaw Attack at an opponent who is down"
)
AFTER_CHAINSAW = hook_point(
    "after_chainsaw", "fn(c, p) -> Proc[None]: p's Chainsaw Attack is over (Maximum Carnage)"
)


def chainsaw_on_down(c: Ctx, p: int) -> bool:
    """Whether p may make a Chainsaw Attack against a Prone or Stunned opponent now."""
    if CHAINSAW_ON_DOWN not in c.hooks[p]:  # the common case, asked for every player each turn
        return False
    return any(fn(c, p) for _rule, fn in c.hook(p, CHAINSAW_ON_DOWN))


def chainsaw_on_down_used(c: Ctx, p: int) -> None:
    """p makes a Chainsaw Attack against an opponent who is down: its rule is spent."""
    for _rule, fn in c.hook(p, CHAINSAW_ON_DOWN_USED):
        fn(c, p)


def after_chainsaw(c: Ctx, p: int) -> Proc[None]:
    """Run p's rules that follow its Chainsaw Attack."""
    for _rule, fn in c.hook(p, AFTER_CHAINSAW):
        yield from fn(c, p)


def chainsaw_on_down_target(c: Ctx, p: int) -> bool:
    """Whether p, standing, may aim a Chainsaw Attack at an opponent who is down next to it."""
    s = c.s
    if CHAINSAW_ON_DOWN not in c.hooks[p] or s.pos[p] < 0 or s.status[p] != STANDING:
        return False
    if not chainsaw_on_down(c, p):
        return False
    return any(
        (q := s.board[n]) >= 0 and s.team[q] != s.team[p] and s.status[q] != STANDING
        for n in NEIGHBOURS[s.pos[p]]
    )


SPARE_TEAM_REROLL = hook_point(
    "spare_team_reroll", "fn(c, p) -> bool: p's rule gives its team a team re-roll now (Lord of Chaos)"
)
SPARE_TEAM_REROLL_USED = hook_point(
    "spare_team_reroll_used", "fn(c, p) -> None: the team re-roll p's rule gave is spent"
)


def spare_reroll(c: Ctx, team: int) -> int:
    """A player of ``team`` whose rule gives the team a team re-roll now, or -1."""
    for p in c.s.players_of(team):
        if any(fn(c, p) for _rule, fn in c.hook(p, SPARE_TEAM_REROLL)):
            return p
    return -1


def spend_spare_reroll(c: Ctx, p: int) -> str:
    """Spend the team re-roll p's rule gives; returns the rule's name."""
    name = ""
    for rule, fn in c.hook(p, SPARE_TEAM_REROLL_USED):
        fn(c, p)
        name = str(rule)
    return name


HELPED_JUMP = hook_point(
    "helped_jump",
    "fn(c, p, dest, adjusters) -> Proc[bool | None]: p's rule makes the Jump test itself (its result),"
    " or None when not used (Bounding Leap)",
)


def helped_jump(c: Ctx, p: int, dest: int, adjusters: tuple[object, ...]) -> Proc[bool | None]:
    """The result of p's Jump test made under one of its rules, or None when none is used."""
    for _rule, fn in c.hook(p, HELPED_JUMP):
        result = yield from fn(c, p, dest, adjusters)
        if result is not None:
            return bool(result)
    return None


BOMB_TWICE = hook_point(
    "bomb_twice", "fn(c, p) -> Proc[bool]: this Throw Bomb action throws two bombs (All You Can Eat)"
)
AFTER_SECOND_BOMB = hook_point(
    "after_second_bomb", "fn(c, p) -> Proc[None]: p threw its second bomb of the action"
)


def bomb_twice(c: Ctx, p: int) -> Proc[bool]:
    """Whether p's Throw Bomb action throws two bombs (declared before the first)."""
    for _rule, fn in c.hook(p, BOMB_TWICE):
        if (yield from fn(c, p)):
            return True
    return False


def after_second_bomb(c: Ctx, p: int) -> Proc[None]:
    """Run p's rules that follow the second bomb of its action."""
    for _rule, fn in c.hook(p, AFTER_SECOND_BOMB):
        yield from fn(c, p)

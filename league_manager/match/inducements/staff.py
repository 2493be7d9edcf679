"""(In)famous Coaching Staff: the sideline help a team bought for one game.

A staff member bought by both teams helps neither (league play; reference
``named_duplicates``). Each rule below names the staff member's rule it follows.
"""

from __future__ import annotations

from league_manager.match.actions import DECLINE, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import COACHING_STAFF, left, use
from league_manager.match.state import STUNNED, State

BUGMAN, KARI, GALANDRIL, MUNGO, FINK = COACHING_STAFF

KARI_CHEERLEADERS = 2
"""Kari Coldsteel counts as two Temp Agency Cheerleaders."""
PRAYER_REROLL_ROLLS = (15, 16)
"""Galandril Silverwater: a natural 15 or 16 on a Prayers to Nuffle D16 gives a team re-roll."""
MUNGO_BADLY_HURT, MUNGO_STUNNED = 1, 5


def hired(s: State, team: int, name: str) -> bool:
    """Whether ``team`` bought the staff member and the other team did not."""
    mine = dict(s.teams[team].inducements).get(name, 0)
    theirs = dict(s.teams[1 - team].inducements).get(name, 0)
    return mine > 0 and not theirs


def bugman_reroll(c: Ctx, p: int, roll: int) -> int:
    """Bugman's XXXXXX: a 1 rolled to recover from KO is re-rolled (the new roll stands)."""
    team = c.s.team[p]
    if roll != 1 or not hired(c.s, team, BUGMAN):
        return roll
    c.emit(Event("ko_recovery", team, p, (roll,), rule=BUGMAN, detail="the 1 is re-rolled"))
    return c.d6("ko recovery")


def cheerleaders(c: Ctx, team: int) -> int:
    """Cheerleaders counted for Cheering Fans: Kari Coldsteel counts as two; with Galandril
    Silverwater ("Go Team!") D3 more, a team without any counting as having one."""
    s = c.s
    count = s.teams[team].cheerleaders + (KARI_CHEERLEADERS if hired(s, team, KARI) else 0)
    if hired(s, team, GALANDRIL):
        extra = c.roll(3, "galandril silverwater")
        c.emit(Event("cheerleaders", team, rolls=(extra,), rule=GALANDRIL, detail=f"+{extra}"))
        count = max(count, 1) + extra
    return count


def prayer_reroll(c: Ctx, team: int, roll: int) -> None:
    """Go Team!: a natural 15 or 16 on the team's Prayers to Nuffle roll gives one more team
    re-roll (kept like the team's own re-rolls, until half time)."""
    if roll in PRAYER_REROLL_ROLLS and hired(c.s, team, GALANDRIL):
        c.s.rerolls[team] += 1
        c.emit(Event("team_reroll_gained", team, rolls=(roll,), rule=GALANDRIL, detail="+1 team re-roll"))


def fink(s: State, team: int) -> bool:
    """Fink Da Fixer helps while hired and not yet sent off with the coach."""
    return hired(s, team, FINK) and not s.coach_ejected[team]


def fink_bribe_reroll(c: Ctx, team: int) -> bool:
    """You Got It, Boss!: once per game a failed Bribe roll may be re-rolled (always taken)."""
    if not fink(c.s, team) or left(c.s, team, FINK) <= 0:
        return False
    use(c.s, team, FINK)
    return True


def mungo(c: Ctx, p: int) -> Proc[str]:
    """I'm Fine Thanks, Mungo!: a player KO'd on the pitch may roll a D6 before leaving it.

    Returns "badly_hurt" (a 1), "ko" (2-4, or not used) or "stunned" (5-6).
    """
    s = c.s
    team = s.team[p]
    if not hired(s, team, MUNGO):
        return "ko"
    opts = [Action(USE_SKILL, p), Action(DECLINE)]
    choice = yield Prompt(USE_SKILL_PROMPT, team, opts, {"skill": MUNGO, "player": p})
    if choice.kind != USE_SKILL:
        return "ko"
    roll = c.d6("mungo spinecracker")
    outcome = "badly_hurt" if roll <= MUNGO_BADLY_HURT else "stunned" if roll >= MUNGO_STUNNED else "ko"
    c.emit(Event("mungo", team, p, (roll,), rule=MUNGO, detail=outcome.replace("_", " ")))
    if outcome == "stunned":
        s.status[p] = STUNNED
        s.stunned_now.add(p)
    return outcome

"""(In)famous Coaching Staff whose work is done at the pre-game: players changed for the game.

Rolled by the engine after the weather and before the coin toss (the rules' "after Step 4 but
before Step 5"). Each pick is noted in the player's ``PlayerStats.staff`` as (staff, skill), so
the match result carries it to the post-game, which rolls for it (``services/match_day``).
"""

from __future__ import annotations

from league_manager.match.core import Ctx
from league_manager.match.events import Event
from league_manager.match.inducements import COACHING_STAFF
from league_manager.match.inducements.staff import hired, staff_name
from league_manager.match.state import State
from league_manager.match.teams import PlayerSnapshot

AYLEEN, FRONKELHEIM, SCHIELUND = COACHING_STAFF[6:9]
PRO = "Pro"
MUTATIONS = "M"
LONER = "Loner"


def _snap_of(s: State, p: int) -> PlayerSnapshot:
    team = s.team[p]
    return s.teams[team].players[p if team == 0 else p - len(s.teams[0].players)]


def pregame(c: Ctx) -> None:
    """Ayleen Andar's journeymen, Professor Fronkelheim's and Schielund Scharlitan's D3 players."""
    s = c.s
    for team in (0, 1):
        if hired(s, team, AYLEEN):
            _ayleen(c, team)
        if hired(s, team, FRONKELHEIM):  # "Have you thought about an upgrade?"
            for p in _chosen(c, team, FRONKELHEIM):
                _note(s, p, FRONKELHEIM, _random_skill(c, p, MUTATIONS, FRONKELHEIM))
        if hired(s, team, SCHIELUND):  # "I'll make you a star!"
            for p in _chosen(c, team, SCHIELUND):
                if PRO not in s.skills[p]:
                    _grant(c, p, PRO, SCHIELUND)
                _note(s, p, SCHIELUND, PRO)


def _note(s: State, p: int, rule: str, skill: str) -> None:
    """Remember a staff pick for the post-game (skill "" when nothing was gained)."""
    s.stats[p].staff = (*s.stats[p].staff, (rule, skill))


def _chosen(c: Ctx, team: int, rule: str) -> list[int]:
    """D3 different random players of the team who may play (not induced, not staff)."""
    s = c.s
    pool = [p for p in s.players_of(team) if not _snap_of(s, p).induced and not staff_name(s, p)]
    n = c.roll(3, rule.lower())
    c.emit(Event("staff", team, rolls=(n,), rule=rule, detail=f"{n} player(s) chosen"))
    chosen = []
    for _ in range(min(n, len(pool))):
        chosen.append(pool.pop(c.roll(len(pool), "random player") - 1 if len(pool) > 1 else 0))
    return chosen


def _grant(c: Ctx, p: int, skill: str, rule: str) -> None:
    from league_manager.match.procedures.prayers import grant_skill

    grant_skill(c, p, skill, "", "game")
    c.emit(Event("staff", c.s.team[p], p, rule=rule, detail=f"gains {skill} for the game"))


def _random_skill(c: Ctx, p: int, category: str, rule: str) -> str:
    """One random skill of a category the player lacks (a D-number over the category's list);
    the skill gained, or "" when there is none to gain."""
    from league_manager.match.skills.registry import registered_skills

    known = registered_skills()
    choices = [k for k in c.skill_categories.get(category, []) if k in known and k not in c.s.skills[p]]
    if not choices:
        c.emit(Event("staff", c.s.team[p], p, rule=rule, detail="no skill to gain"))
        return ""
    pick = choices[c.roll(len(choices), "random skill") - 1] if len(choices) > 1 else choices[0]
    _grant(c, p, pick, rule)
    return pick


def _ayleen(c: Ctx, team: int) -> None:
    """This Kid Has Real Potential!: a D6 per journeyman, -1 for each journeyman after the
    first: 1 or less loses Loner, 2-5 one random Primary skill, 6 two."""
    s = c.s
    kids = [p for p in s.players_of(team) if _snap_of(s, p).journeyman]
    penalty = max(0, len(kids) - 1)
    for p in kids:
        die = c.d6("ayleen andar")
        roll = die - penalty
        c.emit(Event("staff", team, p, (die,), modifiers=(("journeymen", -penalty),), rule=AYLEEN))
        if roll <= 1:
            if LONER in s.skills[p]:
                s.skills[p] = s.skills[p] - {LONER}
                s.params[p] = {k: v for k, v in s.params[p].items() if k != LONER}
                c.refresh_hooks(p)
                c.emit(Event("staff", team, p, rule=AYLEEN, detail="loses Loner"))
            continue
        primary = _snap_of(s, p).primary or "G"
        for _ in range(2 if roll >= 6 else 1):
            category = primary[c.roll(len(primary), "category") - 1] if len(primary) > 1 else primary
            gained = _random_skill(c, p, category, AYLEEN)
            if gained:
                _note(s, p, AYLEEN, gained)

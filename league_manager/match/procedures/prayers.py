"""Prayers to Nuffle (D16, from Cheering Fans): temporary skills, team effects, expiry."""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, PRAYER, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.editions import BB2020_PRAYERS
from league_manager.match.events import Event
from league_manager.match.inducements import staff
from league_manager.match.inducements.frog import FROG, unfrog

PRAYERS = BB2020_PRAYERS
"""BB2020's table; a match reads its edition's (``c.ed.prayers``)."""
TEAM_EFFECTS = frozenset(
    {
        "Treacherous Trapdoor",
        "Friends with the Ref",
        "Moles under the Pitch",
        "Perfect Passing",
        "Dazzling Catching",
        "Fan Interaction",
        "Necessary Violence",
        "Fouling Frenzy",
        "Throw a Rock",
        "Under Scrutiny",
    }
)
"""Prayers that only stay in effect for the team; the procedures that meet them ask."""
GAINED_SKILL = {
    "Knuckle Dusters": ("Mighty Blow", "+1"),
    "Blessed Statue of Nuffle": ("Pro", ""),
    "Blessing of Nuffle": ("Pro", ""),
}
"""Prayers by which one chosen own player gains a skill."""


def grant_skill(c: Ctx, p: int, skill: str, param: str, lasts: str) -> None:
    """Give p a skill until the end of the drive, half or game.

    A player who has the skill already keeps it for good: no expiry mark is recorded, so the
    end of the drive or half never takes away a skill of the player's own.
    """
    s = c.s
    if skill in s.skills[p]:
        return
    s.skills[p] = s.skills[p] | {skill}
    if param:
        s.params[p] = {**s.params[p], skill: param}
    c.refresh_hooks(p)
    s.temporary.append((p, skill, lasts))


def expire(c: Ctx, period: str) -> None:
    """End the temporary effects lasting until the end of this drive or half."""
    s = c.s
    periods = ("drive",) if period == "drive" else ("drive", "half")
    keep = []
    for p, what, lasts in s.temporary:
        if lasts not in periods:
            keep.append((p, what, lasts))
        elif what == "AV+1":
            s.av[p] -= 1
        elif what == "AV-1":
            s.av[p] += 1
        elif what == "MA-1":
            s.ma[p] += 1
        elif what == "ST-1":
            s.st[p] += 1
        elif what == "AG-1":
            s.ag[p] -= 1
        elif what == FROG:
            unfrog(c, p)
        else:
            s.skills[p] = s.skills[p] - {what}
            c.refresh_hooks(p)
    s.temporary = keep
    s.prayers = [e for e in s.prayers if e[2] not in periods]


def _eligible(c: Ctx, team: int, prayer: str = "") -> list[int]:
    """The team's players on the pitch a prayer may pick: without Loner unless the edition
    opens ``prayer`` to Loners."""
    s = c.s
    loners = prayer in c.ed.prayers_open_to_loners
    return [q for q in s.players_of(team) if s.pos[q] >= 0 and (loners or "Loner" not in s.skills[q])]


def _random(c: Ctx, pool: list[int]) -> int:
    if not pool:
        return -1
    return pool[c.roll(len(pool), "random player") - 1] if len(pool) > 1 else pool[0]


def _chosen(c: Ctx, team: int, pool: list[int], name: str) -> Proc[int]:
    if not pool:
        return -1
    opts = [Action(CHOOSE, q) for q in pool]
    choice = yield Prompt(PRAYER, team, opts, {"prayer": name})
    return choice.player


def prayer(c: Ctx, team: int) -> Proc[None]:
    """Roll on the Prayers to Nuffle table for a team and apply the result."""
    s = c.s
    roll = c.roll(16, "prayers to nuffle")
    staff.prayer_reroll(c, team, roll)
    table = c.ed.prayers
    while s.has_prayer(team, table[roll]):
        c.emit(Event("prayers_to_nuffle", team, rolls=(roll,), detail="already in effect"))
        roll = c.roll(16, "prayers to nuffle")
        staff.prayer_reroll(c, team, roll)
    c.emit(Event("prayers_to_nuffle", team, rolls=(roll,), detail=table[roll]))
    yield from apply_prayer(c, team, roll)


def pregame_prayers(c: Ctx) -> Proc[None]:
    """The prayers rolled at the pre-game (``settings["prayers"]``) take effect.

    The setting is one ``{"team": 0|1, "rolls": [...]}`` (BB2020's underdog) or a list of
    them (Season 3: each team's bought prayers, home first). Called once both teams have set
    up for the match's first drive, so prayers choosing among the players on the pitch have
    them to choose from.
    """
    spec = c.settings.get("prayers")
    specs = spec if isinstance(spec, list) else [spec]
    table = c.ed.prayers
    for one in specs:
        if not isinstance(one, dict) or one.get("team") not in (0, 1):
            continue
        team = int(one["team"])
        for roll in (int(r) for r in one.get("rolls", [])):
            staff.prayer_reroll(c, team, roll)
            if roll in table and not c.s.has_prayer(team, table[roll]):
                c.emit(Event("prayers_to_nuffle", team, rolls=(roll,), detail=table[roll], rule="pre-game"))
                yield from apply_prayer(c, team, roll)


def apply_prayer(c: Ctx, team: int, roll: int) -> Proc[None]:
    """Apply the Prayers to Nuffle result ``roll`` (1-16) of the match's edition for a team."""
    s = c.s
    name = c.ed.prayers[roll]
    lasts = c.ed.prayer_lasts.get(roll, "drive")
    foe = 1 - team
    s.prayers.append((team, name, lasts))
    if name in TEAM_EFFECTS:
        return
    if name == "Stiletto":
        p = _random(c, _eligible(c, team, name))
        if p >= 0:
            grant_skill(c, p, "Stab", "", lasts)
            c.emit(Event("prayer_effect", team, p, rule=name, detail="gains Stab"))
    elif name == "Iron Man":
        pool = [q for q in _eligible(c, team, name) if s.av[q] < 11]
        p = yield from _chosen(c, team, pool, name)
        if p >= 0:
            s.av[p] += 1
            s.temporary.append((p, "AV+1", lasts))
            c.emit(Event("prayer_effect", team, p, rule=name, detail=f"AV {s.av[p]}+"))
    elif name in GAINED_SKILL:
        skill, param = GAINED_SKILL[name]
        pool = [q for q in _eligible(c, team, name) if skill not in s.skills[q]]
        p = yield from _chosen(c, team, pool, name)
        if p >= 0:
            grant_skill(c, p, skill, param, lasts)
            c.emit(Event("prayer_effect", team, p, rule=name, detail=f"gains {skill}"))
    elif name == "Bad Habits":
        pool = _eligible(c, foe)
        for _ in range(c.roll(3, "bad habits")):
            p = _random(c, pool)
            if p < 0:
                break
            pool.remove(p)
            grant_skill(c, p, "Loner", "2+", lasts)
            c.emit(Event("prayer_effect", foe, p, rule=name, detail="gains Loner (2+)"))
    elif name == "Intensive Training":
        yield from _intensive_training(c, team, name, lasts)
    elif name == "Greasy Cleats":
        p = _random(c, [q for q in s.players_of(foe) if s.pos[q] >= 0])
        if p >= 0:
            s.ma[p] -= 1
            s.temporary.append((p, "MA-1", lasts))
            c.emit(Event("prayer_effect", foe, p, rule=name, detail="MA -1"))


def moles_modifier(c: Ctx, team: int = -1) -> int:
    """Moles under the Pitch: -1 to a Rush of ``team``'s player per coach whose prayer
    reaches it (BB2020: every coach who has it; Season 3: the opposing coach only)."""
    s = c.s
    if c.ed.moles_on_opponents_only:
        return -1 if team in (0, 1) and s.has_prayer(1 - team, "Moles under the Pitch") else 0
    return -sum(1 for t in (0, 1) if s.has_prayer(t, "Moles under the Pitch"))


def is_stalling(c: Ctx, p: int) -> bool:
    """Whether p could have scored this turn without a single dice roll.

    An open ball carrier with no activation roll to make who can reach the end zone within
    their MA (standing up included) through squares they can leave without dodging.
    """
    from league_manager.match.pitch import NEIGHBOURS, W, scoring_x
    from league_manager.match.skills import points
    from league_manager.match.state import PRONE, STANDING

    s = c.s
    team = s.team[p]
    if s.carrier != p or s.status[p] not in (STANDING, PRONE) or c.is_marked(s.pos[p], team):
        return False
    if c.has(p, points.ACTIVATION_TEST):
        return False
    budget = s.ma[p] - (3 if s.status[p] == PRONE and not c.has(p, points.JUMP_UP) else 0)
    if s.status[p] == PRONE and s.ma[p] < 3:
        return False
    goal = scoring_x(team)
    frontier = [s.pos[p]]
    seen = {s.pos[p]}
    for _ in range(budget):
        nxt = []
        for square in frontier:
            if square != s.pos[p] and c.is_marked(square, team):
                continue  # leaving a marked square needs a dodge
            for n in NEIGHBOURS[square]:
                if n in seen or s.board[n] >= 0:
                    continue
                if n % W - 1 == goal:
                    return True
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return False


def stalling_players(c: Ctx, team: int) -> list[int]:
    """The players of ``team`` on the pitch who are stalling now (see :func:`is_stalling`)."""
    return [p for p in c.s.players_of(team) if c.s.pos[p] >= 0 and is_stalling(c, p)]


def note_stalling(c: Ctx, team: int) -> None:
    """At the end of ``team``'s turn without a touchdown: a ``stalling`` event per stalling player,
    and the turn counted in ``State.stalled`` (Season 3's "not stalling" winnings read it)."""
    stalling = stalling_players(c, team)
    for p in stalling:
        c.emit(Event("stalling", team, p, detail="ended the turn able to score without a dice roll"))
    if stalling:
        c.s.stalled[team] += 1


def throw_a_rock(c: Ctx, team: int) -> Proc[None]:
    """Throw a Rock: at the end of ``team``'s turn, a stalling player is hit on a 5+."""
    from league_manager.match.procedures.injury import knock_down

    s = c.s
    if not s.has_prayer(1 - team, "Throw a Rock"):
        return
    for p in s.players_of(team):
        if s.pos[p] >= 0 and is_stalling(c, p):
            roll = c.d6("throw a rock")
            hit = roll >= 5
            c.emit(Event("throw_a_rock", 1 - team, p, (roll,), 5, success=hit))
            if hit:
                yield from knock_down(c, p, cause="knocked down")


def _intensive_training(c: Ctx, team: int, name: str, lasts: str) -> Proc[None]:
    """A random player of the team gains a Primary skill of the coach's choice."""
    from league_manager.match.skills.registry import registered_skills
    from league_manager.rules.model import SkillRef

    s = c.s
    p = _random(c, _eligible(c, team, name))
    if p < 0:
        return
    n_home = len(s.teams[0].players)
    snap = s.teams[team].players[p if team == 0 else p - n_home]
    known = registered_skills()
    choices = [
        ref
        for code in snap.primary
        for ref in c.skill_categories.get(code, [])
        if SkillRef.parse(ref).name in known and SkillRef.parse(ref).name not in s.skills[p]
    ]
    if not choices:
        c.emit(Event("prayer_effect", team, p, rule=name, detail="no skill to choose from"))
        return
    opts = [Action(CHOOSE, p, i) for i in range(len(choices))]
    choice = yield Prompt(PRAYER, team, opts, {"prayer": name, "player": p, "skills": choices})
    ref = SkillRef.parse(choices[choice.square])
    grant_skill(c, p, ref.name, ref.param or "", lasts)
    c.emit(Event("prayer_effect", team, p, rule=name, detail=f"gains {ref}"))

"""(In)famous Coaching Staff: the sideline help a team bought for one game.

A staff member bought by both teams helps neither (league play; reference
``named_duplicates``). Each rule below names the staff member's rule it follows.
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, DECLINE, PRAYER, USE_SKILL, USE_SKILL_PROMPT, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import COACHING_STAFF, left, use
from league_manager.match.skills import registry
from league_manager.match.state import CASUALTY, KO, SENT_OFF, STUNNED, State
from league_manager.match.teams import PlayerSnapshot
from league_manager.rules.model import Characteristics, SkillRef

BUGMAN, KARI, GALANDRIL, MUNGO, FINK, PAPA = COACHING_STAFF[:6]

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
    kari = hired(s, team, KARI) and not kari_on_the_pitch(s, team)
    count = s.teams[team].cheerleaders + (KARI_CHEERLEADERS if kari else 0)
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


BLESSING = "By the Power of the Gods!"
BLESSING_SKILLS = {
    3: ("Big Hand", "Very Long Legs"),
    4: ("Tentacles", "Prehensile Tail"),
    5: ("Disturbing Presence", "Foul Appearance"),
    6: ("Extra Arms", "Two Heads"),
    7: ("Claws", "Horns"),
}
"""The D8 results of By the Power of the Gods! that give two named skills until the drive ends."""
registry.limit(BLESSING, "game")  # the ``skill_used`` mark of a blessed player outlives the turn
UNWORTHY, OVERLOOKED, FAVOUR = 1, 2, 8
MUTATIONS = "M"


def _blessable(c: Ctx, q: int) -> bool:
    s = c.s
    return s.pos[q] >= 0 and (q, BLESSING) not in s.skill_used


def drive_start(c: Ctx) -> Proc[None]:
    """By the Power of the Gods!: after both set-ups, before the kick-off, Papa Skullbones may
    bless one player of his team on the pitch (not a Mercenary or Star Player, nobody twice a
    game): a ``prayer`` prompt to CHOOSE the player or DECLINE."""
    s = c.s
    for team in (0, 1):
        if not hired(s, team, PAPA):
            continue
        players = s.teams[team].players
        first = 0 if team == 0 else len(s.teams[0].players)
        chosen = [q for q in s.players_of(team) if _blessable(c, q) and not players[q - first].induced]
        if not chosen:
            continue
        opts = [Action(CHOOSE, q) for q in chosen] + [Action(DECLINE)]
        choice = yield Prompt(PRAYER, team, opts, {"prayer": BLESSING, "staff": PAPA})
        if choice.kind == CHOOSE:
            yield from _bless(c, choice.player)


def _bless(c: Ctx, p: int) -> Proc[None]:
    """Roll the D8 of By the Power of the Gods! for p; skills last until the drive ends."""
    from league_manager.match.procedures.prayers import grant_skill

    s = c.s
    team = s.team[p]
    s.skill_used.add((p, BLESSING))
    roll = c.roll(8, "papa skullbones")
    c.emit(Event("blessing", team, p, (roll,), rule=PAPA))
    if roll == UNWORTHY:
        s.remove(p, KO)
        c.emit(Event("blessing", team, p, rule=PAPA, detail="unworthy: to the KO box"))
    elif roll == OVERLOOKED:
        others = [q for q in s.players_of(team) if _blessable(c, q)]
        c.emit(Event("blessing", team, p, rule=PAPA, detail="overlooked: another player is tried"))
        if others:
            q = others[c.roll(len(others), "random player") - 1] if len(others) > 1 else others[0]
            yield from _bless(c, q)
    elif roll == FAVOUR:
        yield from _favour(c, p)
    else:
        for skill in BLESSING_SKILLS[roll]:
            if skill not in s.skills[p]:
                grant_skill(c, p, skill, "", "drive")
                c.emit(Event("blessing", team, p, rule=PAPA, detail=f"gains {skill}"))


def _favour(c: Ctx, p: int) -> Proc[None]:
    """Favour of the Gods: the coach picks two Mutation skills, one after the other."""
    from league_manager.match.procedures.prayers import grant_skill
    from league_manager.match.skills.registry import registered_skills

    s = c.s
    known = registered_skills()
    for _ in range(2):
        choices = [k for k in c.skill_categories.get(MUTATIONS, []) if k in known and k not in s.skills[p]]
        if not choices:
            return
        opts = [Action(CHOOSE, p, i) for i in range(len(choices))]
        info = {"prayer": BLESSING, "staff": PAPA, "player": p, "skills": choices}
        choice = yield Prompt(PRAYER, s.team[p], opts, info)
        grant_skill(c, p, choices[choice.square], "", "drive")
        c.emit(Event("blessing", s.team[p], p, rule=PAPA, detail=f"gains {choices[choice.square]}"))


STAFF_ID = "staff:"
"""Id prefix of a staff member who may play (``staff:Josef Bugman``): induced, never hired."""
ON_CALL = {
    BUGMAN: (Characteristics(5, 3, 3, 6, 9), ("Loner (5+)", "Tackle", "Thick Skull", "Wrestle")),
    KARI: (Characteristics(6, 2, 3, 5, 8), ("Block", "Dauntless", "Frenzy", "Loner (4+)")),
}
"""Keen Player / "If you want a job done…": the staff who join a team short of 11 players."""
FULL_TEAM = 11


def staff_player(name: str, number: int) -> PlayerSnapshot:
    """The player a staff member on call becomes (the pre-game adds him to the squad)."""
    stats, skills = ON_CALL[name]
    return PlayerSnapshot(
        id=f"{STAFF_ID}{name}",
        name=name,
        number=number,
        position="Coaching Staff",
        stats=stats,
        skills=tuple(SkillRef.parse(k) for k in skills),
        induced=True,
    )


def staff_name(s: State, p: int) -> str:
    """The staff member p is ("" for every other player)."""
    team = s.team[p]
    local = p if team == 0 else p - len(s.teams[0].players)
    pid = s.teams[team].players[local].id
    return pid[len(STAFF_ID) :] if pid.startswith(STAFF_ID) else ""


def may_join(s: State, p: int, regular: int) -> bool:
    """A staff member may be set up only while his team has fewer than 11 other players
    available for the drive (and he was hired by this team alone)."""
    name = staff_name(s, p)
    return bool(name) and regular < FULL_TEAM and hired(s, s.team[p], name)


def kari_on_the_pitch(s: State, team: int) -> bool:
    """Whether Kari Coldsteel has played (she then no longer counts as two cheerleaders)."""
    return any(staff_name(s, p) == KARI and p in s.played for p in s.players_of(team))


def end_of_drive(c: Ctx) -> None:
    """A staff member who played the drive is Sent-off at its end (no bribe, no argument)
    and plays no further part; the Bugman's XXXXXX stays with the team."""
    s = c.s
    for p in sorted(s.drive_players):
        if staff_name(s, p) and s.status[p] not in (CASUALTY, SENT_OFF):
            s.remove(p, SENT_OFF)
            c.emit(Event("sent_off", s.team[p], p, rule=staff_name(s, p), detail="the drive is over"))

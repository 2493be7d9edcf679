"""Biased referees: the standard one and the named Death Zone ones watch the other team's fouls.

A team's biased referee watches the *opposing* team: after an opposing Foul the referee did not
spot (no doubles), it rolls a D6 and acts as its rule says. A named referee bought by both teams
takes no part (reference ``named_duplicates``); Ranulf still stops all arguing then.
"""

from __future__ import annotations

from league_manager.match.actions import ARGUE, BRIBE, NO, YES, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import BIASED_REFEREE, DODGY_LEAGUE_REP, NAMED_REFEREES, left
from league_manager.match.state import STUNNED, State

RANULF, THORON, JORM, TRUNDLEFOOT = NAMED_REFEREES
NAMED = NAMED_REFEREES
REFEREES = (BIASED_REFEREE, DODGY_LEAGUE_REP, *NAMED)
"""Every biased referee the engine plays (each team may have one); the Dodgy League Rep is
Season 3's."""

SPOT_TARGET = {BIASED_REFEREE: 5, DODGY_LEAGUE_REP: 5, RANULF: 4, THORON: 4, JORM: 4, TRUNDLEFOOT: 5}
"""The D6 a referee needs to see a Foul without doubles."""

BIASED_TARGET = SPOT_TARGET[BIASED_REFEREE]
RANULF_AXE = 2
"""Ranulf's axe: the armour roll against a player who argues with him gets +2."""

_YES_NO = [Action(YES), Action(NO)]


def referee(s: State, team: int) -> str:
    """The biased referee ``team`` bought and who takes part ("" if none)."""
    for name in REFEREES:
        if left(s, team, name):
            if name in NAMED and left(s, 1 - team, name):
                return ""  # both teams hired him: neither may use him
            return name
    return ""


def may_argue(s: State) -> bool:
    """Nobody may Argue the Call in a game Ranulf was bought for (even by both teams)."""
    return not (left(s, 0, RANULF) or left(s, 1, RANULF))


ARGUE_BONUS_LABEL = {BIASED_REFEREE: "I Didn't See a Thing!", DODGY_LEAGUE_REP: DODGY_LEAGUE_REP}
"""How the Argue the Call bonus of each referee that gives one is named in the log."""


def argue_modifier(s: State, team: int) -> int:
    """+1 to the Argue the Call rolls of a team with the standard referee (I Didn't See a
    Thing!) or Season 3's Dodgy League Rep."""
    return 1 if referee(s, team) in ARGUE_BONUS_LABEL else 0


def natural_one_ejects(s: State, team: int) -> bool:
    """Whether a natural 1 still gets the coach sent off despite the bonus: so with Season 3's
    Dodgy League Rep; the BB2020 referee's table is read on the modified roll."""
    return referee(s, team) == DODGY_LEAGUE_REP


def unspotted_foul(c: Ctx, p: int, victim: int) -> Proc[None]:
    """A Foul by ``p`` on ``victim`` the referee did not spot: the other team's biased referee."""
    from league_manager.match.procedures.foul import send_off
    from league_manager.match.procedures.injury import knock_down

    s = c.s
    watcher = 1 - s.team[p]
    name = referee(s, watcher)
    if not name:
        return
    target = SPOT_TARGET[name]
    roll = c.d6("biased referee")
    spotted = roll >= target
    c.emit(Event("biased_referee", watcher, p, (roll,), target, success=spotted, rule=name))
    if name == TRUNDLEFOOT and roll == 1:  # the triplets send the victim off instead
        if s.pos[victim] >= 0:
            yield from send_off(c, victim, "foul", by=name, turnover=False)
        return
    if not spotted:
        return
    if name == JORM:  # the fouler is Knocked Down, +1 where it makes a difference
        s.turnover = True
        yield from knock_down(c, p, bonus=1)
        return
    if name == RANULF:
        yield from _ranulf(c, p)
        return
    yield from send_off(c, p, "foul", by=name, bribe=name != THORON)


def _ranulf(c: Ctx, p: int) -> Proc[None]:
    """Ranulf halts play: bribe, accept the sending-off, or argue with his axe."""
    from league_manager.match.procedures.foul import send_off, sent_off, use_bribe
    from league_manager.match.procedures.injury import apply_injury, place_prone

    s = c.s
    team = s.team[p]
    c.emit(Event("referee", team, p, rule=RANULF, detail="spotted (foul)"))
    s.turnover = True
    if s.bribes[team] > 0:
        choice = yield Prompt(BRIBE, team, list(_YES_NO), {"player": p, "referee": RANULF})
        if choice.kind == YES:
            if use_bribe(c, p):
                s.turnover = False
                return
            yield from sent_off(c, p)
            return
    choice = yield Prompt(ARGUE, team, list(_YES_NO), {"player": p, "referee": RANULF})
    if choice.kind != YES:
        yield from send_off(c, p, "foul", by=RANULF, bribe=False)
        return
    a1, a2 = c.d6("armour"), c.d6("armour")
    broken = a1 + a2 + RANULF_AXE >= s.av[p]
    mods = ((RANULF, RANULF_AXE),)
    c.emit(Event("armour", team, p, (a1, a2), s.av[p], mods, broken, rule=RANULF, square=s.pos[p]))
    if not broken:
        yield from sent_off(c, p)
        return
    s.turnover = False
    yield from place_prone(c, p, RANULF)
    if s.pos[p] >= 0:
        i1, i2 = c.d6("injury"), c.d6("injury")
        yield from apply_injury(c, p, (i1, i2), i1 + i2, (), -1, False, crowd=False)


def thoron_outta_here(c: Ctx, team: int, p: int) -> Proc[None]:
    """Strict Discipline: arguing with Thoron and rolling a 1 sends off one more random player
    of the arguing team who is on the pitch."""
    from league_manager.match.procedures.foul import sent_off

    s = c.s
    pool = [q for q in s.players_of(team) if q != p and s.pos[q] >= 0]
    if not pool:
        return
    q = pool[c.roll(len(pool), "random player") - 1] if len(pool) > 1 else pool[0]
    c.emit(Event("referee", team, q, rule=THORON, detail="sent off with the coach"))
    yield from sent_off(c, q)


def get_the_ref(c: Ctx) -> str:
    """Get the Ref with the named referees: "again" when the kick-off event is rolled again
    (Thoron: "Sit down and keep quiet!"), "fans" when Jorm rampages through the stands instead
    (both teams lose 1 Fan Factor, no bribes), else "" (the Trundlefoot Triplets leave the game)."""
    s = c.s
    teams = [t for t in (0, 1) if referee(s, t)]
    if any(referee(s, t) == THORON for t in teams):
        c.emit(Event("referee", rule=THORON, detail="the crowd stays put: kick-off event rolled again"))
        return "again"
    if any(referee(s, t) == JORM for t in teams):
        s.fans_lost = [n + 1 for n in s.fans_lost]
        c.emit(Event("referee", rule=JORM, detail="Jorm tears through the stands: each Fan Factor -1"))
        return "fans"
    for t in teams:
        if referee(s, t) == TRUNDLEFOOT:
            s.induced[t][TRUNDLEFOOT] = 0
            c.emit(Event("referee", t, rule=TRUNDLEFOOT, detail="the triplets leave the game"))
    return ""


def drive_start(c: Ctx) -> Proc[None]:
    """ "Smart players are well-behaved players!": after both set-ups, before the kick-off, the
    Trundlefoot Triplets roll a D6; on a 6 a random unmarked opposing player on the pitch is
    Placed Prone and Stunned."""
    from league_manager.match.procedures.injury import place_prone

    s = c.s
    for team in (0, 1):
        if referee(s, team) != TRUNDLEFOOT:
            continue
        roll = c.d6("trundlefoot triplets")
        c.emit(Event("biased_referee", team, rolls=(roll,), target=6, success=roll == 6, rule=TRUNDLEFOOT))
        if roll < 6:
            continue
        other = 1 - team
        pool = [q for q in s.players_of(other) if s.pos[q] >= 0 and not c.is_marked(s.pos[q], other)]
        if not pool:
            continue
        q = pool[c.roll(len(pool), "random player") - 1] if len(pool) > 1 else pool[0]
        yield from place_prone(c, q, TRUNDLEFOOT)
        if s.pos[q] >= 0:
            s.status[q] = STUNNED

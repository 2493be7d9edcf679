"""Krot Shockwhisker's "A New Playthi... er, Patient!": a casualty back for one drive.

Once per game, when a drive ends (with the KO recovery), Krot may work on one player of his
team in the Casualty box (not an induced player; a dead one too). His D6: 1 the player gets
worse (a second Casualty roll, the worse result kept), 2-3 nothing, 4-5 the player plays the
next drive with Really Stupid (4+) made 5+, 6 the player plays the next drive. The patient
is ``State.patient``; when that drive ends he goes back to the Casualty box, and his
``PlayerStats.injury`` was never touched, so the post-game applies the original casualty.
"""

from __future__ import annotations

from league_manager.match.actions import CHOOSE, DECLINE, PRAYER, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import COACHING_STAFF, left, use
from league_manager.match.inducements.staff import hired
from league_manager.match.state import CASUALTY, RESERVE

KROT = COACHING_STAFF[9]
PATIENT = "A New Playthi... er, Patient!"
COMPLICATIONS, USELESS, FLAWED = 1, 3, 5
"""D6: 1 worse, 2-3 no effect, 4-5 back with a flaw, 6 back as he was."""
REALLY_STUPID = "Really Stupid"


def end_of_drive(c: Ctx) -> Proc[None]:
    """The last drive's patient returns to the Casualty box; then each team with Krot (and his
    use left) may pick a casualty: a ``prayer`` prompt to CHOOSE the player or DECLINE."""
    s = c.s
    if s.patient >= 0:
        p, s.patient = s.patient, -1
        if s.status[p] != CASUALTY:
            s.remove(p, CASUALTY)
            c.emit(Event("krot", s.team[p], p, rule=KROT, detail="back to the Casualty box"))
    for team in (0, 1):
        if not hired(s, team, KROT) or left(s, team, KROT) <= 0:
            continue
        first = 0 if team == 0 else len(s.teams[0].players)
        players = s.teams[team].players
        chosen = [q for q in s.players_of(team) if s.status[q] == CASUALTY and not players[q - first].induced]
        if not chosen:
            continue
        opts = [Action(CHOOSE, q) for q in chosen] + [Action(DECLINE)]
        choice = yield Prompt(PRAYER, team, opts, {"prayer": PATIENT, "staff": KROT})
        if choice.kind == CHOOSE:
            use(s, team, KROT)
            _treat(c, choice.player)


def _treat(c: Ctx, p: int) -> None:
    """Krot's D6 for the chosen casualty."""
    s = c.s
    team = s.team[p]
    roll = c.d6("krot shockwhisker")
    if roll <= COMPLICATIONS:
        c.emit(Event("krot", team, p, (roll,), rule=KROT, detail="complications"))
        _complications(c, p)
    elif roll <= USELESS:
        c.emit(Event("krot", team, p, (roll,), rule=KROT, detail="no effect"))
    else:
        stupid = REALLY_STUPID in s.skills[p] and s.params[p].get(REALLY_STUPID, "") in ("", "4+")
        if roll <= FLAWED and stupid:
            s.params[p] = {**s.params[p], REALLY_STUPID: "5+"}
            c.refresh_hooks(p)
        detail = "flawed: plays the next drive" if roll <= FLAWED else "perfection: plays the next drive"
        c.emit(Event("krot", team, p, (roll,), rule=KROT, detail=detail))
        s.status[p] = RESERVE
        s.patient = p


def _complications(c: Ctx, p: int) -> None:
    """There Were... Complications: a Casualty roll (the opposing coach's, here the dice)
    added to what the player already has; the worse result is the one recorded."""
    from league_manager.match.procedures.injury import LASTING_TABLE, casualty_result, worse

    s = c.s
    st = s.stats[p]
    roll = c.roll(16, "casualty")
    result = casualty_result(roll, c.ed.casualty_table)
    c.emit(Event("casualty", s.team[p], p, (roll,), rule=KROT, detail=result))
    if not worse(st.injury, result):
        st.injury = result
    if result == "Lasting Injury" and not st.lasting:
        lasting = c.d6("lasting injury")
        st.lasting = LASTING_TABLE[lasting]
        c.emit(Event("lasting_injury", s.team[p], p, (lasting,), detail=st.lasting))

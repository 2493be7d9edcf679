"""The whole game: pre-match, halves, drives, end of drive, half-time, full time, extra time."""

from __future__ import annotations

from league_manager.match.actions import COIN_TOSS, KICK_OFF, RECEIVE, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import mascot, referees, staff, staff_krot, staff_pregame
from league_manager.match.inducements.chef import master_chef
from league_manager.match.inducements.heady_brew import offer_brew
from league_manager.match.inducements.kegs import keg_name, ko_recovery_bonus
from league_manager.match.inducements.team_spells import restore_weather
from league_manager.match.procedures.foul import send_off
from league_manager.match.procedures.kickoff import kick_off
from league_manager.match.procedures.kickoff_events import roll_weather, weather_for
from league_manager.match.procedures.prayers import expire, pregame_prayers
from league_manager.match.procedures.setup import available, setup
from league_manager.match.procedures.turn import team_turn
from league_manager.match.skills import asp_points, points, star_points
from league_manager.match.skills import stars_2_points as stars
from league_manager.match.state import KO, RESERVE, TURNS_PER_HALF


def game(c: Ctx) -> Proc[None]:
    """Play a full match."""
    s = c.s
    weather_roll = c.settings.get("weather_roll")
    if isinstance(weather_roll, int) and 2 <= weather_roll <= 12:
        # the league's pre-game sequence already rolled the weather (match day)
        s.weather = weather_for(weather_roll)
        c.emit(Event("weather", detail=s.weather, rule="pre-game"))
    else:
        roll_weather(c)
    staff_pregame.pregame(c)  # staff who change players for the game
    kicking = c.settings.get("kicking_team")
    if kicking in (0, 1):
        s.first_kicking = int(kicking)  # decided in the pre-game sequence
    else:
        s.first_kicking = yield from coin_toss(c)
    c.emit(Event("kicking_team", s.first_kicking))
    yield from play_from(c, 1, resume=False)


def coin_toss(c: Ctx) -> Proc[int]:
    """Toss for the kicking team: the winner chooses to kick or to receive."""
    winner = c.roll(2, "coin toss") - 1
    c.emit(Event("coin_toss", winner))
    opts = [Action(KICK_OFF), Action(RECEIVE)]
    choice = yield Prompt(COIN_TOSS, winner, opts)
    return winner if choice.kind == KICK_OFF else 1 - winner


def resume(c: Ctx) -> Proc[None]:
    """Continue a match from a set position (a team turn, or a drive's set-up)."""
    yield from play_from(c, c.s.half, resume=True)


def play_from(c: Ctx, first_half: int, resume: bool) -> Proc[None]:
    """Play the halves from ``first_half`` on, then extra time when the settings ask for it."""
    s = c.s
    for half in range(first_half, 3):
        kicking = s.first_kicking if half == 1 else 1 - s.first_kicking
        if resume and half == first_half and s.phase == "setup":
            kicking = s.kicking
        yield from play_half(c, half, kicking, resume=resume and half == first_half)
    extra = first_half == 3 or (s.score[0] == s.score[1] and c.settings.get("extra_time"))
    if extra:
        if resume and first_half == 3:
            yield from play_half(c, 3, s.kicking, resume=True)
        else:
            # a fresh toss decides who kicks; team re-rolls are carried over, not replenished
            kicking = yield from coin_toss(c)
            c.emit(Event("kicking_team", kicking, detail="extra time"))
            yield from play_half(c, 3, kicking, replenish=False)
        if s.score[0] == s.score[1]:
            sudden_death(c)
    s.game_over = True
    c.emit(Event("full_time", detail=f"{s.score[0]}-{s.score[1]}"))


SUDDEN_DEATH_ROLL_OFFS = 5


def sudden_death(c: Ctx) -> None:
    """Five roll-offs (ties re-rolled); most won wins the game. The score is unchanged."""
    s = c.s
    wins = [0, 0]
    for _ in range(SUDDEN_DEATH_ROLL_OFFS):
        a, b = c.d6("sudden death"), c.d6("sudden death")
        while a == b:
            c.emit(Event("sudden_death", rolls=(a, b), detail="tie"))
            a, b = c.d6("sudden death"), c.d6("sudden death")
        winner = 0 if a > b else 1
        wins[winner] += 1
        c.emit(Event("sudden_death", winner, rolls=(a, b), detail=("home", "away")[winner]))
    s.sudden_death = 0 if wins[0] > wins[1] else 1
    c.emit(Event("sudden_death_winner", s.sudden_death, detail=f"{wins[0]}-{wins[1]} roll-offs won"))


def play_half(c: Ctx, half: int, kicking: int, resume: bool = False, replenish: bool = True) -> Proc[None]:
    """Play one half (or the period of extra time), drive after drive.

    ``replenish``: restore the teams' re-rolls (not at the start of extra time).
    """
    s = c.s
    if resume and s.phase == "setup":
        s.phase = ""  # a drive of this half starts with its set-up
    elif resume:
        yield from drive_turns(c, s.active)
        yield from end_of_drive(c)
        if s.touchdown < 0:
            return
        kicking = s.touchdown
    else:
        expire(c, "half")
        s.half = half
        s.turn = [0, 0]
        if replenish:
            s.rerolls = [s.teams[0].rerolls, s.teams[1].rerolls]
        if half < 3:  # Leader: a new re-roll each half; an unused one lasts into extra time
            s.leader_used = [not _has_leader(c, 0), not _has_leader(c, 1)]
        c.emit(Event("half", detail=str(half)))
        if half < 3:
            mascot.new_half(s)
        master_chef(c)
    while s.turn[0] < TURNS_PER_HALF or s.turn[1] < TURNS_PER_HALF:
        yield from drive(c, kicking)
        if s.touchdown < 0:
            break
        kicking = s.touchdown


def _has_leader(c: Ctx, team: int) -> bool:
    return any(c.has(p, asp_points.LEADER) for p in c.s.players_of(team))


def drive(c: Ctx, kicking: int) -> Proc[None]:
    """Set-up, kick-off, team turns until a touchdown or the half's end, end of drive."""
    s = c.s
    s.drive += 1
    s.kicking = kicking
    s.touchdown = -1
    receiving = 1 - kicking
    c.emit(Event("drive", kicking, detail=str(s.drive)))
    if not available(c, kicking) or not available(c, receiving):
        c.emit(Event("no_players", detail="a team has no player to set up; the half ends"))
        s.turn = [TURNS_PER_HALF, TURNS_PER_HALF]
        yield from end_of_drive(c)
        return
    yield from setup(c, kicking)
    yield from setup(c, receiving)
    if s.drive == 1:
        yield from pregame_prayers(c)
    yield from referees.drive_start(c)
    yield from staff.drive_start(c)
    yield from offer_brew(c)
    yield from kick_off(c)
    yield from drive_turns(c, receiving)
    yield from end_of_drive(c)


def drive_turns(c: Ctx, team: int) -> Proc[None]:
    """Team turns, ``team`` first, until a touchdown or both teams have played their turns."""
    s = c.s
    while s.turn[team] < TURNS_PER_HALF:
        s.active = team
        if c.checkpoint is not None:
            c.checkpoint()
        yield from team_turn(c, team)
        if s.touchdown >= 0:
            if s.touchdown != s.active:
                s.turn[s.touchdown] = min(TURNS_PER_HALF, s.turn[s.touchdown] + 1)
            break
        team = 1 - team


def end_of_drive(c: Ctx) -> Proc[None]:
    """Secret weapons, KO recovery, everyone back to the dugout."""
    s = c.s
    scorer = s.carrier if s.touchdown >= 0 else -1
    for p in sorted(s.drive_players):
        took_part = s.pos[p] >= 0 or s.status[p] in (RESERVE, KO)
        if took_part and c.has(p, points.SECRET_WEAPON) and not stars.spared_send_off(c, p):
            yield from send_off(c, p, "Secret Weapon")
    staff.end_of_drive(c)
    s.drive_players.clear()
    restore_weather(c)
    for p in range(s.size):
        if s.status[p] == KO:
            roll = staff.bugman_reroll(c, p, c.d6("ko recovery"))
            kegs = ko_recovery_bonus(s, s.team[p])
            ok = roll + kegs >= 4
            mods = ((keg_name(s, s.team[p]), kegs),) if kegs else ()
            c.emit(Event("ko_recovery", s.team[p], p, (roll,), 4, mods, success=ok))
            if ok:
                s.status[p] = RESERVE
    yield from staff_krot.end_of_drive(c)
    s.miss_drive.clear()
    if s.weather == "sweltering_heat":
        for team in (0, 1):
            on = [p for p in s.players_of(team) if s.pos[p] >= 0]
            n = c.roll(3, "sweltering heat")
            for _ in range(min(n, len(on))):
                p = on.pop(c.roll(len(on), "random player") - 1 if len(on) > 1 else 0)
                s.miss_drive.add(p)
                c.emit(Event("sweltering_heat", team, p, detail="misses the next drive"))
    for p in range(s.size):
        if s.pos[p] >= 0:
            s.remove(p, RESERVE)
        s.used[p] = False
        if s.tz_lost[p]:
            c.regain_tackle_zone(p)
    s.gouged.clear()
    s.ball = -1
    s.carrier = -1
    s.extra_rerolls = [0, 0]
    for p in range(s.size):
        for _rule, fn in c.hook(p, star_points.DRIVE_ENDED):
            fn(c, p, scorer)
    expire(c, "drive")
    s.stunned_now.clear()
    s.rooted.clear()
    c.emit(Event("end_of_drive", detail=f"{s.score[0]}-{s.score[1]}"))

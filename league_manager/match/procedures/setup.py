"""Set-up: formation presets, single placements and the legality checks of a set-up."""

from __future__ import annotations

from league_manager.match.actions import END_SETUP, FORMATION, PLACE, REMOVE, SETUP, Action, Prompt
from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements import staff
from league_manager.match.pitch import (
    LENGTH,
    PITCH_SQUARES,
    W,
    in_half,
    is_wide,
    los_x,
    sq,
    wide_zone,
)
from league_manager.match.state import RESERVE, STANDING

# Presets for the home team (x < 13, line of scrimmage x = 12); the away team mirrors x.
# Squares are listed line of scrimmage first.
FORMATIONS: dict[str, tuple[tuple[int, int], ...]] = {
    "balanced": (
        (12, 6), (12, 7), (12, 8), (11, 4), (11, 10), (10, 1), (10, 13), (9, 7), (7, 5),
        (7, 9), (4, 7),
    ),
    "defensive": (
        (12, 5), (12, 7), (12, 9), (11, 3), (11, 11), (10, 6), (10, 8), (8, 2), (8, 12),
        (6, 7), (3, 7),
    ),
    "spread": (
        (12, 6), (12, 7), (12, 8), (12, 2), (12, 12), (9, 3), (9, 11), (9, 5), (9, 9),
        (6, 7), (2, 7),
    ),
}  # fmt: skip
FORMATION_NAMES = tuple(FORMATIONS)


def formation_squares(name: str, team: int) -> list[int]:
    """The squares of a preset for a team."""
    return [sq(x if team == 0 else LENGTH - 1 - x, y) for x, y in FORMATIONS[name]]


def available(c: Ctx, team: int) -> list[int]:
    """Players who may take part in the drive (in reserves or already placed); a coaching staff
    member on call only while the team has fewer than 11 others (``staff.may_join``)."""
    s = c.s
    ready = [
        p for p in s.players_of(team) if (s.status[p] == RESERVE or s.pos[p] >= 0) and p not in s.miss_drive
    ]
    regular = [p for p in ready if not staff.staff_name(s, p)]
    return regular + [p for p in ready if staff.may_join(s, p, len(regular))]


def setup_problems(c: Ctx, team: int, need: int = -1) -> list[str]:
    """Why the team's current set-up is not legal (empty when it is).

    ``need``: how many players must be set up (default: 11, or all available); a Solid
    Defence re-set-up keeps the number already on the pitch (Swarming may have added some).
    """
    s = c.s
    on = [p for p in s.players_of(team) if s.pos[p] >= 0]
    joined = 0  # staff on call are optional: they come on top of the players who must play
    if need < 0:
        ready = available(c, team)
        need = min(11, sum(1 for p in ready if not staff.staff_name(s, p)))
        joined = sum(1 for p in on if staff.staff_name(s, p))
    problems = []
    if len(on) - joined != need:
        problems.append(f"{need} players must be set up ({len(on)} are)")
    elif joined and len(on) > 11:
        problems.append(f"at most 11 players may be set up ({len(on)} are)")
    los = los_x(team)
    on_los = sum(1 for p in on if s.pos[p] % W - 1 == los and not is_wide(s.pos[p]))
    if on_los < min(3, len(on)):
        problems.append("at least 3 players on the centre of the line of scrimmage")
    for zone in (0, 1):
        if sum(1 for p in on if wide_zone(s.pos[p]) == zone) > 2:
            problems.append("at most 2 players in each wide zone")
    return problems


def place_legal(c: Ctx, team: int, action: Action, movable: set[int] | None) -> bool:
    """Whether a PLACE or REMOVE action is allowed during this set-up."""
    s = c.s
    p = action.player
    if p < 0 or p >= s.size or s.team[p] != team or p not in available(c, team):
        return False
    if movable is not None and p not in movable and not _may_move(c, movable, p):
        return False
    if action.kind == REMOVE:
        return s.pos[p] >= 0
    square = action.square
    return 0 <= square < len(s.board) and square in _HALF_SQUARES[team] and s.board[square] < 0


def _may_move(c: Ctx, movable: set[int], p: int) -> bool:
    """Solid Defence: another open player may be moved while the limit is not reached."""
    s = c.s
    return len(movable) < s.solid_defence_limit and p in s.solid_defence_open


_HALF_SQUARES = (
    frozenset(q for q in PITCH_SQUARES if in_half(q, 0)),
    frozenset(q for q in PITCH_SQUARES if in_half(q, 1)),
)


def all_setup_actions(c: Ctx, team: int, movable: set[int] | None) -> list[Action]:
    """Every PLACE/REMOVE action open now (long: used by ``Match.legal_actions``)."""
    s = c.s
    found: list[Action] = []
    free = [q for q in sorted(_HALF_SQUARES[team]) if s.board[q] < 0]
    for p in available(c, team):
        if movable is not None and p not in movable and not _may_move(c, movable, p):
            continue
        if s.pos[p] >= 0:
            found.append(Action(REMOVE, p))
        found.extend(Action(PLACE, p, q) for q in free)
    return found


def apply_formation(c: Ctx, team: int, name: str) -> None:
    """Clear the team's half and place available players on a preset (strongest up front)."""
    s = c.s
    players = available(c, team)
    for p in players:
        if s.pos[p] >= 0:
            s.remove(p, RESERVE)
    order = sorted(players, key=lambda p: (-s.st[p], -s.av[p], p))
    squares = formation_squares(name, team)
    front, rest = order[:3], order[3:]
    rest.sort(key=lambda p: (-s.ma[p], p))
    for p, q in zip(front + rest, squares, strict=False):
        s.place(p, q)
        s.status[p] = STANDING


def setup(c: Ctx, team: int, movable: set[int] | None = None) -> Proc[None]:
    """Let a team set up (``movable`` limits which players may be moved: Solid Defence)."""
    s = c.s
    presets = [] if movable is not None else [Action(FORMATION, -1, i) for i in range(3)]
    need = -1 if movable is None else sum(1 for p in s.players_of(team) if s.pos[p] >= 0)
    while True:
        options = list(presets)
        problems = setup_problems(c, team, need)
        if not problems:
            options.append(Action(END_SETUP))
        info = {"problems": problems, "movable": movable}
        choice = yield Prompt(SETUP, team, options, info)
        if choice.kind == END_SETUP:
            break
        if choice.kind == FORMATION:
            apply_formation(c, team, FORMATION_NAMES[choice.square])
        elif choice.kind == PLACE:
            if movable is not None:
                movable.add(choice.player)
            s.place(choice.player, choice.square)
            s.status[choice.player] = STANDING
        elif choice.kind == REMOVE:
            if movable is not None:
                movable.add(choice.player)
            s.remove(choice.player, RESERVE)
    placed = [p for p in s.players_of(team) if s.pos[p] >= 0]
    s.played.update(placed)
    s.drive_players.update(placed)
    c.emit(Event("setup", team, detail=f"{sum(1 for p in s.players_of(team) if s.pos[p] >= 0)}"))

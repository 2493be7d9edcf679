"""Pitch geometry: squares as ints on a padded 28x17 grid, neighbours, zones, directions, range."""

from __future__ import annotations

LENGTH = 26
"""Squares from end zone to end zone (x: 0..25)."""
WIDTH = 15
"""Squares from sideline to sideline (y: 0..14)."""
W = LENGTH + 2
"""Row stride of the padded grid (one off-pitch square on each side)."""
H = WIDTH + 2
SIZE = W * H
OFF = -1
"""Square value meaning 'not on the pitch'."""


def sq(x: int, y: int) -> int:
    """The square index of pitch coordinates (x along the length, y across)."""
    return (x + 1) + (y + 1) * W


def xy(square: int) -> tuple[int, int]:
    """Pitch coordinates of a square index."""
    return square % W - 1, square // W - 1


ON_PITCH: list[bool] = [False] * SIZE
for _x in range(LENGTH):
    for _y in range(WIDTH):
        ON_PITCH[sq(_x, _y)] = True

PITCH_SQUARES: tuple[int, ...] = tuple(s for s in range(SIZE) if ON_PITCH[s])

DIRECTIONS: tuple[int, ...] = (-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1)
"""The eight steps, in the order of the D8 direction template (1 up-left … 8 down-right)."""

NEIGHBOURS: list[tuple[int, ...]] = [()] * SIZE
for _s in PITCH_SQUARES:
    NEIGHBOURS[_s] = tuple(_s + d for d in DIRECTIONS if ON_PITCH[_s + d])

HALF_LINE = 13
"""Home's half is x < 13 (home defends the end zone at x = 0); away's half is x >= 13."""


def in_half(square: int, team: int) -> bool:
    """True when a square lies in a team's own half (team 0 home, 1 away)."""
    x = square % W - 1
    return x < HALF_LINE if team == 0 else x >= HALF_LINE


def los_x(team: int) -> int:
    """The x of a team's line of scrimmage squares."""
    return HALF_LINE - 1 if team == 0 else HALF_LINE


def scoring_x(team: int) -> int:
    """The x of the end zone a team scores in."""
    return LENGTH - 1 if team == 0 else 0


def is_wide(square: int) -> bool:
    """True in either wide zone (the four squares nearest each sideline)."""
    y = square // W - 1
    return y < 4 or y > WIDTH - 5


def wide_zone(square: int) -> int:
    """0 for the top wide zone, 1 for the bottom one, -1 in the centre field."""
    y = square // W - 1
    if y < 4:
        return 0
    if y > WIDTH - 5:
        return 1
    return -1


def distance(a: int, b: int) -> int:
    """Squares between two squares counting diagonals as one (Chebyshev distance)."""
    ax, ay = xy(a)
    bx, by = xy(b)
    return max(abs(ax - bx), abs(ay - by))


def push_squares(attacker: int, defender: int) -> tuple[int, ...]:
    """The (up to three) squares directly away from the attacker, possibly off the pitch.

    An attacker two squares away (Vicious Vines) pushes along the direction's signs.
    """
    ax, ay = xy(attacker)
    dx_, dy_ = xy(defender)
    dx, dy = (dx_ > ax) - (dx_ < ax), (dy_ > ay) - (dy_ < ay)
    if dx != 0 and dy != 0:
        cands = ((dx, dy), (dx, 0), (0, dy))
    elif dx != 0:
        cands = ((dx, 0), (dx, -1), (dx, 1))
    else:
        cands = ((0, dy), (-1, dy), (1, dy))
    return tuple(defender + cx + cy * W for cx, cy in cands)


# Passing Range chart of the rulebook: one row per |dy| (0..13), one letter per |dx|.
# Q quick, S short, L long, B long bomb; missing entries are out of range.
_RANGE_ROWS = (
    "TQQQSSSLLLLBBB",
    "QQQQSSSLLLLBBB",
    "QQQSSSSLLLLBB",
    "QQSSSSSLLLBBB",
    "SSSSSSLLLLBBB",
    "SSSSSLLLLBBB",
    "SSSSLLLLLBBB",
    "LLLLLLLLBBB",
    "LLLLLLLBBBB",
    "LLLLLBBBBB",
    "LLLBBBBBB",
    "BBBBBBB",
    "BBBBB",
    "BB",
)
RANGE_BANDS = {"Q": 1, "S": 2, "L": 3, "B": 4, "T": 0}
"""Band number of each chart letter: 1 quick … 4 long bomb (0 the thrower's own square)."""
BAND_NAMES = ("self", "Quick Pass", "Short Pass", "Long Pass", "Long Bomb")


def pass_band(origin: int, target: int) -> int:
    """Range band (1-4) from origin to target, 0 for the same square, -1 out of range."""
    ox, oy = xy(origin)
    tx, ty = xy(target)
    dx, dy = abs(tx - ox), abs(ty - oy)
    if dy >= len(_RANGE_ROWS) or dx >= len(_RANGE_ROWS[dy]):
        return -1
    return RANGE_BANDS[_RANGE_ROWS[dy][dx]]


_RULER_HALF_WIDTH = 0.87
"""Half the range ruler's width in squares (the ruler is about 1.74 squares wide)."""


def under_ruler(origin: int, target: int) -> list[int]:
    """Squares strictly between origin and target that the range ruler at least partly covers."""
    ox, oy = xy(origin)
    tx, ty = xy(target)
    vx, vy = tx - ox, ty - oy
    length = (vx * vx + vy * vy) ** 0.5
    if length == 0:
        return []
    ux, uy = vx / length, vy / length
    reach = _RULER_HALF_WIDTH + 0.5 * (abs(ux) + abs(uy))
    found: list[int] = []
    for x in range(max(0, min(ox, tx) - 1), min(LENGTH, max(ox, tx) + 2)):
        for y in range(max(0, min(oy, ty) - 1), min(WIDTH, max(oy, ty) + 2)):
            if (x, y) in ((ox, oy), (tx, ty)):
                continue
            px, py = x - ox, y - oy
            along = px * ux + py * uy
            if along <= 0 or along >= length:
                continue
            if abs(px * uy - py * ux) <= reach:
                found.append(sq(x, y))
    return found


def name(square: int) -> str:
    """Human-readable square ("(x,y)") or "off" for a square off the pitch."""
    if square < 0 or not ON_PITCH[square]:
        return "off"
    x, y = xy(square)
    return f"({x},{y})"

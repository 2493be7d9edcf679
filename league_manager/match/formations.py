"""Saved formations: a team's set-up kept under a name, and the placements that bring it back.

A coach saves the set-up on the pitch as a named formation; a later set-up picks it like a
built-in preset. A formation is stored in the home team's orientation (x < 13, the line of
scrimmage at x = 12) and mirrored for the away team. Each spot remembers who stood there
(shirt number and position), so the same player goes back to the same square; a spot whose
player is missing goes to a player of the same position, then to anyone left (the strongest
on the line, the fastest elsewhere, as the built-in presets do). Bringing a formation back is
a list of ordinary ``remove``/``place`` actions, so the engine checks every one of them and
the match record replays them like any other placement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league_manager.match.actions import FORMATION, PLACE, REMOVE, SETUP, Action
from league_manager.match.engine import Match
from league_manager.match.pitch import HALF_LINE, LENGTH, ON_PITCH, WIDTH, sq, xy
from league_manager.match.procedures.setup import available

MAX_NAME = 40
"""Longest formation name."""
MAX_SPOTS = 11


class FormationError(ValueError):
    """A formation that cannot be stored (no name, no player, a square outside the half...)."""


@dataclass(frozen=True, slots=True)
class Spot:
    """One square of a formation (home orientation) and who stood on it when it was saved."""

    x: int
    y: int
    number: int = 0
    position: str = ""


@dataclass(frozen=True, slots=True)
class SavedFormation:
    """A named set-up: its spots, line of scrimmage first."""

    name: str
    spots: tuple[Spot, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"name": ..., "spots": [[x, y, number, position], ...]}``."""
        return {"name": self.name, "spots": [[s.x, s.y, s.number, s.position] for s in self.spots]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SavedFormation:
        """Inverse of :meth:`to_dict`, checked.

        Raises:
            FormationError: a malformed or impossible formation.
        """
        try:
            spots = tuple(Spot(int(x), int(y), int(n), str(pos)) for x, y, n, pos in data["spots"])
            return check(cls(str(data["name"]), spots))
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, FormationError):
                raise
            raise FormationError(f"not a formation: {exc}") from None


def check(formation: SavedFormation) -> SavedFormation:
    """The formation with its name trimmed, if it can be stored.

    Raises:
        FormationError: no name or too long a name, no spot or more than eleven, a square
            outside the home half or off the pitch, or two spots on one square.
    """
    name = formation.name.strip()
    if not name:
        raise FormationError("a formation needs a name")
    if len(name) > MAX_NAME:
        raise FormationError(f"a formation name has at most {MAX_NAME} characters")
    if not 1 <= len(formation.spots) <= MAX_SPOTS:
        raise FormationError(f"a formation has 1 to {MAX_SPOTS} players ({len(formation.spots)} given)")
    squares = [(s.x, s.y) for s in formation.spots]
    if len(set(squares)) != len(squares):
        raise FormationError("two players of the formation stand on one square")
    for x, y in squares:
        if not (0 <= x < HALF_LINE and 0 <= y < WIDTH):
            raise FormationError(f"square ({x}, {y}) is not in the team's own half")
    return SavedFormation(name, formation.spots)


def _oriented(x: int, team: int) -> int:
    return x if team == 0 else LENGTH - 1 - x


def capture(match: Match, team: int, name: str) -> SavedFormation:
    """The team's set-up on the pitch now, as a formation called ``name``.

    Raises:
        FormationError: nobody of the team is on the pitch, or the name is not valid.
    """
    s = match.state
    spots = []
    for p in s.players_of(team):
        if s.pos[p] < 0:
            continue
        x, y = xy(s.pos[p])
        snap = _snapshot(match, p)
        spots.append(Spot(_oriented(x, team), y, snap.number, snap.position))
    if not spots:
        raise FormationError("nobody of the team is on the pitch to save")
    spots.sort(key=lambda spot: (-spot.x, spot.y))  # the line of scrimmage first
    return check(SavedFormation(name, tuple(spots)))


def offered(match: Match) -> bool:
    """Whether the set-up now may take a whole formation (not in a Solid Defence re-set-up)."""
    prompt = match.prompt
    return prompt is not None and prompt.kind == SETUP and any(o.kind == FORMATION for o in prompt.options)


def _snapshot(match: Match, p: int) -> Any:
    s = match.state
    team = s.team[p]
    return s.teams[team].players[p - (0 if team == 0 else len(s.teams[0].players))]


def assignment(match: Match, team: int, formation: SavedFormation) -> dict[int, int]:
    """Player -> square for the team's available players under ``formation``.

    The player with the spot's shirt number and position first, then a player of the same
    position, then the others: the strongest (ST, then AV) on the line of scrimmage, the
    fastest elsewhere. Spots left over (fewer players than spots) are the last ones.
    """
    s = match.state
    players = available(match.ctx, team)
    free = set(players)
    spots = list(formation.spots)
    chosen: dict[int, int] = {}  # spot index -> player
    snaps = {p: _snapshot(match, p) for p in players}
    for exact in (True, False):
        for i, spot in enumerate(spots):
            if i in chosen:
                continue
            for p in players:
                same = snaps[p].position == spot.position
                if p in free and same and (not exact or snaps[p].number == spot.number):
                    chosen[i] = p
                    free.discard(p)
                    break
    line = HALF_LINE - 1
    for i, spot in enumerate(spots):
        if i in chosen or not free:
            continue
        if spot.x == line:
            p = min(free, key=lambda q: (-s.st[q], -s.av[q], q))
        else:
            p = min(free, key=lambda q: (-s.ma[q], q))
        chosen[i] = p
        free.discard(p)
    found = {}
    for i, p in chosen.items():
        square = sq(_oriented(spots[i].x, team), spots[i].y)
        if ON_PITCH[square]:
            found[p] = square
    return found


def formation_actions(match: Match, team: int, formation: SavedFormation) -> list[Action]:
    """The removals, then placements, that turn the team's set-up into ``formation``.

    Players already on their square stay; a placed player without a spot goes back to the
    reserves. Each action is an ordinary set-up action the engine checks when applied.
    """
    s = match.state
    target = assignment(match, team, formation)
    actions = [
        Action(REMOVE, p) for p in available(match.ctx, team) if s.pos[p] >= 0 and target.get(p) != s.pos[p]
    ]
    actions += [Action(PLACE, p, q) for p, q in sorted(target.items()) if s.pos[p] != q]
    return actions

"""The running engine internals procedures share: state, dice, events and small queries."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, TypeVar

from league_manager.match.actions import Action, Prompt
from league_manager.match.editions import Edition, edition_of
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS
from league_manager.match.skills.registry import Handler, Hooks, handlers_for
from league_manager.match.state import STANDING, State
from league_manager.rules.dice import Dice

T = TypeVar("T")
Proc = Generator[Prompt, Action, T]
"""A procedure: yields prompts, receives the chosen action, returns its result."""


class TurnOver(Exception):
    """Raised inside a team turn to end it at once (the turnover is already recorded)."""


class Ctx:
    """State, dice, settings and the event sink of one match."""

    __slots__ = (
        "checkpoint", "dice", "ed", "edition", "events", "hooks", "s", "settings", "skill_categories",
    )  # fmt: skip

    def __init__(self, state: State, dice: Dice, settings: dict[str, Any], edition: str = "bb2020") -> None:
        self.s = state
        self.dice = dice
        self.settings = settings
        self.edition = edition
        """The ruleset id: which edition's skill handlers the players use."""
        self.ed: Edition = edition_of(edition)
        """The edition's tables, statuses and own procedures (``match/editions``)."""
        self.events: list[Event] = []
        self.hooks: list[Hooks] = [handlers_for(sk, edition) for sk in state.skills]
        self.skill_categories: dict[str, list[str]] = {}
        """Skill names by category code (from the ruleset), for skills gained in play."""
        self.checkpoint: Callable[[], None] | None = None
        """Called at the start of each team turn (the Match keeps undo snapshots there)."""

    # dice -----------------------------------------------------------------
    def d6(self, label: str) -> int:
        """Roll a D6."""
        return self.dice.roll(6, label)

    def roll(self, sides: int, label: str) -> int:
        """Roll a die with any number of sides (D3, D8, D16, or N for a random choice)."""
        return self.dice.roll(sides, label)

    # events ---------------------------------------------------------------
    def emit(self, event: Event) -> None:
        """Record an event."""
        self.events.append(event)

    # skills ---------------------------------------------------------------
    def has(self, p: int, point: str) -> bool:
        """True when player p has a skill hooking this point."""
        return point in self.hooks[p]

    def refresh_hooks(self, p: int) -> None:
        """Look up player p's handlers again after their skills changed in play."""
        skills = self.s.skills[p]
        if self.distracted(p):
            skills = skills - self.ed.active_skills
        self.hooks[p] = handlers_for(skills, self.edition)

    # tackle zones and Distracted ------------------------------------------------
    def lose_tackle_zone(self, p: int, rule: str = "") -> None:
        """Player p loses their tackle zone until they are next activated.

        In an edition with the Distracted status (Season 3) a Standing player who loses
        their tackle zone is Distracted: they cannot use Active skills or traits either.
        """
        s = self.s
        s.tz_lost[p] = True
        if self.distracted(p):
            self.refresh_hooks(p)
            self.emit(Event("distracted", s.team[p], p, rule=rule))

    def regain_tackle_zone(self, p: int) -> None:
        """Player p has their tackle zone back (activated, or the drive ended)."""
        s = self.s
        was = self.ed.distracted and s.tz_lost[p]
        s.tz_lost[p] = False
        if was:
            self.refresh_hooks(p)

    def distracted(self, p: int) -> bool:
        """Season 3 Distracted: Standing on the pitch without a tackle zone."""
        s = self.s
        return self.ed.distracted and s.tz_lost[p] and s.status[p] == STANDING and s.pos[p] >= 0

    def hook(self, p: int, point: str) -> list[tuple[str, Handler]]:
        """Handlers (skill, fn) of player p at a hook point."""
        return self.hooks[p].get(point, [])

    def param(self, p: int, skill: str) -> str:
        """The parameter of a player's skill ("+1", "4+"), or ""."""
        return self.s.params[p].get(skill, "")

    # queries --------------------------------------------------------------
    def has_tz(self, p: int) -> bool:
        """Standing and not having lost their tackle zone."""
        s = self.s
        return s.status[p] == STANDING and s.pos[p] >= 0 and not s.tz_lost[p]

    def markers(self, square: int, team: int) -> list[int]:
        """Opponents of ``team`` marking ``square`` (standing, with a tackle zone, adjacent)."""
        s = self.s
        board, tm, status, lost = s.board, s.team, s.status, s.tz_lost
        found = []
        for n in NEIGHBOURS[square]:
            q = board[n]
            if q >= 0 and tm[q] != team and status[q] == STANDING and not lost[q]:
                found.append(q)
        return found

    def n_markers(self, square: int, team: int, ignore: int = -1) -> int:
        """How many opponents of ``team`` mark ``square`` (optionally not counting one)."""
        s = self.s
        board, tm, status, lost = s.board, s.team, s.status, s.tz_lost
        count = 0
        for n in NEIGHBOURS[square]:
            q = board[n]
            if q >= 0 and q != ignore and tm[q] != team and status[q] == STANDING and not lost[q]:
                count += 1
        return count

    def is_marked(self, square: int, team: int, ignore: int = -1) -> bool:
        """Whether any opponent of ``team`` marks ``square`` (stops at the first found)."""
        s = self.s
        board, tm, status, lost = s.board, s.team, s.status, s.tz_lost
        for n in NEIGHBOURS[square]:
            q = board[n]
            if q >= 0 and q != ignore and tm[q] != team and status[q] == STANDING and not lost[q]:
                return True
        return False

    def other(self, team: int) -> int:
        """The other team."""
        return 1 - team

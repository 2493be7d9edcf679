"""The Match: the small surface the board, the CLI and the bots use."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from typing import Any

from league_manager.core.errors import LeagueError, RuleViolation
from league_manager.match.actions import (
    PLACE,
    REMOVE,
    SETUP,
    TURN,
    Action,
    IllegalAction,
    Prompt,
)
from league_manager.match.core import Ctx, Proc
from league_manager.match.coverage import inert_names
from league_manager.match.editions import bb2025 as _bb2025  # noqa: F401 - registers Season 3
from league_manager.match.events import Event
from league_manager.match.position import Position
from league_manager.match.procedures import secure_ball
from league_manager.match.procedures.game import game, resume
from league_manager.match.procedures.setup import all_setup_actions, place_legal
from league_manager.match.result import MatchResult, build_result
from league_manager.match.skills import asp as _asp  # noqa: F401 - registers handlers
from league_manager.match.skills import ball_and_chain as _ball_and_chain  # noqa: F401 - registers handlers
from league_manager.match.skills import basic as _basic  # noqa: F401 - registers handlers
from league_manager.match.skills import bloodlust as _bloodlust  # noqa: F401 - registers handlers
from league_manager.match.skills import bombardier as _bombardier  # noqa: F401 - registers handlers
from league_manager.match.skills import mutations as _mutations  # noqa: F401 - registers handlers
from league_manager.match.skills import season3 as _season3  # noqa: F401 - registers handlers
from league_manager.match.skills import special_traits as _special  # noqa: F401 - registers handlers
from league_manager.match.skills import stars_1 as _stars_1  # noqa: F401 - registers handlers
from league_manager.match.skills import stars_2 as _stars_2  # noqa: F401 - registers handlers
from league_manager.match.skills import stars_3 as _stars_3  # noqa: F401 - registers handlers
from league_manager.match.skills import stars_4 as _stars_4  # noqa: F401 - registers handlers
from league_manager.match.skills import stars_5 as _stars_5  # noqa: F401 - registers handlers
from league_manager.match.skills import stars_s3 as _stars_s3  # noqa: F401 - registers handlers
from league_manager.match.skills import traits as _traits  # noqa: F401 - registers handlers
from league_manager.match.state import State, new_state
from league_manager.match.teams import TeamSnapshot
from league_manager.rules.classic import CLASSIC_RULESETS
from league_manager.rules.dice import BoardDice, Dice, Roll, ScriptedDice, SeededDice, TypedRollRefused
from league_manager.rules.model import Ruleset

CONCEDE = "concede"
FORMAT_VERSION = 1
"""Version of what a stored match means (``to_dict``): bump it when a change to the engine
makes a stored action list replay differently, so old records are refused, not misread."""


class MatchFormatError(IllegalAction):
    """A stored match was written by another engine format version."""


class InertSkills(LeagueError):
    """The teams bring skills, traits or special rules the engine does not implement."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(
            "the engine has no handler for: " + ", ".join(names)
            + " (pass allow_inert=True to play without them)"
        )  # fmt: skip
        self.names = names


class Match:
    """A Blood Bowl match between two team snapshots.

    ``prompt`` is the decision needed now; ``apply`` takes one of ``legal_actions()`` and
    returns the events it caused. Seed (or dice log) plus the action list reproduce the
    match exactly, which is how ``undo`` and ``from_dict`` work.
    """

    def __init__(
        self,
        home: TeamSnapshot,
        away: TeamSnapshot,
        *,
        dice: Dice | None = None,
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
        ruleset_id: str = "bb2020",
        position: Position | None = None,
        ruleset: Ruleset | None = None,
        snapshots: bool = True,
        skill_categories: dict[str, list[str]] | None = None,
        allow_inert: bool = False,
    ) -> None:
        """Create a match.

        Args:
            home, away: the team snapshots (home kicks off from x = 0).
            dice: where rolls come from (default: ``SeededDice(seed)``).
            seed: seed for the default dice.
            settings: league/house settings (``extra_time``: play extra time on a draw).
            ruleset_id: the ruleset the match is played under (``ruleset.id`` when given).
            position: start from a set position (scenarios) instead of the pre-match.
            ruleset: the ruleset object, recorded by id; its skill categories let players
                gain skills in play (Intensive Training).
            snapshots: keep a state snapshot at the start of each team turn so that
                ``undo`` replays one turn instead of the whole match (off for bots and
                simulations, which never undo).
            skill_categories: skill references by category code, when no ruleset is given.
            allow_inert: play even when a player has a skill, trait or special rule the
                engine does not implement (listed in ``inert_skills``, e.g. for a board to
                show); otherwise such a match is refused.

        Raises:
            InertSkills: a name without a handler, and ``allow_inert`` is False.
        """
        self.skill_categories: dict[str, list[str]] = dict(skill_categories or {})
        if ruleset is not None:
            ruleset_id = ruleset.id
        if ruleset_id in CLASSIC_RULESETS:
            raise RuleViolation(
                "engine",
                f"the match engine does not play {ruleset_id} yet: its matches are played on the "
                "tabletop and their results entered",
            )
        if ruleset is not None:
            self.skill_categories = _skill_categories(ruleset)
            home, away = _with_keywords(home, ruleset), _with_keywords(away, ruleset)
        self.home = home
        self.away = away
        self.settings: dict[str, Any] = dict(settings or {})
        self.ruleset_id = ruleset_id
        self.inert_skills: list[str] = inert_names((*home.players, *away.players), ruleset_id)
        """Skills, traits and special rules of the players that the engine does not play."""
        if self.inert_skills and not allow_inert:
            raise InertSkills(self.inert_skills)
        self.allow_inert = allow_inert
        self.position = position
        self.snapshots = snapshots
        self._keep_latest = False
        """Keep the latest team turn's snapshot even without ``snapshots`` (set by :meth:`fork`)."""
        self.dice: Dice = dice if dice is not None else SeededDice(seed)
        self.actions: list[Action] = []
        self._start()

    # lifecycle --------------------------------------------------------------
    def _start(self) -> None:
        self.state: State = new_state(self.home, self.away)
        self.ctx = Ctx(self.state, self.dice, self.settings, self.ruleset_id)
        self.ctx.skill_categories = self.skill_categories
        self._checkpoints: list[_Checkpoint] = []
        self.ctx.checkpoint = self._checkpoint_hook()
        if self.position is not None:
            self.position.apply(self.state)
            self._gen: Proc[None] = resume(self.ctx)
        else:
            self._gen = game(self.ctx)
        self._prompt: Prompt | None = None
        self._advance(None)
        self._rolls_at: list[int] = [len(self.dice.log)]  # dice log length before/after each action

    def _advance(self, action: Action | None) -> None:
        try:
            if action is None:
                self._prompt = next(self._gen)
            else:
                self._prompt = self._gen.send(action)
        except StopIteration:
            self._prompt = None

    @property
    def events(self) -> list[Event]:
        """Every event so far."""
        return self.ctx.events

    @property
    def prompt(self) -> Prompt | None:
        """The decision needed now (None once the match is over)."""
        return self._prompt

    @property
    def over(self) -> bool:
        """True once the match has ended (full time or a concession)."""
        return self._prompt is None

    def legal_actions(self) -> list[Action]:
        """Every legal action now (set-up also lists each single placement)."""
        prompt = self._prompt
        if prompt is None:
            return []
        if prompt.kind == SETUP:
            movable = prompt.info.get("movable")
            return list(prompt.options) + all_setup_actions(self.ctx, prompt.team, movable)
        return list(prompt.options)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now."""
        prompt = self._prompt
        if prompt is None:
            return False
        if action in prompt.options:
            return True
        if prompt.kind == SETUP and action.kind in (PLACE, REMOVE):
            return place_legal(self.ctx, prompt.team, action, prompt.info.get("movable"))
        return False

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused.

        Raises:
            IllegalAction: the action is not legal now; nothing changes.
        """
        if not self.is_legal(action):
            raise IllegalAction(f"{action} is not legal at {self._describe()}")
        start = len(self.ctx.events)
        self.actions.append(action)
        try:
            self._advance(action)
        except TypedRollRefused:
            self.actions.pop()  # a physical roll typed wrongly: back to before the action
            with _replaying(self.dice):
                self._replay(list(self.actions))
            raise
        self._rolls_at.append(len(self.dice.log))
        return self.ctx.events[start:]

    def can_concede(self, team: int) -> bool:
        """Whether ``team`` may concede now: only at the start of one of its team turns."""
        prompt = self._prompt
        return (
            prompt is not None
            and prompt.kind == TURN
            and prompt.team == team
            and bool(prompt.info.get("turn_start"))
        )

    def concede(self, team: int) -> list[Event]:
        """A coach concedes at the start of their team turn: the match ends at once.

        The opponent is awarded one touchdown plus every touchdown the conceding team
        scored (Season 3: it wins 2-0, or by its own score if higher; the edition's
        ``concession_score``); the conceding team has no MVP; each of its players with three or more
        advancements rolls a D6 and quits the team on 1-3 (``PlayerResult.quits``).

        Raises:
            IllegalAction: it is not the start of one of ``team``'s team turns.
        """
        if self._prompt is None:
            raise IllegalAction("the match is over")
        if not self.can_concede(team):
            raise IllegalAction("a team may concede only at the start of its own team turn")
        self.actions.append(Action(CONCEDE, team))
        return self._concede(team)

    def forfeit(self, team: int) -> list[Event]:
        """The commissioner awards the match against ``team`` (a remote claim upheld): it ends
        at once as if the team had conceded now, at any moment of the match.

        Raises:
            IllegalAction: the match is over.
        """
        if self._prompt is None:
            raise IllegalAction("the match is over")
        self.actions.append(Action(CONCEDE, team))
        return self._concede(team)

    def _concede(self, team: int) -> list[Event]:
        self._gen.close()
        self._prompt = None
        s = self.state
        start = len(self.ctx.events)
        s.conceded = team
        s.game_over = True
        self.ctx.emit(Event("concession", team))
        s.score[0], s.score[1] = self.ctx.ed.conceded_score(s.score, team)  # Season 3: N-0 or its own score
        self.ctx.emit(Event("concession_score", 1 - team, detail=f"{s.score[0]}-{s.score[1]}"))
        snaps = self.home.players if team == 0 else self.away.players
        first = 0 if team == 0 else len(self.home.players)
        for i, snap in enumerate(snaps):
            if snap.advancements >= 3:
                roll = self.ctx.d6("quit in disgust")
                quits = roll <= 3
                if quits:
                    s.quits.add(first + i)
                self.ctx.emit(
                    Event("quit_roll", team, first + i, (roll,), 4, success=not quits,
                          detail="quits the team" if quits else "stays")
                )  # fmt: skip
        self._rolls_at.append(len(self.dice.log))
        return self.ctx.events[start:]

    def distracted(self, p: int) -> bool:
        """Whether player p is Distracted (Season 3: Standing without a tackle zone)."""
        return self.ctx.distracted(p)

    def secure_the_ball_used(self, team: int) -> bool | None:
        """Season 3: whether ``team`` took its Secure the Ball action this team turn (None in an
        edition without the action)."""
        if secure_ball.offer not in self.ctx.ed.offers:
            return None
        return self.state.active == team and secure_ball.USED in self.state.skill_used

    def stalling(self, team: int) -> tuple[int, ...]:
        """The players of ``team`` stalling now: open ball carriers who could score without a
        dice roll (seed 000 STALLING). Empty outside the team's own turn."""
        from league_manager.match.procedures.prayers import stalling_players

        if self.state.active != team or self.prompt is None:
            return ()
        return tuple(stalling_players(self.ctx, team))

    def rolls_since_last_action(self) -> int:
        """How many dice were rolled since the last action was applied (0 with no action)."""
        return self._rolls_at[-1] - self._rolls_at[-2] if len(self._rolls_at) > 1 else 0

    def roll_mark(self, count: int) -> int:
        """How many dice had been rolled once the first ``count`` actions were applied (the
        document's ``rolls_at[count]``)."""
        return self._rolls_at[count]

    def rolls_since(self, count: int) -> int:
        """How many dice the actions after the first ``count`` rolled (0 when none came after).

        Args:
            count: how many actions came before the ones counted.
        """
        if count < 0 or count >= len(self._rolls_at) - 1:
            return 0
        return self._rolls_at[-1] - self._rolls_at[count]

    def _describe(self) -> str:
        prompt = self._prompt
        return "full time" if prompt is None else f"{prompt.kind} prompt for team {prompt.team}"

    def outcome(self) -> MatchResult | None:
        """The match result once the match is over, else None."""
        if self._prompt is not None:
            return None
        return build_result(self.state)

    # replay -------------------------------------------------------------------
    def _replay(self, actions: list[Action]) -> None:
        self.actions = []
        self.dice = _rewound(self.dice)
        self._start()
        for action in actions:
            if action.kind == CONCEDE:
                self.actions.append(action)
                self._concede(action.player)
                break
            self.apply(action)

    def undo(self) -> None:
        """Take back the last action.

        Restores the snapshot taken at the start of the current team turn and replays the
        actions since; without a usable snapshot, replays the match from the start. Typed
        physical rolls are replayed as typed, and those of the action taken back forgotten.
        """
        if not self.actions:
            raise IllegalAction("nothing to undo")
        with _replaying(self.dice):
            self._undo()

    def _undo(self) -> None:
        target = self.actions[:-1]
        usable = [cp for cp in self._checkpoints if cp.actions <= len(target)]
        if not usable or not self._restore(usable[-1]):
            self._replay(target)
            return
        for action in target[usable[-1].actions :]:
            if action.kind == CONCEDE:
                self.actions.append(action)
                self._concede(action.player)
                break
            self.apply(action)

    def _checkpoint_hook(self) -> Callable[[], None] | None:
        """What the engine calls at each team turn: a snapshot with ``snapshots`` (undo), the
        latest one only once a bot has forked this match, else nothing (a state clone per team
        turn costs a plain match about a fifth of its speed)."""
        return self._take_checkpoint if self.snapshots or self._keep_latest else None

    def keep_latest_snapshot(self) -> None:
        """From now on keep the latest team turn's snapshot, which every :meth:`fork` starts from
        (what a first fork switches on; a match rebuilt for bots calls it before its actions)."""
        if not self._keep_latest:
            self._keep_latest = True
            self.ctx.checkpoint = self._take_checkpoint

    def _take_checkpoint(self) -> None:
        # Dice whose state cannot be saved (a remote mirror's) still give a fork its start: the
        # fork replays their logged rolls; only undo needs the state, and replays without it.
        dice_state = _dice_state(self.dice)
        n = len(self.actions)
        while self._checkpoints and self._checkpoints[-1].actions >= n:
            self._checkpoints.pop()
        if not self.snapshots:
            self._checkpoints.clear()
        self._checkpoints.append(
            _Checkpoint(n, self.state.clone(), dice_state, len(self.dice.log), len(self.ctx.events))
        )

    def _restore(self, cp: _Checkpoint) -> bool:
        if cp.dice is None or not _set_dice_state(self.dice, cp.dice, cp.log):
            return False
        self._checkpoints = [x for x in self._checkpoints if x.actions <= cp.actions]
        events = self.ctx.events[: cp.events]
        self.state = cp.state.clone()
        self.ctx = Ctx(self.state, self.dice, self.settings, self.ruleset_id)
        self.ctx.skill_categories = self.skill_categories
        self.ctx.events = events
        self.ctx.checkpoint = self._checkpoint_hook()
        self.actions = self.actions[: cp.actions]
        self._rolls_at = self._rolls_at[: cp.actions + 1]
        self._gen = resume(self.ctx)
        self._advance(None)
        return True

    def fork(self, dice: Dice) -> Match:
        """A copy of the match at the current prompt whose rolls from now on come from ``dice``
        (a bot's look-ahead). The copy starts from the snapshot of the current team turn and
        replays this turn's actions with the rolls they had; the original is not touched.

        Args:
            dice: where the copy's new rolls come from (seeded by the caller).

        Raises:
            IllegalAction: the match is over.
        """
        if self._prompt is None:
            raise IllegalAction("the match is over")
        self.keep_latest_snapshot()  # from the next team turn on, forks start from its snapshot
        copy = Match.__new__(Match)
        for name in ("home", "away", "settings", "ruleset_id", "skill_categories", "inert_skills",
                     "allow_inert", "position"):  # fmt: skip
            setattr(copy, name, getattr(self, name))
        copy.snapshots = False
        copy._keep_latest = True
        cp = self._checkpoints[-1] if self._checkpoints else None
        done = cp.actions if cp is not None else 0
        if cp is None:
            copy.dice = _ReplayDice([r.result for r in self.dice.log], dice)
            copy.actions = []
            copy._start()
            done = 0
        else:
            copy.dice = _ReplayDice([r.result for r in self.dice.log[cp.log :]], dice)
            copy.state = cp.state.clone()
            copy.ctx = Ctx(copy.state, copy.dice, copy.settings, copy.ruleset_id)
            copy.ctx.skill_categories = copy.skill_categories
            copy.ctx.events = self.ctx.events[: cp.events]
            copy.ctx.checkpoint = copy._take_checkpoint
            copy._checkpoints = []
            copy.actions = self.actions[:done]
            copy._rolls_at = [len(copy.dice.log)] * (done + 1)
            copy._gen = resume(copy.ctx)
            copy._prompt = None
            copy._advance(None)
        for action in self.actions[done:]:
            copy.apply(action)
        return copy

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to rebuild the match: teams, settings, dice and actions."""
        dice: dict[str, Any]
        if isinstance(self.dice, BoardDice):
            dice = {"seed": self.dice.seed, "typed": {str(i): v for i, v in sorted(self.dice.typed.items())}}
        elif isinstance(self.dice, SeededDice):
            dice = {"seed": self.dice.seed}
        else:
            dice = {"rolls": [r.result for r in self.dice.log]}
        return {
            "format": FORMAT_VERSION,
            "ruleset": self.ruleset_id,
            "home": self.home.to_dict(),
            "away": self.away.to_dict(),
            "settings": self.settings,
            "position": self.position.to_dict() if self.position is not None else None,
            "dice": dice,
            "skill_categories": self.skill_categories,
            "allow_inert": self.allow_inert,
            "actions": [a.to_list() for a in self.actions],
            "rolls_at": list(self._rolls_at),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, snapshots: bool = True) -> Match:
        """Rebuild a match by replaying its actions.

        Args:
            data: a document written by :meth:`to_dict`.
            snapshots: keep every team turn's snapshot (undo, e.g. a resumed board); without,
                keep the latest one only, as a live match does once forked, so a bot's forks of
                the rebuilt match replay this turn's actions, not the whole match.

        Raises:
            MatchFormatError: the document was written by another engine format version.
        """
        version = data.get("format", FORMAT_VERSION)
        if version != FORMAT_VERSION:
            raise MatchFormatError(
                f"this match was saved by engine format {version}; this program reads format "
                f"{FORMAT_VERSION} only"
            )
        dice_data = data["dice"]
        dice: Dice
        if "typed" in dice_data:
            typed = {int(i): int(v) for i, v in dice_data["typed"].items()}
            dice = BoardDice(int(dice_data["seed"]), typed)
        elif "seed" in dice_data:
            dice = SeededDice(int(dice_data["seed"]))
        else:
            dice = ScriptedDice([int(r) for r in dice_data["rolls"]])
        match = cls(
            TeamSnapshot.from_dict(data["home"]),
            TeamSnapshot.from_dict(data["away"]),
            dice=dice,
            settings=dict(data.get("settings", {})),
            ruleset_id=str(data.get("ruleset", "bb2020")),
            position=Position.from_dict(data["position"]) if data.get("position") else None,
            skill_categories={
                str(k): [str(n) for n in v] for k, v in (data.get("skill_categories") or {}).items()
            },
            allow_inert=bool(data.get("allow_inert", False)),
            snapshots=snapshots,
        )
        match._keep_latest = not snapshots
        match._replay([Action.from_list(a) for a in data["actions"]])
        return match


def _with_keywords(team: TeamSnapshot, ruleset: Ruleset) -> TeamSnapshot:
    """The team with each player's position keywords filled in from the ruleset's roster
    (Season 3 rules ask for them, e.g. a Big Guy may not Secure the Ball)."""
    roster = ruleset.teams.get(team.race)
    if roster is None:
        return team
    by_name = {pos.name: pos.keywords for pos in roster.positions}
    players = tuple(
        replace(p, keywords=by_name.get(p.position, ())) if not p.keywords else p for p in team.players
    )
    return replace(team, players=players) if players != team.players else team


def _skill_categories(ruleset: Ruleset) -> dict[str, list[str]]:
    """Skill references by category, parameterised skills with their usual "+1"."""
    found: dict[str, list[str]] = {}
    for code, names in ruleset.skill_categories.items():
        found[code] = [f"{n} (+1)" if ruleset.skills[n].parameter == "modifier" else n for n in names]
    return found


@dataclass(slots=True)
class _Checkpoint:
    """The state at the start of a team turn, with the dice and log positions."""

    actions: int
    state: State
    dice: object | None
    """The dice's state (None for dice whose state cannot be saved: undo then replays)."""
    log: int
    events: int


def _replaying(dice: Dice) -> AbstractContextManager[None]:
    """Board dice re-make rolls without asking for physical ones while the match replays."""
    return dice.replaying() if isinstance(dice, BoardDice) else nullcontext()


def _dice_state(dice: Dice) -> object | None:
    if isinstance(dice, SeededDice | BoardDice):
        return dice.getstate()
    if isinstance(dice, ScriptedDice):
        return dice._next
    return None


def _set_dice_state(dice: Dice, state: object, log: int) -> bool:
    if isinstance(dice, SeededDice | BoardDice):
        dice.setstate(state)
    elif isinstance(dice, ScriptedDice) and isinstance(state, int):
        dice._next = state
    else:
        return False
    dice.log = dice.log[:log]
    return True


def _rewound(dice: Dice) -> Dice:
    """Dice that will produce the same rolls again from the start of the match."""
    if isinstance(dice, SeededDice):
        return SeededDice(dice.seed)
    if isinstance(dice, BoardDice):
        dice.restart()  # the same object: the board keeps its typed_source
        return dice
    if isinstance(dice, ScriptedDice):
        # The same script from its first entry (the log holds what was used so far).
        dice._next = 0
        dice.log = []
        return dice
    return _ReplayDice([r.result for r in dice.log], dice)


class _ReplayDice:
    """Replays recorded rolls, then hands over to the original dice."""

    def __init__(self, results: list[int], then: Dice) -> None:
        self._results = results
        self._then = then
        self.log: list[Roll] = []

    def roll(self, sides: int, label: str = "") -> int:
        if self._results:
            result = self._results.pop(0)
        else:
            result = self._then.roll(sides, label)
        self.log.append(Roll(f"D{sides}", result, label, "replay"))
        return result

"""What each click, drag and key means now: board input turned into engine actions (no Qt).

The controller lists, for the current prompt, the pitch squares that take a decision
(``targets``) and the choices shown in the prompt panel (``menu``). Every legal option of
every prompt is on one or the other, so the board can always be answered by mouse or keys.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from league_manager.core.errors import LeagueError
from league_manager.match import actions as a
from league_manager.match.actions import Action, IllegalAction, Prompt
from league_manager.match.engine import Match
from league_manager.match.events import Event
from league_manager.match.formations import FormationError, capture, formation_actions, offered
from league_manager.match.inducements.hot_pot import HOT_POT_PROMPT
from league_manager.match.inducements.wizards import WIZARD
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import (
    LENGTH,
    ON_PITCH,
    PITCH_SQUARES,
    WIDTH,
    in_half,
    is_wide,
    los_x,
    sq,
    xy,
)
from league_manager.match.pitch import name as square_name
from league_manager.match.procedures.setup import available
from league_manager.match.state import STANDING
from league_manager.ui.match_board import labels
from league_manager.ui.match_board.needs import action_need, block_lines
from league_manager.ui.match_board.reach import describe, percent, reachable, step_text, walk
from league_manager.ui.match_board.session import BoardSession

SQUARE_KINDS = frozenset(
    (a.MOVE, labels.JUMP, a.BLOCK, a.VOMIT, a.STAB, a.MULTI_BLOCK, a.PASS, a.HANDOFF, a.FOUL, a.THROW,
     a.THROW_TO, a.KICK, a.PLACE, a.HAIL_MARY, a.GAZE, a.CHAINSAW, a.BREATHE_FIRE, a.BITE, a.KTM,
     a.THROW_BOMB)
)  # fmt: skip
"""Action kinds whose ``square`` is a pitch square the coach clicks."""
INDEX_PROMPTS = frozenset((a.BLOCK_DIE, a.CASUALTY_CHOICE))
"""Prompts whose CHOOSE ``square`` is an option index, not a square."""
SQUARE_PROMPTS = frozenset((a.PUSH, a.DECLARE_TARGET, a.INTERFERENCE, a.BITE_PROMPT, HOT_POT_PROMPT))
"""Prompts whose CHOOSE ``square`` is the square to click."""
SAVED = "saved:"
"""Command prefix of a saved formation's choice."""
PANEL_TOO = 4
"""Prompts with this many square targets or fewer also list them in the panel (one key each)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of the prompt panel: an engine action or a board command."""

    label: str
    key: str
    action: Action | None = None
    command: str = ""


@dataclass(slots=True)
class Menu:
    """The prompt panel: a title, explanation lines, choices, and the square it sits next to."""

    title: str
    choices: list[Choice]
    anchor: int = -1
    lines: list[str] = field(default_factory=list)
    team: int = -1


@dataclass(frozen=True, slots=True)
class Mark:
    """An overlay on a square: a target of the current decision, the selection or the cursor."""

    square: int
    kind: str
    text: str = ""


def target_kind(action: Action) -> str:
    """The overlay kind of a square target."""
    k = action.kind
    if k.startswith("activate_"):
        return "player"
    return {
        a.MOVE: "move", labels.JUMP: "move", a.BLOCK: "block", a.VOMIT: "block", a.STAB: "block",
        a.MULTI_BLOCK: "block", a.PASS: "pass", a.THROW_TO: "pass", a.HANDOFF: "pass", a.FOUL: "foul",
        a.PLACE: "place", a.KICK: "kick",
    }.get(k, "push" if k == a.CHOOSE else "target")  # fmt: skip


class BoardController:
    """Board input for one session.

    Args:
        session: the session whose match is played.
        names: a label per player index.
        handover: show a hand-over step between the teams' turns when both sides are human.
    """

    def __init__(self, session: BoardSession, names: list[str], handover: bool = True) -> None:
        self.session = session
        self.names = names
        self.handover_enabled = handover
        self.cursor = sq(LENGTH // 2, WIDTH // 2)
        self.selected = -1
        self.focus = -1
        self.message = ""
        self.handover_team = -1
        self.notice: list[str] = []
        self.finished = False
        """Set when the coach pressed Finish at full time."""
        """Lines of an end-of-half / end-of-match screen, shown until dismissed."""
        self._owner = -1
        self.targets: dict[int, list[Action]] = {}
        self.buttons: list[Action] = []
        self._plans: dict[int, MovePlan] | None = None
        self.preview = -1
        """The distant square whose path is previewed (a second click walks it)."""
        self.ask_name: Callable[[str], str | None] | None = None
        """Asks the coach for a formation's name (None when cancelled); set by the board."""
        self.sync()

    # derived state ------------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The match."""
        return self.session.match

    @property
    def prompt(self) -> Prompt | None:
        """The decision the match waits for."""
        return self.session.match.prompt

    def human_turn(self) -> bool:
        """True when a coach at this screen must decide now."""
        prompt = self.prompt
        return prompt is not None and self.session.is_human(prompt.team)

    def sync(self) -> None:
        """Recompute targets and panel after the match changed."""
        prompt = self.prompt
        self.focus = -1
        self.preview = -1
        self.targets = {}
        self.buttons = []
        self._plans = None
        if prompt is None:
            self.selected = -1
            return
        self._check_handover(prompt)
        if prompt.kind == a.SETUP:
            self._setup_targets(prompt)
            return
        self.selected = -1
        pos = self.match.state.pos
        for action in prompt.options:
            square = self._square_of(prompt, action, pos)
            if square >= 0:
                self.targets.setdefault(square, []).append(action)
            else:
                self.buttons.append(action)
        few = sum(len(v) for v in self.targets.values()) <= PANEL_TOO
        if few and prompt.kind not in (a.TURN, a.ACTIVATION, a.KICK):
            for square in sorted(self.targets):
                self.buttons.extend(self.targets[square])
        if self.targets and self.cursor not in self.targets:
            anchor = self.anchor()
            self.cursor = anchor if anchor in self.targets else min(self.targets)

    @property
    def plans(self) -> dict[int, MovePlan]:
        """Squares the acting player can reach by a path (safest first), for distant moves."""
        if self._plans is None:
            prompt = self.prompt
            human = prompt is not None and prompt.kind == a.ACTIVATION and self.session.is_human(prompt.team)
            self._plans = reachable(self.match) if human else {}
        return self._plans

    def _check_handover(self, prompt: Prompt) -> None:
        if prompt.kind not in (a.TURN, a.SETUP) or not self.session.both_human():
            return
        if self._owner != prompt.team:
            if self._owner >= 0 and self.handover_enabled:
                self.handover_team = prompt.team
            self._owner = prompt.team

    @staticmethod
    def _square_of(prompt: Prompt, action: Action, pos: list[int]) -> int:
        k = action.kind
        if k.startswith("activate_"):
            return pos[action.player] if action.player >= 0 else -1
        if k in SQUARE_KINDS or (k == a.YES and prompt.kind == a.FOLLOW_UP):
            return action.square if action.square >= 0 and ON_PITCH[action.square] else -1
        if k == a.CHOOSE and prompt.kind not in INDEX_PROMPTS:
            if prompt.kind in SQUARE_PROMPTS or (prompt.kind == WIZARD and action.player < 0):
                return action.square if action.square >= 0 and ON_PITCH[action.square] else -1
            if prompt.kind == a.PRAYER and "skills" in prompt.info:
                return -1
            if prompt.kind == a.USE_SKILL_PROMPT:  # an option by index (Ball & Chain facing)
                return -1
            if action.player >= 0 and pos[action.player] >= 0:
                return pos[action.player]
        return -1

    def _setup_targets(self, prompt: Prompt) -> None:
        match = self.match
        s = match.state
        team = prompt.team
        if self.selected >= 0 and not self._may_set_up(self.selected):
            self.selected = -1
        self.buttons = list(prompt.options)
        p = self.selected
        if p >= 0:
            for square in PITCH_SQUARES:
                if s.board[square] < 0 and match.is_legal(Action(a.PLACE, p, square)):
                    self.targets[square] = [Action(a.PLACE, p, square)]
            if s.pos[p] >= 0 and match.is_legal(Action(a.REMOVE, p)):
                self.buttons.append(Action(a.REMOVE, p))
        del team

    def _may_set_up(self, p: int) -> bool:
        prompt = self.prompt
        if prompt is None or prompt.kind != a.SETUP or self.match.state.team[p] != prompt.team:
            return False
        if self.match.state.pos[p] >= 0:
            return self.match.is_legal(Action(a.REMOVE, p))
        board = self.match.state.board
        free = next((q for q in PITCH_SQUARES if board[q] < 0 and in_half(q, prompt.team)), -1)
        return free >= 0 and self.match.is_legal(Action(a.PLACE, p, free))

    def setup_players(self) -> list[int]:
        """Players of the team setting up who may be placed or moved now."""
        prompt = self.prompt
        if prompt is None or prompt.kind != a.SETUP:
            return []
        return [p for p in available(self.match.ctx, prompt.team) if self._may_set_up(p)]

    def anchor(self) -> int:
        """The square the prompt panel should sit next to (-1: no particular square)."""
        if self.focus >= 0:
            return self.focus
        prompt = self.prompt
        if prompt is None:
            return -1
        pos = self.match.state.pos
        if self.selected >= 0 and pos[self.selected] >= 0:
            return pos[self.selected]
        for key in ("player", "kicker", "passer"):
            p = prompt.info.get(key, -1)
            if isinstance(p, int) and 0 <= p < len(pos) and pos[p] >= 0:
                return pos[p]
        for key in ("square", "landing", "from"):
            q = prompt.info.get(key, -1)
            if isinstance(q, int) and 0 <= q < len(ON_PITCH) and ON_PITCH[q]:
                return q
        return -1

    # the panel ----------------------------------------------------------------------
    def note_events(self, events: list[Event]) -> None:
        """Start an end-of-half or end-of-match screen when the events call for one."""
        home, away = self.session.team_names()
        s = self.match.state
        score = f"{home} {s.score[0]} – {s.score[1]} {away}"
        for event in events:
            if event.kind == "half" and event.detail not in ("", "1"):
                label = "Half time" if event.detail == "2" else "End of normal time: extra time"
                self.notice = [label, score]
            elif event.kind in ("full_time", "concession"):
                self.notice = []

    def menu(self) -> Menu:
        """What the prompt panel shows now."""
        prompt = self.prompt
        home, away = self.session.team_names()
        if prompt is None:
            s = self.match.state
            lines = [f"{home} {s.score[0]} – {s.score[1]} {away}"]
            if s.conceded >= 0:
                lines.append(f"{(home, away)[s.conceded]} conceded.")
            return Menu("Full time", [Choice("Finish", "Return", command="finish")], lines=lines)
        if self.notice:
            return Menu(
                self.notice[0], [Choice("Continue", "Return", command="dismiss")], lines=self.notice[1:]
            )
        team_name = (home, away)[prompt.team]
        if not self.session.is_human(prompt.team):
            return Menu(f"{team_name} (bot) is playing…", [], team=prompt.team)
        if self.handover_team >= 0:
            lines = [f"Hand the board to the {team_name} coach."]
            return Menu(f"{team_name} to play", [Choice("Start", "Return", command="begin")], lines=lines,
                        team=prompt.team)  # fmt: skip
        if self.preview >= 0 and self.preview in self.plans:
            others = self._choices(prompt, self.buttons)
            walk_choices = [
                Choice("Go", "G", command="walk"),
                *others,
                Choice("Back", "Escape", command="back"),
            ]
            title = f"Move to {square_name(self.preview)}"
            return Menu(title, walk_choices, anchor=self.preview, lines=describe(self.plans[self.preview]))
        if self.focus >= 0:
            acts = self.targets.get(self.focus, []) + [
                x for x in self.buttons if x not in self.targets.get(self.focus, [])
            ]
            keys = labels.assign_keys(acts)
            choices = [
                Choice(labels.label(prompt, x, self.names), k, x) for x, k in zip(acts, keys, strict=True)
            ]
            choices.append(Choice("Back", "Escape", command="back"))
            who = self.match.state.board[self.focus]
            head = self.names[who] if who >= 0 else square_name(self.focus)
            return Menu(head, choices, anchor=self.focus, team=prompt.team)
        keys = labels.assign_keys(self.buttons)
        choices = [
            Choice(labels.label(prompt, x, self.names), k, x) for x, k in zip(self.buttons, keys, strict=True)
        ]
        if prompt.kind == a.SETUP:
            choices += self._formation_choices(prompt.team, {c.key for c in choices})
        return Menu(
            f"{team_name}: {labels.title(prompt, self.names)}",
            choices,
            anchor=self.anchor(),
            lines=self._lines(prompt),
            team=prompt.team,
        )

    def _formation_choices(self, team: int, taken: set[str]) -> list[Choice]:
        """The team's saved formations (when a whole formation may be taken now) and Save."""
        free = [k for k in "123456789" + "ACGIJKLOQVW" if k not in taken | labels.RESERVED]
        found = []
        if offered(self.match):
            for formation in self.session.formations.formations(team):
                key = free.pop(0) if free else ""
                found.append(Choice(f"Saved: {formation.name}", key, command=SAVED + formation.name))
        s = self.match.state
        if self.ask_name is not None and any(s.pos[p] >= 0 for p in s.players_of(team)):
            key = "S" if "S" not in taken else (free.pop(0) if free else "")
            found.append(Choice("Save this set-up as a formation…", key, command="save_formation"))
        return found

    def _choices(self, prompt: Prompt, acts: list[Action]) -> list[Choice]:
        keys = labels.assign_keys(acts, {"G"})
        return [Choice(labels.label(prompt, x, self.names), k, x) for x, k in zip(acts, keys, strict=True)]

    def _lines(self, prompt: Prompt) -> list[str]:
        lines: list[str] = []
        if prompt.kind == a.SETUP:
            lines.extend(self.setup_counts(prompt.team))
            lines.extend(f"• {p}" for p in prompt.info.get("problems", []))
            if self.selected >= 0:
                lines.append(f"Placing {self.names[self.selected]}: click a square or drag.")
            else:
                lines.append("Click or Tab to a player, then a square; or pick a formation.")
        elif prompt.kind == a.TURN:
            lines.append("Click a player (or Tab, Enter) for the actions open to them.")
        elif self.targets:
            lines.append("Click a highlighted square (arrows + Enter).")
        if prompt.kind == a.ACTIVATION:
            lines.extend(block_lines(self.match, prompt, self.names))
        if prompt.kind == a.BLOCK_DIE and "dice" in prompt.info:
            lines.append("Dice: " + ", ".join(map(str, prompt.info["dice"])))
        if self.message:
            lines.append(self.message)
        return lines

    def setup_counts(self, team: int) -> list[str]:
        """Live set-up legality: players on the pitch, on the line, in each wide zone."""
        s = self.match.state
        on = [s.pos[p] for p in s.players_of(team) if s.pos[p] >= 0]
        line = sum(1 for q in on if xy(q)[0] == los_x(team) and not is_wide(q))
        top = sum(1 for q in on if is_wide(q) and xy(q)[1] < 4)
        bottom = sum(1 for q in on if is_wide(q) and xy(q)[1] > 4)
        return [f"On the pitch {len(on)}/11 · on the line {line} (3+) · wide zones {top}/2 and {bottom}/2"]

    # overlays -----------------------------------------------------------------------
    def marks(self) -> list[Mark]:
        """Overlays for the current decision (targets with the roll or dice they need)."""
        found: list[Mark] = []
        if self.human_turn() and self.handover_team < 0:
            for square, plan in self.plans.items():
                if square not in self.targets:
                    found.append(Mark(square, "reach", percent(plan.p_with_rerolls)))
            for square, acts in self.targets.items():
                found.append(Mark(square, target_kind(acts[0]), self._need(acts[0])))
            if self.preview in self.plans:
                for step in self.plans[self.preview].steps:
                    found.append(Mark(step.square, "path", step_text(step)))
        if self.selected >= 0 and self.match.state.pos[self.selected] >= 0:
            found.append(Mark(self.match.state.pos[self.selected], "select"))
        prompt = self.prompt
        acting = prompt.info.get("player", -1) if prompt is not None else -1
        pos = self.match.state.pos
        if isinstance(acting, int) and 0 <= acting < len(pos) and pos[acting] >= 0:
            found.append(Mark(pos[acting], "select"))
        if self.focus >= 0:
            found.append(Mark(self.focus, "focus"))
        found.append(Mark(self.cursor, "cursor"))
        return found

    def _need(self, action: Action) -> str:
        prompt = self.prompt
        if prompt is None or prompt.kind != a.ACTIVATION:
            return ""
        return action_need(self.match, action, int(prompt.info.get("mp", 1)))

    # input --------------------------------------------------------------------------
    def _refuse(self, text: str) -> bool:
        self.message = text
        return False

    def _apply(self, action: Action) -> bool:
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            return self._refuse(f"Not allowed now: {exc}")
        self.message = ""
        self.note_events(events)
        self.sync()
        return True

    def _can_act(self) -> bool:
        prompt = self.prompt
        if prompt is None:
            return self._refuse("The match is over.")
        if not self.session.is_human(prompt.team):
            return self._refuse("Wait: the bot is playing.")
        if self.notice:
            return self._refuse("Press Continue first.")
        if self.handover_team >= 0:
            return self._refuse("Press Start when the other coach has the board.")
        return True

    def click(self, square: int) -> bool:
        """A click on a pitch square (or the token on it); True when something changed."""
        if square < 0 or not ON_PITCH[square]:
            return self._refuse("That is off the pitch.")
        self.cursor = square
        if not self._can_act():
            return False
        prompt = self.prompt
        assert prompt is not None
        if prompt.kind == a.SETUP:
            p = self.match.state.board[square]
            if p >= 0:
                return self.select(p)
            if self.selected < 0:
                return self._refuse("Choose a player to set up first.")
            if square not in self.targets:
                return self._refuse(f"{self.names[self.selected]} cannot be set up on {square_name(square)}.")
            placed = self.selected
            ok = self._apply(self.targets[square][0])
            if ok:
                self._next_to_place(placed)
            return ok
        if square not in self.targets and square in self.plans:
            if self.preview == square:
                return self._walk(square)
            self.preview = square
            self.focus = -1
            self.message = ""
            return True
        acts = self.targets.get(square)
        if not acts:
            self.focus = -1
            self.preview = -1
            return self._refuse(f"Nothing to do on {square_name(square)} now.")
        if prompt.kind == a.TURN or len(acts) > 1:
            self.focus = square
            self.message = ""
            return True
        return self._apply(acts[0])

    def _walk(self, square: int) -> bool:
        prompt = self.prompt
        plan = self.plans.get(square)
        if prompt is None or plan is None:
            return self._refuse("That square cannot be reached now.")
        events = walk(self.session, int(prompt.info.get("player", -1)), plan)
        self.message = ""
        self.note_events(events)
        self.sync()
        return bool(events)

    def _next_to_place(self, placed: int) -> None:
        s = self.match.state
        waiting = [p for p in self.setup_players() if s.pos[p] < 0]
        on = sum(1 for p in s.players_of(s.team[placed]) if s.pos[p] >= 0)
        self.selected = waiting[0] if waiting and on < 11 else -1
        self.sync()

    def select(self, p: int) -> bool:
        """Select a player to set up (a click on a token in the dugout or on the pitch)."""
        if not self._can_act():
            return False
        prompt = self.prompt
        assert prompt is not None
        if prompt.kind != a.SETUP:
            pos = self.match.state.pos[p]
            return self.click(pos) if pos >= 0 else self._refuse(f"{self.names[p]} is not on the pitch.")
        if not self._may_set_up(p):
            return self._refuse(f"{self.names[p]} cannot be set up now.")
        self.selected = p
        self.message = ""
        self.sync()
        return True

    def drag(self, p: int, square: int) -> bool:
        """Drop a token on a square (set-up), or back in the dugout when ``square`` < 0."""
        if not self._can_act():
            return False
        prompt = self.prompt
        assert prompt is not None
        if prompt.kind != a.SETUP:
            return self.click(square) if square >= 0 else False
        if not self.select(p):
            return False
        if square < 0:
            if self.match.state.pos[p] < 0:
                return False
            return self._apply(Action(a.REMOVE, p))
        return self.click(square)

    def choose(self, choice: Choice) -> bool:
        """Take a panel choice."""
        if choice.command == "begin":
            self.handover_team = -1
            self.message = ""
            return True
        if choice.command == "dismiss":
            self.notice = []
            return True
        if choice.command == "finish":
            self.finished = True
            return True
        if choice.command == "walk":
            return self._can_act() and self._walk(self.preview)
        if choice.command == "back":
            self.preview = -1
            self.focus = -1
            return True
        if choice.command.startswith(SAVED):
            return self._can_act() and self.use_formation(choice.command[len(SAVED) :])
        if choice.command == "save_formation":
            return self._can_act() and self.save_formation()
        if not self._can_act() or choice.action is None:
            return False
        return self._apply(choice.action)

    def use_formation(self, name: str) -> bool:
        """Set the team up in one of its saved formations (one decision, one undo)."""
        prompt = self.prompt
        if prompt is None or prompt.kind != a.SETUP or not offered(self.match):
            return self._refuse("A saved formation can be picked only at a full set-up.")
        saved = {f.name: f for f in self.session.formations.formations(prompt.team)}
        if name not in saved:
            return self._refuse(f"There is no saved formation called '{name}'.")
        actions = formation_actions(self.match, prompt.team, saved[name])
        if not actions:
            return self._refuse(f"The team already stands in '{name}'.")
        self.selected = -1
        self.note_events(self.session.apply_all(actions))
        self.sync()
        self.message = f"Formation '{name}' set up."
        return True

    def save_formation(self) -> bool:
        """Ask for a name and keep the team's set-up on the pitch as a formation."""
        prompt = self.prompt
        if prompt is None or prompt.kind != a.SETUP or self.ask_name is None:
            return self._refuse("A formation can be saved only during a set-up.")
        name = self.ask_name("Name of the formation (saving it again under a name replaces it):")
        if name is None or not name.strip():
            return self._refuse("The formation was not saved.")
        try:
            formation = capture(self.match, prompt.team, name)
            self.session.formations.save_formation(prompt.team, formation)
        except (FormationError, LeagueError) as exc:
            return self._refuse(f"The formation was not saved: {exc}")
        self.message = f"Formation '{formation.name}' saved ({len(formation.spots)} players)."
        return True

    def key(self, name: str) -> bool:
        """A key press: arrows move the cursor, Return/Space click it, letters pick choices."""
        moves = {"Left": (-1, 0), "Right": (1, 0), "Up": (0, -1), "Down": (0, 1)}
        if name in moves:
            x, y = xy(self.cursor)
            dx, dy = moves[name]
            self.cursor = sq(min(LENGTH - 1, max(0, x + dx)), min(WIDTH - 1, max(0, y + dy)))
            return True
        menu = self.menu()
        for choice in menu.choices:
            if choice.key == name:
                return self.choose(choice)
        if name in ("Return", "Space"):
            return self._confirm(menu)
        if name == "Escape":
            changed = self.focus >= 0 or self.selected >= 0 or self.preview >= 0
            self.focus = -1
            self.preview = -1
            if self.selected >= 0:
                self.selected = -1
                self.sync()
            return changed
        if name == "Tab":
            return self._cycle()
        return self._refuse(f"The key {name} does nothing now (F1 lists the keys).")

    def _confirm(self, menu: Menu) -> bool:
        prompt = self.prompt
        occupied = prompt is not None and prompt.kind == a.SETUP and self.match.state.board[self.cursor] >= 0
        if (
            self.cursor in self.targets
            or self.cursor in self.plans
            or occupied
            or (self.selected >= 0 and prompt and prompt.kind == a.SETUP)
        ):
            return self.click(self.cursor)
        if len(menu.choices) == 1:
            return self.choose(menu.choices[0])
        return self._refuse(
            f"Nothing to do on {square_name(self.cursor)}: pick a choice or a highlighted square."
        )

    def _cycle(self) -> bool:
        prompt = self.prompt
        if prompt is not None and prompt.kind == a.SETUP and self.human_turn():
            players = self.setup_players()
            if not players:
                return False
            after = [p for p in players if p > self.selected]
            p = after[0] if after else players[0]
            ok = self.select(p)
            if ok and self.match.state.pos[p] >= 0:
                self.cursor = self.match.state.pos[p]
            return ok
        squares = sorted(self.targets, key=lambda q: (xy(q)[0], xy(q)[1]))
        if not squares:
            return False
        order = [(xy(q)[0], xy(q)[1]) for q in squares]
        here = xy(self.cursor)
        later = [q for q, k in zip(squares, order, strict=True) if k > here]
        self.cursor = later[0] if later else squares[0]
        self.focus = -1
        return True

    def bot_step(self) -> bool:
        """Let a bot play its decision (not while a screen waits to be dismissed)."""
        if self.notice or not self.session.bot_to_play():
            return False
        self.note_events(self.session.play_bot())
        self.sync()
        return True

    def undo(self, confirmed_by: str | None = None) -> bool:
        """Take back the last decision (under the session's undo policy)."""
        prompt = self.prompt
        home, away = self.session.team_names()
        by = f"{(home, away)[prompt.team]} coach" if prompt is not None else "board"
        refusal = self.session.undo(by, confirmed_by)
        if refusal:
            return self._refuse(refusal)
        self.message = "Undone."
        self.handover_team = -1
        self.notice = []
        self.sync()
        return True

    def concede(self) -> bool:
        """The coach deciding now concedes (the board asks for confirmation first)."""
        prompt = self.prompt
        if prompt is None:
            return False
        if not self.match.can_concede(prompt.team):
            return self._refuse("A team may concede only at the start of its own team turn.")
        self.note_events(self.session.concede(prompt.team))
        self.sync()
        return True

    def standing(self, p: int) -> bool:
        """Whether a player is standing (for token drawing)."""
        return self.match.state.status[p] == STANDING

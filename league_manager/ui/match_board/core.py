"""The controller's state: the current prompt's square targets and panel buttons, set-up
placement, hand-over tracking and the square the panel sits next to (no Qt)."""

from __future__ import annotations

from collections.abc import Callable

from league_manager.match import actions as a
from league_manager.match.actions import Action, Prompt
from league_manager.match.engine import Match
from league_manager.match.inducements.wizards import WIZARD
from league_manager.match.paths import MovePlan
from league_manager.match.pitch import (
    LENGTH,
    ON_PITCH,
    PITCH_SQUARES,
    WIDTH,
    in_half,
    sq,
)
from league_manager.match.procedures.setup import available
from league_manager.match.state import STANDING
from league_manager.ui.match_board.choices import INDEX_PROMPTS, PANEL_TOO, SQUARE_KINDS, SQUARE_PROMPTS
from league_manager.ui.match_board.reach import reachable
from league_manager.ui.match_board.session import BoardSession


class BoardCore:
    """What the board shows a decision on: targets, buttons, selection, cursor and focus.

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

    def standing(self, p: int) -> bool:
        """Whether a player is standing (for token drawing)."""
        return self.match.state.status[p] == STANDING

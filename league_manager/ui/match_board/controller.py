"""What each click, drag and key means now: board input turned into engine actions (no Qt).

The controller lists, for the current prompt, the pitch squares that take a decision
(``targets``) and the choices shown in the prompt panel (``menu``). Every legal option of
every prompt is on one or the other, so the board can always be answered by mouse or keys.
"""

from __future__ import annotations

from league_manager.core.errors import LeagueError
from league_manager.match import actions as a
from league_manager.match.actions import Action, IllegalAction
from league_manager.match.formations import FormationError, capture, formation_actions, offered
from league_manager.match.pitch import (
    LENGTH,
    ON_PITCH,
    WIDTH,
    sq,
    xy,
)
from league_manager.match.pitch import name as square_name
from league_manager.ui.match_board.choices import (
    INDEX_PROMPTS,
    PANEL_TOO,
    SAVED,
    SQUARE_KINDS,
    SQUARE_PROMPTS,
    Choice,
    Mark,
    Menu,
    target_kind,
)
from league_manager.ui.match_board.menus import BoardMenus
from league_manager.ui.match_board.reach import walk

__all__ = [
    "INDEX_PROMPTS",
    "PANEL_TOO",
    "SAVED",
    "SQUARE_KINDS",
    "SQUARE_PROMPTS",
    "BoardController",
    "Choice",
    "Mark",
    "Menu",
    "target_kind",
]


class BoardController(BoardMenus):
    """Board input for one session: clicks, drags, keys and panel choices become engine actions.

    Args:
        session: the session whose match is played.
        names: a label per player index.
        handover: show a hand-over step between the teams' turns when both sides are human.
    """

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
            waiting = getattr(self.session, "waiting_text", None)  # a remote session says why
            return self._refuse(f"Wait: {waiting()}" if callable(waiting) else "Wait: the bot is playing.")
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

    def bot_move(self, action: Action) -> bool:
        """Play the action a bot chose on the worker thread (as :meth:`bot_step` plays it)."""
        if self.notice or not self.session.bot_to_play():
            return False
        try:
            events = self.session.play_bot_action(action)
        except IllegalAction as exc:
            return self._refuse(f"The bot's move is not allowed now: {exc}")
        self.note_events(events)
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

"""The match board widget: pitch view, HUD, prompt panel, player card, log, bots and keys."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from league_manager.match import actions as a
from league_manager.match.actions import Action
from league_manager.match.events import Event
from league_manager.match.pitch import ON_PITCH, in_half
from league_manager.rules.dice import BoardDice
from league_manager.rules.loader import load_ruleset
from league_manager.rules.model import Ruleset
from league_manager.ui.match_board import hud
from league_manager.ui.match_board.bot_worker import BotWorker
from league_manager.ui.match_board.controller import BoardController, Choice
from league_manager.ui.match_board.dice_entry import DiceEntry
from league_manager.ui.match_board.narration import narrate
from league_manager.ui.match_board.panel import PromptPanel
from league_manager.ui.match_board.practice import player_names
from league_manager.ui.match_board.scene import PitchScene, gutter_rect, square_at, square_rect
from league_manager.ui.match_board.session import BoardSession

KEYS = {
    Qt.Key.Key_Left: "Left",
    Qt.Key.Key_Right: "Right",
    Qt.Key.Key_Up: "Up",
    Qt.Key.Key_Down: "Down",
    Qt.Key.Key_Return: "Return",
    Qt.Key.Key_Enter: "Return",
    Qt.Key.Key_Space: "Space",
    Qt.Key.Key_Escape: "Escape",
    Qt.Key.Key_Tab: "Tab",
    Qt.Key.Key_Delete: "Delete",
    Qt.Key.Key_Backspace: "Delete",
    Qt.Key.Key_F1: "F1",
    Qt.Key.Key_Pause: "Pause",
    Qt.Key.Key_F2: "Pause",
    Qt.Key.Key_Question: "?",
}

CHEAT_SHEET = """Keys on the board
Arrows: move the cursor · Enter/Space: click the cursor square (or the only choice)
Tab: next player (set-up) or next highlighted square · Esc: back / deselect
Letters and digits: the choice shown in [brackets] in the panel
  M Move · B Block · Z Blitz · P Pass · H Hand-off · F Foul · T Throw Team-mate
  X End action · E End turn / End set-up · R Team re-roll · S Skill re-roll · O Pro
  Y Yes / use skill · N No / decline · Del back to the dugout
Set-up: 1-3 built-in formations, then the team's saved ones · S save the set-up as a formation
U or Ctrl+Z: undo (league undo policy) · D: type dice (physical dice) on/off · F1 or ?: this sheet
Pause or F2: pause the match (nothing can be clicked until it resumes; the same key resumes)
Far squares show the safest path's chance: a click previews the path, a second click (or G) walks it.
Squares: green move (roll needed: dodge & rush), red block (dice; ▼ the opponent chooses),
blue pass (Q/S/L/B range) or hand-off, purple foul, yellow push (arrows) or target."""

PAUSE_TEXT = (
    "Paused\n\nNothing on the board can be clicked while the match is paused.\n"
    "Press Pause or F2, or the Resume button, to play on."
)


class BoardView(QGraphicsView):
    """The pitch view: turns mouse presses, drags and releases into controller input."""

    def __init__(self, board: MatchBoard) -> None:
        super().__init__(board.scene)
        self.board = board
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self._pressed = -1
        self._press_square = -1

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.board.place_panel()

    def _player_at(self, point: QPointF) -> int:
        square = square_at(point)
        if square >= 0:
            return self.board.controller.match.state.board[square]
        return self.board.scene.dugout_player_at(point)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        point = self.mapToScene(event.position().toPoint())
        self._pressed = self._player_at(point)
        self._press_square = square_at(point)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        point = self.mapToScene(event.position().toPoint())
        square = square_at(point)
        pressed, self._pressed = self._pressed, -1
        ctl = self.board.controller
        if (
            pressed >= 0
            and square != self._press_square
            and (square >= 0 or self.board.scene.in_dugout(point))
        ):
            self.board.act(lambda: ctl.drag(pressed, square))
        elif square >= 0:
            self.board.act(lambda: ctl.click(square))
        else:
            p = self.board.scene.dugout_player_at(point)
            if p >= 0:
                self.board.act(lambda: ctl.select(p))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = self.mapToScene(event.position().toPoint())
        p = self._player_at(point)
        if p >= 0:
            self.board.show_card(p)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.board.handle_key(event)


class MatchBoard(QWidget):
    """A match played on screen: hot-seat, or against a bot, or bot against bot.

    Args:
        session: the session (match, saver, bots).
        bot_delay_ms: pause before each bot action so it can be watched (0 in tests).
        dark: draw the pitch for a dark theme.
        confirm: asks the coach to confirm (conceding); ``DialogService.confirm`` in the app.
        ask_text: asks for a line of text (title, label, value; None when cancelled), the name
            of a formation to save; ``DialogService.text`` in the app. Without it no
            formation can be saved on this board.
    """

    finished = Signal()
    """The coach pressed Finish at full time."""
    changed = Signal()

    def __init__(
        self,
        session: BoardSession,
        *,
        bot_delay_ms: int = 400,
        dark: bool = False,
        confirm: Callable[[str, str], bool] | None = None,
        ask_text: Callable[[str, str, str], str | None] | None = None,
        ruleset: Ruleset | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.names = player_names(session.match)
        self.controller = BoardController(session, self.names)
        if ask_text is not None:
            self.controller.ask_name = lambda label: ask_text("Save the formation", label, "")
        self.ruleset = ruleset or load_ruleset(session.match.ruleset_id)
        self.confirm = confirm
        self.bot_delay_ms = bot_delay_ms
        self.scene = PitchScene(dark, session.game.colours)
        self._logged = 0
        self.bots_paused = False
        self._build()
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._bot_step)
        self.thinking = BotWorker(self)
        self.thinking.idle.connect(self.refresh)  # a cancelled thought ended: the bots may go on
        """Runs a searching bot's decision off the GUI thread."""
        self.refresh()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        self.score = QLabel()
        self.home_line = QLabel()
        self.away_line = QLabel()
        teams = QVBoxLayout()
        teams.addWidget(self.home_line)
        teams.addWidget(self.away_line)
        self.inert_line = QLabel()
        self.inert_line.setWordWrap(True)
        teams.addWidget(self.inert_line)
        for label in (self.score, self.home_line, self.away_line):  # long team names wrap: the
            label.setWordWrap(True)  # board must fit a 1366-pixel-wide screen
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.score.setMinimumWidth(260)
        top.addWidget(self.score, 2)
        top.addSpacing(16)
        top.addLayout(teams, 3)
        self.undo_button = QPushButton("Undo (U)")
        self.concede_button = QPushButton("Concede…")
        self.keys_button = QPushButton("Keys (F1)")
        self.pause_button = QPushButton("Pause (F2)")
        self.pause_button.clicked.connect(self.toggle_pause)
        self.why_button = QPushButton("Why this move?")
        self.why_button.setToolTip("The bot's reason for the activation it is playing")
        self.why_button.clicked.connect(self.explain)
        self.why_button.setVisible(not self.controller.session.both_human())
        self.dice_button = QPushButton("Type dice (D)")
        self.dice_button.setCheckable(True)
        self.dice_button.setToolTip(
            "Roll real dice and type each value; Esc in the entry lets the program roll"
        )
        self.dice_button.toggled.connect(self.set_typed_dice)
        for button in (
            self.undo_button,
            self.concede_button,
            self.dice_button,
            self.pause_button,
            self.why_button,
            self.keys_button,
        ):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            top.addWidget(button)
        self.undo_button.clicked.connect(self.undo)
        self.concede_button.clicked.connect(self.concede)
        self.keys_button.clicked.connect(self.toggle_keys)
        layout.addLayout(top)
        split = QSplitter(Qt.Orientation.Horizontal)
        self.view = BoardView(self)
        split.addWidget(self.view)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        self.card = QLabel()
        self.card.setWordWrap(True)
        self.card.setTextFormat(Qt.TextFormat.RichText)
        self.card.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.card.setMinimumHeight(120)
        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        side_layout.addWidget(self.card)
        side_layout.addWidget(QLabel("<b>Match log</b>"))
        side_layout.addWidget(self.log, 1)
        split.addWidget(side)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        split.setSizes([1000, 260])
        layout.addWidget(split, 1)
        self.panel = PromptPanel(self.view.viewport(), self.choose)
        self.dice_entry = DiceEntry(self.view.viewport())
        self._typed_notes: list[str] = []
        self.keys = QLabel(CHEAT_SHEET, self.view.viewport())
        self.keys.setStyleSheet(
            "background: rgba(10,10,10,230); color: #eee; padding: 10px; border-radius: 6px;"
        )
        self.keys.hide()
        self.pause_screen = QLabel(PAUSE_TEXT, self.view.viewport())
        self.pause_screen.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pause_screen.setStyleSheet(
            "background: rgba(10,10,10,235); color: #eee; font-size: 20px; padding: 24px;"
        )
        self.pause_screen.hide()
        self.paused = False
        self.message = QLabel()
        layout.addWidget(self.message)

    # updates ------------------------------------------------------------------------
    def act(self, step: Callable[[], bool]) -> bool:
        """Run one controller input and redraw (nothing while a typed die is awaited or paused)."""
        if self.dice_entry.asking or self.paused:
            return False
        if self.thinking.running:  # a bot (its thought maybe cancelled) still reads the match
            self.message.setText("Wait: the bot is finishing its thought.")
            return False
        changed = step()
        self.refresh()
        return changed

    def choose(self, choice: Choice) -> None:
        """A panel button was pressed."""
        self.act(lambda: self.controller.choose(choice))

    def refresh(self) -> None:
        """Redraw everything from the controller and schedule a bot move when one is due."""
        ctl = self.controller
        match = ctl.match
        names = self.session.team_names()
        self.scene.update_from(ctl, names)
        self.score.setText(hud.scoreline(match, names))
        self.home_line.setText(hud.team_line(match, 0, names[0]))
        self.away_line.setText(hud.team_line(match, 1, names[1]))
        inert = tuple(self.session.game.inert)
        self.inert_line.setText(hud.inert_line(inert))
        self.inert_line.setVisible(bool(inert))
        self._append_log(match.events)
        self.message.setText(ctl.message)
        prompt = ctl.prompt
        remote = bool(getattr(self.session, "remote", False))  # remote: only this coach's own turn
        mine = prompt is not None and (not remote or self.session.is_human(prompt.team))
        self.concede_button.setEnabled(prompt is not None and match.can_concede(prompt.team) and mine)
        self.panel.show_menu(ctl.menu())
        self.place_panel()
        self.panel.show()
        if self.controller.selected >= 0:
            self.show_card(self.controller.selected)
        if ctl.finished:
            ctl.finished = False
            self.finished.emit()
        due = ctl.session.bot_to_play() and not ctl.notice and not self.bots_paused and not self.paused
        if due and not self._bot_timer.isActive() and not self.thinking.busy:
            self._bot_timer.start(self.bot_delay_ms)
        self.changed.emit()

    def _append_log(self, events: list[Event]) -> None:
        if len(events) < self._logged:
            self.log.clear()
            self._logged = 0
        names = self.session.team_names()
        for event in events[self._logged :]:
            self.log.addItem(narrate(event, self.names, names))
        for note in self._typed_notes:
            self.log.addItem(note)
        self._typed_notes.clear()
        self._logged = len(events)
        self.log.scrollToBottom()

    def place_panel(self) -> None:
        """Put the prompt panel next to the square it concerns."""
        anchor = self.panel.menu.anchor if self.panel.menu is not None else -1
        area = self.view.viewport().rect()
        rect: QRect | None = None
        if anchor >= 0:
            rect = self.view.mapFromScene(square_rect(anchor)).boundingRect()
        s = self.controller.match.state
        weighted = list(self.controller.targets) * 3 + [q for q in s.pos if q >= 0]
        weighted += list(self.controller.plans)  # far squares a click previews a path to
        prompt = self.controller.prompt
        if prompt is not None and prompt.kind == a.SETUP:  # keep the half being set up clear
            weighted += [q for q in range(len(ON_PITCH)) if ON_PITCH[q] and in_half(q, prompt.team)]
        avoid = [self.view.mapFromScene(square_rect(q)).boundingRect() for q in weighted]
        avoid += [self.view.mapFromScene(r).boundingRect() for r in self.scene.dugout_slots.values()]
        strip = self.view.mapFromScene(gutter_rect()).boundingRect()
        dock = QRect(strip.left(), area.top(), area.right() - strip.left(), area.height())
        self.panel.fit_to(dock)
        self.panel.place_near(rect, area, avoid, dock)
        if self.pause_screen.isVisible():
            self.pause_screen.setGeometry(area)
            self.pause_screen.raise_()
        if self.keys.isVisible():
            self.keys.adjustSize()
            self.keys.move(
                area.center().x() - self.keys.width() // 2, area.center().y() - self.keys.height() // 2
            )
            self.keys.raise_()

    def _dice_spot(self, size: QSize) -> QPoint:
        """Where the typed-dice entry goes: in the strip beside the pitch, clear of the panel."""
        strip = self.view.mapFromScene(gutter_rect()).boundingRect()
        area = self.view.viewport().rect()
        x = max(area.left(), min(strip.left() + 4, area.right() - size.width()))
        panel = self.panel.geometry() if self.panel.isVisible() else QRect()
        bottom = min(strip.bottom(), area.bottom()) - size.height() - 4
        spots = [QPoint(x, bottom), QPoint(x, strip.top() + 8)]
        if not panel.isEmpty():
            spots.insert(1, QPoint(x, panel.bottom() + 8))
            spots.insert(2, QPoint(x, panel.top() - size.height() - 8))
        for spot in spots:
            rect = QRect(spot, size)
            if area.contains(rect) and not rect.intersects(panel):
                return spot
        return spots[0]

    def show_card(self, p: int) -> None:
        """Show a player's card (hover or selection)."""
        inert = tuple(self.session.game.inert)
        self.card.setText(hud.player_card(self.controller.match, p, self.ruleset, inert))

    def toggle_pause(self) -> None:
        """Pause the match (a screen over the pitch; no input, no bot moves) or resume it."""
        if self.dice_entry.asking:
            return  # a die is awaited: it is typed (or handed to the program) first
        self.paused = not self.paused
        self.pause_button.setText("Resume (F2)" if self.paused else "Pause (F2)")
        for button in (self.undo_button, self.concede_button, self.dice_button):
            button.setEnabled(not self.paused)
        self.panel.setVisible(not self.paused)
        self.pause_screen.setVisible(self.paused)
        if self.paused:
            self._bot_timer.stop()
            self.thinking.cancel()  # thought again on resuming
            self.message.setText("The match is paused.")
            self.place_panel()
        else:
            self.message.setText("")
            self.refresh()

    def explain(self) -> None:
        """Show the bot's reason for its last activation under the board."""
        reason = self.controller.session.bot_reason()
        self.message.setText(reason or "The bot has not explained a move yet.")

    def toggle_keys(self) -> None:
        """Show or hide the cheat-sheet."""
        self.keys.setVisible(not self.keys.isVisible())
        self.place_panel()

    def concede(self) -> None:
        """Concede for the coach deciding now, after confirmation."""
        if self.paused:
            return
        prompt = self.controller.prompt
        if prompt is None or not self.session.is_human(prompt.team):
            return
        if not self.session.match.can_concede(prompt.team):
            self.act(self.controller.concede)  # refused with the rule in the message line
            return
        team = self.session.team_names()[prompt.team]
        text = f"{team} concede the match? The rules' consequences for conceding apply."
        if self.confirm is not None and not self.confirm("Concede", text):
            return
        self.act(self.controller.concede)

    def undo(self) -> None:
        """Undo the last decision; under the ``confirm`` policy the other coach confirms first."""
        if self.paused:
            return
        if self.thinking.running:  # the bot reads the match on its thread: nothing may change it
            self.message.setText("Wait: the bot is thinking.")
            return
        confirmed_by = None
        prompt = self.controller.prompt
        if self.session.undo_needs_confirmation() and self.session.match.actions:
            names = self.session.team_names()
            other = names[1 - prompt.team] if prompt is not None else "the other"
            text = f"Does the {other} coach agree to take back the last action?"
            if self.confirm is None or not self.confirm("Confirm the undo", text):
                return
            confirmed_by = f"{other} coach"
        self.act(lambda: self.controller.undo(confirmed_by))

    @property
    def typed_dice(self) -> bool:
        """Whether every roll asks for the value of a physical die."""
        dice = self.session.match.dice
        return isinstance(dice, BoardDice) and dice.typed_source is not None

    def set_typed_dice(self, on: bool) -> None:
        """Switch physical dice on or off (the match's dice must be :class:`BoardDice`)."""
        dice = self.session.match.dice
        if self.paused:
            on = self.typed_dice
        elif not isinstance(dice, BoardDice):
            self.message.setText("The dice of this match cannot be typed.")
            on = False
        else:
            dice.typed_source = self._ask_die if on else None
            self.message.setText(
                "Type dice: each roll asks for the value of a real die (Esc: the program rolls it)."
                if on
                else "The program rolls the dice."
            )
        if self.dice_button.isChecked() != on:
            self.dice_button.setChecked(on)

    def _ask_die(self, sides: int, label: str) -> int | None:
        self._bot_timer.stop()
        strip = self.view.mapFromScene(gutter_rect()).boundingRect()
        self.dice_entry.setMaximumWidth(max(160, strip.width() - 8))
        value = self.dice_entry.ask(sides, label, self._dice_spot)
        if value is not None:
            self._typed_notes.append(f"D{sides}" + (f" {label}" if label else "") + f": {value} (typed)")
        return value

    def handle_key(self, event: QKeyEvent) -> None:
        """Board keys (see the cheat-sheet)."""
        if self.dice_entry.asking:
            return
        if event.key() == Qt.Key.Key_Z and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.undo()
            return
        name = KEYS.get(Qt.Key(event.key()), event.text().upper())
        if name == "Pause":
            self.toggle_pause()
            return
        if self.paused:
            return
        if name in ("F1", "?"):
            self.toggle_keys()
            return
        if name == "U":
            self.undo()
            return
        if name == "D":
            self.set_typed_dice(not self.typed_dice)
            return
        if name:
            self.act(lambda: self.controller.key(name))

    def closeEvent(self, event: QCloseEvent) -> None:
        """A board shown on its own (a :class:`BoardWindow` calls :meth:`shut_down` itself)."""
        self.shut_down()
        super().closeEvent(event)

    def shut_down(self) -> None:
        """The board is going: stop the bots and let a thought under way end, so its thread and
        the paused collector are let go."""
        self.stop_bots()
        self.thinking.wait()

    def stop_bots(self) -> None:
        """Stop playing bot moves (the window is closing, or a screenshot is being set up).

        A die awaited from the keyboard is then rolled by the program (typed dice go off), so
        the action under way ends and is saved like any other.
        """
        self._bot_timer.stop()
        self.thinking.cancel()
        self.bots_paused = True
        if self.dice_entry.asking:
            self.set_typed_dice(False)
            self.dice_entry.finish(None)

    def controller_moment(self, moment: str) -> None:
        """Play on (seeded input, bots included) to a screenshot moment, then redraw."""
        from league_manager.ui.match_board.spec import advance_to

        advance_to(self.controller, moment)
        self.refresh()

    def _bot_step(self) -> None:
        if self.thinking.running:  # a thought (maybe cancelled) still reads the match and the session
            return
        think = getattr(self.session, "bot_thinker", lambda: None)()  # a remote session has none
        if think is None:
            self.act(self.controller.bot_step)
            return
        if self.paused or self.bots_paused or self.dice_entry.asking:
            return
        moves = len(self.controller.match.actions)
        self.thinking.start(think, lambda action: self._bot_thought(moves, action))

    def _bot_thought(self, moves: int, action: Action) -> None:
        """A searching bot's action, back from the worker thread: played unless the match moved on."""
        if len(self.controller.match.actions) != moves:
            self.refresh()
            return
        self.act(lambda: self.controller.bot_move(action))

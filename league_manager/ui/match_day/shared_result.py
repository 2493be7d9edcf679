"""A shared league's result on the fixture page: whose it is, whether it counts, and the answers to it.

On a shared league's server a coach's result counts once the other coach (or the
commissioner) confirms it (``share confirm``); the other coach may dispute it with their
own version (``share dispute``), and the commissioner settles a dispute by picking one
version. The server decides every step; this bar shows the state and offers only what
this login may do (the server's refusal is still shown if it says no).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.ui.context import UiContext
from league_manager.ui.match_day.grid import SIDES, ResultGridModel
from league_manager.ui.match_day.result_tables import ResultGridPanel
from league_manager.ui.match_day.score_inputs import ScoreInputs
from league_manager.ui.match_day.summary import names
from league_manager.ui.widgets import button, label

if TYPE_CHECKING:
    from league_manager.services.match_day.store import MatchDayView

STATS = (("td", "TD"), ("comp", "COMP"), ("defl", "DEF"), ("intc", "INT"), ("cas", "CAS"))


def version_html(title: str, document: dict[str, Any] | None, view: MatchDayView) -> str:
    """One version of a result (a result document) in words: the score, then each player's deeds."""
    if not document:
        return f"<h3>{escape(title)}</h3><p>No version kept.</p>"
    home = document.get("home", {}).get("score", "?")
    away = document.get("away", {}).get("score", "?")
    conceded = document.get("conceded")
    gave_up = "" if conceded is None else f" ({SIDES[int(conceded)]} conceded)"
    who = names(view)
    lines = []
    for player in document.get("players", []):
        bits = [f"{word} {player[key]}" for key, word in STATS if player.get(key)]
        if player.get("injury"):
            bits.append(
                f"suffered {player['injury']}" + (f" ({player['lasting']})" if player.get("lasting") else "")
            )
        if player.get("sent_off"):
            bits.append("sent off")
        if bits:
            lines.append(
                f"<li>{escape(who.get(str(player['id']), str(player['id'])))}: {', '.join(bits)}</li>"
            )
    deeds = f"<ul>{''.join(lines)}</ul>" if lines else "<p>No touchdowns, passes or casualties.</p>"
    return (
        f"<h3>{escape(title)}</h3><p><b>{escape(view.home)} {home} – {away} {escape(view.away)}</b>"
        f"{gave_up}</p>{deeds}"
    )


def state_text(claim: Any, coaches: dict[str, str], home: str, away: str) -> str:
    """The claim's state in a sentence: entered by X, awaits Y's confirmation / confirmed / disputed.

    ``coaches`` maps each coach's login to their team's name.
    """
    entered = claim.entered_by
    team = coaches.get(entered)
    other = away if team == home else home if team == away else None
    waiting = [login for login, name in coaches.items() if name == other] if other else []
    awaited = f"{' or '.join(waiting)}'s" if waiting else "the other coach's"
    if claim.status == "pending":
        return f"Result entered by {entered}; it awaits {awaited} confirmation (or the commissioner's)."
    if claim.status == "confirmed":
        by = claim.confirmed_by or "the commissioner"
        return f"Result entered by {entered}, confirmed by {by}: it counts."
    return (
        f"Result entered by {entered}, disputed by {claim.disputed_by}: both versions wait for the "
        "commissioner, who picks the one that counts."
    )


def postgame_wait(services: Any, fixture_id: int, home: str, away: str) -> str | None:
    """Why this login's post-game must wait on a shared league (None: it may run now).

    A coach's result counts once it is confirmed; the commissioner (and the league's owner)
    may apply the post-game at once, as the server allows.
    """
    claim = services.shared.claim(fixture_id)
    place = services.share_place
    if claim is None or claim.status == "confirmed" or place is None or place.runs_league:
        return None
    coaches = {m.role: str(m.team) for m in services.shared.members() if m.kind == "coach"}
    return "The post-game waits: " + state_text(claim, coaches, home, away)


class SharedResultBar(QWidget):
    """The claim's state and the buttons this login may use, above the fixture's record."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.fixture_id: int | None = None
        self.view: MatchDayView | None = None
        self.claim: Any = None
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.state = label("", "help", wrap=True)
        row.addWidget(self.state, 1)
        self.confirm_button = button(
            "Confirm result",
            "add",
            primary=True,
            tip="The result is right: it counts and the post-game may run",
        )
        self.confirm_button.clicked.connect(self.confirm)
        self.dispute_button = button(
            "Dispute…", "edit", tip="Give your version of the result; both wait for the commissioner"
        )
        self.dispute_button.clicked.connect(self.dispute)
        self.settle_button = button(
            "Settle dispute…", "edit", primary=True, tip="Compare both versions and pick the one that counts"
        )
        self.settle_button.clicked.connect(self.settle)
        for widget in (self.confirm_button, self.dispute_button, self.settle_button):
            row.addWidget(widget)
        self.hide()

    def show_for(self, fixture_id: int, view: MatchDayView | None, home: str, away: str) -> None:
        """Read the fixture's claim and show its state (hidden on a league file or without a result)."""
        self.fixture_id, self.view = fixture_id, view
        services = self.ctx.services
        self.claim = services.shared.claim(fixture_id) if services is not None else None
        if self.claim is None:
            self.hide()
            return
        members = services.shared.members() if services is not None else []
        coaches = {m.role: str(m.team) for m in members if m.kind == "coach"}
        text = state_text(self.claim, coaches, home, away)
        if self.claim.status == "disputed" and view is not None and view.result:
            entered, theirs = view.result, self.claim.disputed_version or {}
            text += (
                f" {self.claim.entered_by}: {entered['home']['score']} – {entered['away']['score']};"
                f" {self.claim.disputed_by}: {_score(theirs)}."
            )
        self.state.setText(text)
        self.confirm_button.setVisible(self.claim.may_confirm and not self.claim.may_resolve)
        self.dispute_button.setVisible(self.claim.may_dispute and view is not None)
        self.settle_button.setVisible(self.claim.may_resolve and view is not None)
        self.show()

    def dialog_at(self, kind: str) -> QDialog:
        """The dispute or settle dialog shown (not modal), for ``gui --page fixture:ID#dispute``."""
        if self.fixture_id is None or self.view is None or self.claim is None:
            raise LeagueError("this fixture has no shared result")
        dialog: QDialog = (
            SettleDialog(self.ctx, self.fixture_id, self.view, self.claim, self)
            if kind == "settle"
            else DisputeDialog(self.ctx, self.fixture_id, self.view, self)
        )
        dialog.show()
        return dialog

    def confirm(self) -> Any:
        """Confirm the other coach's result (the server refuses your own)."""
        fixture = self.fixture_id
        if fixture is None:
            return None
        return self.ctx.runner.run_op(
            lambda: self.ctx.svc.shared.confirm(fixture), title="Could not confirm the result"
        )

    def dispute(self) -> Any:
        """Your version of the result, in the tabletop grid, sent as a dispute."""
        if self.fixture_id is None or self.view is None:
            return None
        dialog = DisputeDialog(self.ctx, self.fixture_id, self.view, self)
        self.ctx.dialogs.run(dialog)
        return dialog

    def settle(self) -> Any:
        """The commissioner compares both versions and picks the one that counts."""
        if self.fixture_id is None or self.view is None or self.claim is None:
            return None
        dialog = SettleDialog(self.ctx, self.fixture_id, self.view, self.claim, self)
        self.ctx.dialogs.run(dialog)
        return dialog


def _score(document: dict[str, Any]) -> str:
    return f"{document.get('home', {}).get('score', '?')} – {document.get('away', {}).get('score', '?')}"


class DisputeDialog(QDialog):
    """The entered result in the tabletop grid: change it to your version and dispute."""

    def __init__(
        self, ctx: UiContext, fixture_id: int, view: MatchDayView, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx, self.fixture_id, self.view = ctx, fixture_id, view
        self.disputed = False
        self.setWindowTitle("Dispute the result")
        self.resize(1340, 800)  # the player's name column stays readable
        layout = QVBoxLayout(self)
        layout.addWidget(label(f"Dispute {view.home}  v  {view.away}", "pageTitle"))
        layout.addWidget(label(
            "The grid holds the result the other coach entered. Change it to what happened as you "
            "saw it: both versions are kept and the commissioner picks the one that counts. The "
            "post-game waits until then.",
            "help", wrap=True,
        ))  # fmt: skip
        self.model = ResultGridModel(self)
        self.model.set_ruleset(view.ruleset)
        self.model.set_snapshots(view.snapshots)
        result = view.result or {}
        self.model.load_result(result)
        self.score_inputs = ScoreInputs(self.model.team_names, result, self.check)
        self.scores, self.conceded = self.score_inputs.scores, self.score_inputs.conceded
        layout.addLayout(self.score_inputs.layout)
        self.model.dataChanged.connect(self.check)
        layout.addWidget(ResultGridPanel(self.model), 1)
        self.problems = label("", "help", wrap=True)
        layout.addWidget(self.problems)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.send_button = buttons.addButton(
            "Dispute with this version", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.send_button.clicked.connect(self.send)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.check()

    def document(self) -> dict[str, Any]:
        """Your version, as a result document."""
        conceded = self.score_inputs.conceded_by()
        return self.model.document({side: self.scores[side].value() for side in SIDES}, conceded)

    def check(self) -> list[str]:
        """What stops the dispute now: the grid's problems, or a version equal to the entered one."""
        found = self.model.problems({side: self.scores[side].value() for side in SIDES})
        if not found and _same(self.document(), self.view.result or {}):
            found.append("Your version is the entered result: change what was wrong first.")
        self.problems.setText(("Cannot dispute yet: " + " ".join(found)) if found else "Ready to dispute.")
        self.send_button.setEnabled(not found and not self.disputed)
        return found

    def send(self) -> bool:
        """Send your version; the server refuses if you are not the other coach."""
        if self.check():
            return False
        document, fixture = self.document(), self.fixture_id
        outcome = self.ctx.runner.run_op(
            lambda: self.ctx.svc.shared.dispute(fixture, document), title="Could not dispute the result"
        )
        if outcome is None:
            return False
        self.disputed = True
        self.accept()
        return True


def _same(mine: dict[str, Any], entered: dict[str, Any]) -> bool:
    """Whether a version says what the entered result says (score, concession, each player's deeds)."""
    keys = (*(k for k, _w in STATS), "cas_other", "injury", "lasting", "sent_off")

    def deeds(doc: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
        return {
            str(p["id"]): tuple(p.get(k) or None for k in keys)
            for p in doc.get("players", [])
            if any(p.get(k) for k in keys)
        }

    return (
        _score(mine) == _score(entered)
        and mine.get("conceded") == entered.get("conceded")
        and deeds(mine) == deeds(entered)
    )


class SettleDialog(QDialog):
    """The commissioner's choice between the entered and the disputing coach's version."""

    def __init__(
        self, ctx: UiContext, fixture_id: int, view: MatchDayView, claim: Any, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx, self.fixture_id, self.claim = ctx, fixture_id, claim
        self.settled = False
        self.setWindowTitle("Settle the dispute")
        self.resize(980, 640)
        layout = QVBoxLayout(self)
        layout.addWidget(label(f"Settle {view.home}  v  {view.away}", "pageTitle"))
        layout.addWidget(label(
            "Both versions are kept. The one you pick counts and is confirmed; when it is the "
            "disputing coach's, it replaces the entered result as a correction with your reason.",
            "help", wrap=True,
        ))  # fmt: skip
        sides = QHBoxLayout()
        self.versions: dict[str, QTextBrowser] = {}
        texts = {
            "entered": version_html(f"Entered by {claim.entered_by}", view.result, view),
            "disputed": version_html(f"{claim.disputed_by}'s version", claim.disputed_version, view),
        }
        self.picks = QButtonGroup(self)
        self.pick_buttons: dict[str, QRadioButton] = {}
        for pick, html in texts.items():
            column = QVBoxLayout()
            who = claim.entered_by if pick == "entered" else claim.disputed_by
            radio = QRadioButton(f"{who}'s version counts")
            self.picks.addButton(radio)
            self.pick_buttons[pick] = radio
            column.addWidget(radio)
            browser = QTextBrowser()
            browser.setHtml(html)
            self.versions[pick] = browser
            column.addWidget(browser, 1)
            sides.addLayout(column, 1)
        layout.addLayout(sides, 1)
        reason_row = QHBoxLayout()
        reason_row.addWidget(label("Reason"))
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(
            f"kept with the correction, e.g. the referee's sheet agrees with {claim.disputed_by}"
        )
        reason_row.addWidget(self.reason, 1)
        layout.addLayout(reason_row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.settle_button = buttons.addButton("Settle", QDialogButtonBox.ButtonRole.AcceptRole)
        self.settle_button.clicked.connect(self.settle)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.picks.buttonToggled.connect(lambda *_: self.settle_button.setEnabled(self.pick() is not None))
        self.settle_button.setEnabled(False)

    def pick(self) -> str | None:
        """The version picked: entered or disputed (None before a pick)."""
        return next((p for p, radio in self.pick_buttons.items() if radio.isChecked()), None)

    def settle(self) -> bool:
        """The picked version counts (a correction first when it is the disputing coach's)."""
        pick, fixture, reason = self.pick(), self.fixture_id, self.reason.text()
        if pick not in ("entered", "disputed"):
            return False
        outcome = self.ctx.runner.run_op(
            lambda: self.ctx.svc.shared.resolve(fixture, pick, reason), title="Could not settle the dispute"
        )
        if outcome is None:
            return False
        self.settled = True
        self.accept()
        return True

"""League → Match claims…: the commissioner's list of remote matches a coach left, and the decision.

The same as ``match claims`` / ``match resolve-claim``: each open claim shows its fixture, the
claiming and the absent side, when it was filed, how long the countdown waited and the saved
match as it stands; the commissioner awards the match to the claimant (the absent side
concedes) or orders a replay, with a note kept with the claim. Everything goes through
``services.claims``; a refusal is shown in the service's own words and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from league_manager.core.errors import LeagueError
from league_manager.ui.league_choice import league_or_first
from league_manager.ui.operations import explain
from league_manager.ui.widgets import button, label

COLUMNS = ("Claim", "Fixture", "Claimant", "Absent", "Filed (UTC)", "Waited", "Match", "State", "Note")
STATE_WORDS = {"open": "Open", "awarded": "Awarded", "replay": "Replay ordered"}


def action_state(place: Any) -> tuple[bool, str]:
    """Whether League → Match claims… is enabled for this login, and its tooltip."""
    if place is not None and not place.runs_league:
        return False, f"Only the league's commissioner decides claims; you are {place.login} ({place.kind})"
    return True, "Remote matches a coach left: award them to the claimant or order a replay"


class ClaimsDialog(QDialog):
    """The league's claims; award the selected one or order its replay.

    Args:
        claims: the claim service (``Services.claims``).
        league: the league's name.
        confirm: asks a yes/no question (``DialogService.confirm``).
        publish: broadcasts a decision's ``Changes`` so the pages refresh.
    """

    def __init__(
        self,
        claims: Any,
        league: str,
        confirm: Callable[[str, str, str], bool],
        publish: Callable[[Any], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.service, self.league, self.confirm, self.publish = claims, league, confirm, publish
        self.shown: list[Any] = []
        self.setWindowTitle(f"Match claims — {league}")
        self.resize(1180, 480)
        outer = QVBoxLayout(self)
        outer.addWidget(label(
            "A coach whose remote opponent stayed away past the countdown claims the match. "
            "Award it to the claimant (the absent side concedes at that moment) or order a replay "
            "(the fixture goes back to its pre-game).",
            "help", wrap=True,
        ))  # fmt: skip
        self.every = QCheckBox("Show resolved claims too")
        self.every.toggled.connect(lambda _=False: self.reload())
        outer.addWidget(self.every)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        outer.addWidget(self.table, 1)
        self.note = QLineEdit()
        self.note.setPlaceholderText("the commissioner's note, kept with the claim (optional)")
        outer.addWidget(self.note)
        row = QHBoxLayout()
        award_tip = "The absent side concedes; the result goes into the fixture"
        self.award_button = button("Award to the Claimant…", "add", primary=True, tip=award_tip)
        replay_tip = "The saved match is abandoned; the fixture is played again"
        self.replay_button = button("Order a Replay…", "undo", tip=replay_tip)
        self.award_button.clicked.connect(lambda _=False: self.decide("award"))
        self.replay_button.clicked.connect(lambda _=False: self.decide("replay"))
        row.addWidget(self.award_button)
        row.addWidget(self.replay_button)
        row.addStretch(1)
        outer.addLayout(row)
        self.outcome = QLabel("")
        self.outcome.setObjectName("help")
        self.outcome.setWordWrap(True)
        outer.addWidget(self.outcome)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self.reload()

    def say(self, text: str) -> None:
        """Show an outcome or a refusal under the list."""
        self.outcome.setText(text)

    def reload(self) -> None:
        """Fill the list with the league's open claims (every claim when ticked)."""
        self.say("")
        try:
            self.shown = list(self.service.claims(self.league, every=self.every.isChecked()))
        except LeagueError as exc:
            self.shown = []
            self.say(f"Cannot list the claims: {exc}")
        self.table.setRowCount(len(self.shown))
        for index, claim in enumerate(self.shown):
            cells = (
                str(claim.id), str(claim.fixture_id), f"{claim.claimant_team} ({claim.claimant})",
                claim.absent_team, claim.created_at.replace("T", " ")[:16], f"{claim.waited_seconds} s",
                claim.match_state, STATE_WORDS.get(claim.state, claim.state),
                claim.note if claim.state == "open" else claim.resolution or claim.note,
            )  # fmt: skip
            for column, value in enumerate(cells):
                self.table.setItem(index, column, QTableWidgetItem(value))
        if not self.shown and not self.outcome.text():
            self.say("No open claims." if not self.every.isChecked() else "No claims in this league.")
        self._selection_changed()

    def selected(self) -> Any | None:
        """The claim selected in the list, if any."""
        rows = self.table.selectionModel().selectedRows()
        return self.shown[rows[0].row()] if rows else None

    def _selection_changed(self) -> None:
        claim = self.selected()
        able = claim is not None and claim.state == "open"
        for widget in (self.award_button, self.replay_button):
            widget.setEnabled(able)

    def decide(self, decision: str) -> bool:
        """Award the selected claim or order its replay, after a confirmation."""
        claim = self.selected()
        if claim is None:
            self.say("Select a claim in the list first.")
            return False
        if decision == "award":
            question = (
                f"Award fixture {claim.fixture_id} to {claim.claimant_team}? {claim.absent_team} "
                f"concedes at the saved point ({claim.match_state}); the result goes into the fixture."
            )
        else:
            question = (
                f"Order a replay of fixture {claim.fixture_id}? The saved match ({claim.match_state}) "
                "is abandoned and the fixture goes back to its pre-game."
            )
        word = "Award" if decision == "award" else "Order a Replay"
        if not self.confirm("Match claim", question, word):
            return False
        try:
            outcome = self.service.resolve(claim.id, decision, self.note.text())
        except LeagueError as exc:
            headline, detail = explain(exc)
            self.reload()
            self.say(f"{headline} {detail}".strip())
            return False
        self.publish(outcome.changes)
        done = outcome.value
        self.note.clear()
        self.reload()
        if done.state == "awarded":
            self.say(f"Claim {done.id}: awarded to {done.claimant_team}; the result is entered. "
                     "Run the post-game from the fixture's page.")  # fmt: skip
        else:
            self.say(f"Claim {done.id}: replay ordered; fixture {done.fixture_id} is back at its pre-game.")
        return True


def open_claims(window: Any, show_only: bool = False) -> ClaimsDialog | None:
    """League → Match claims…: the dialog for the selected (or only) league.

    ``show_only`` shows it without waiting (``gui --page claims`` screenshots).
    """
    services = window.ctx.services
    if services is None:
        window.dialogs.info("Match claims", "Open a league file first: claims are kept in it.")
        return None
    enabled, why = action_state(services.share_place)
    if not enabled:
        window.dialogs.info("Match claims", why + ".")
        return None
    league = league_or_first(services.leagues.list_leagues(), ident=window.selected_league())
    if league is None:
        window.dialogs.info("Match claims", "This file holds no league yet.")
        return None
    runner = window.runner

    def publish(changes: Any) -> None:
        runner.undo.clear()  # a decision cannot be taken back: Undo must not reach past it
        runner.publish(changes)

    dialog = ClaimsDialog(services.claims, league.name, window.dialogs.confirm, publish, parent=window)
    if show_only:
        dialog.show()
    else:
        window.dialogs.run(dialog)
    return dialog

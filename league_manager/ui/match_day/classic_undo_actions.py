"""The classic (LRB 2004) fixture page's "Undo post-match…" and "Undo pre-match…" buttons.

Each asks for a confirmation and a reason, then calls the match-day service, which takes the
step back by compensating ledger rows or refuses, naming what depends on it (shown in the
error dialog). A post-match undone puts the fixture back to "post-match not done"; a
pre-match undone opens the fixture again.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from PySide6.QtWidgets import QPushButton

from league_manager.ui.context import UiContext
from league_manager.ui.widgets import PageHeader, button

POST_MATCH_TEXT = (
    "Take back the post-match of {match}? The winnings, the fan factor roll, the SPP and MVPs, the "
    "serious injuries, ageing and veterans leaving are reversed by correcting rows (the history is "
    "kept). Then correct the score on the season page if needed and run the post-match again. "
    "It is refused while something later depends on it: a Star Player roll picked, a later "
    "pre-match or post-match of either team, winnings already spent, or the tournament of its "
    "season closed."
)
PRE_MATCH_TEXT = (
    "Take back the pre-match of {match}? The hires are refunded and the SPP of its handicap MVPs "
    "(Bribe the Announcers, Inspiration) taken back by correcting rows, and a player its Assassin "
    "killed comes back (the record is kept among "
    "the fixture's corrections); the pre-match can be run again with new rolls. It is refused once "
    "a Star Player roll of those MVPs has been picked."
)


def undone_html(record: Mapping[str, Any]) -> str:
    """The steps of the fixture taken back so far (post-match undone, with the reason and when)."""
    lines = [
        f"<li>{escape(str(u['step']).capitalize())} undone {escape(str(u['at'])[:16].replace('T', ' '))} "
        f"UTC: {escape(str(u['reason']))}</li>"
        for u in record.get("undone", [])
    ]
    return f"<p><b>Taken back</b></p><ul>{''.join(lines)}</ul>" if lines else ""


class ClassicUndoActions:
    """The two undo buttons of a classic fixture page, shown when their step can be taken back."""

    def __init__(self, ctx: UiContext, header: PageHeader) -> None:
        self.ctx = ctx
        self.fixture_id: int | None = None
        self.match = ""
        self.postmatch: QPushButton = button(
            "Undo post-match…", "undo",
            tip="Take the post-match back by correcting rows (while nothing later depends on it)",
        )  # fmt: skip
        self.prematch: QPushButton = button(
            "Undo pre-match…", "undo", tip="Take the pre-match back before the score (the hires are refunded)"
        )
        self.postmatch.clicked.connect(self.undo_postmatch)
        self.prematch.clicked.connect(self.undo_prematch)
        for widget in (self.postmatch, self.prematch):
            header.add_action(widget)
            widget.hide()

    def hide(self) -> None:
        """Hide both buttons (a BB2020 fixture, or no step to take back)."""
        self.postmatch.hide()
        self.prematch.hide()

    def show_for(self, fixture_id: int, match: str, *, prematch: bool, postmatch: bool, score: bool) -> None:
        """Show the button of the step that may be taken back: the post-match once run, the
        pre-match while no score is entered; on a shared league only for its commissioner."""
        self.fixture_id, self.match = fixture_id, match
        place = self.ctx.svc.share_place
        allowed = place is None or place.runs_league
        self.postmatch.setVisible(allowed and postmatch)
        self.prematch.setVisible(allowed and prematch and not postmatch and not score)

    def _reason(self, title: str, text: str) -> str | None:
        if not self.ctx.dialogs.confirm(title, text.format(match=self.match), ok=title):
            return None
        reason = self.ctx.dialogs.text(title, "Why? (kept on the fixture's record)", "")
        return reason.strip() if reason and reason.strip() else None

    def undo_postmatch(self) -> Any:
        """Confirm, ask the reason, undo the classic post-match; None when cancelled or refused."""
        fixture_id = self.fixture_id
        reason = self._reason("Undo post-match", POST_MATCH_TEXT) if fixture_id is not None else None
        if fixture_id is None or reason is None:
            return None
        return self.ctx.runner.run_op(
            lambda: self.ctx.svc.match_day.classic_undo_postgame(fixture_id, reason),
            title="Could not undo the post-match",
        )

    def undo_prematch(self) -> Any:
        """Confirm, ask the reason, undo the classic pre-match; None when cancelled or refused."""
        fixture_id = self.fixture_id
        reason = self._reason("Undo pre-match", PRE_MATCH_TEXT) if fixture_id is not None else None
        if fixture_id is None or reason is None:
            return None
        return self.ctx.runner.run_op(
            lambda: self.ctx.svc.match_day.cancel_pregame(fixture_id, reason),
            title="Could not undo the pre-match",
        )

"""The player card's "Undo Star Player pick…" for a classic (LRB 2004) player.

Shown beside the Star Player roll picker once the player has a pick; it asks for a
confirmation and a reason, then takes the latest pick back (its roll opens again for a new
pick). The service refuses, naming the fixtures, when a pre-match or post-match of his team
has been run since the pick.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QPushButton

from league_manager.services.ui_models import PlayerCard
from league_manager.ui.context import UiContext
from league_manager.ui.widgets import PageHeader, button

STAR_PICK = "star player roll"  # the advancement kind as the player card shows it
CONFIRM = (
    "Take back {name}'s latest Star Player pick ({gained})? The skill, trait or characteristic is "
    "removed and its roll waits for a new pick; the pick and the reason stay on the fixture's record. "
    "It is refused once his team has had a pre-match or post-match since the pick."
)


class StarPickUndo:
    """The undo button of a classic player's latest Star Player pick."""

    def __init__(self, ctx: UiContext, header: PageHeader) -> None:
        self.ctx = ctx
        self.card: PlayerCard | None = None
        self.button: QPushButton = button(
            "Undo Star Player pick…", "undo", tip="Take back the latest pick; its roll opens again"
        )
        self.button.clicked.connect(self.undo)
        header.add_action(self.button)
        self.button.hide()

    def latest(self) -> str | None:
        """What the player's latest Star Player pick gave, or None without one."""
        picks = [a for a in self.card.advancements if a.kind == STAR_PICK] if self.card else []
        return max(picks, key=lambda a: a.when).gained if picks else None

    def show_for(self, card: PlayerCard) -> None:
        """Show the button for a classic player with a pick; on a shared league only for its
        commissioner (the coaches' picks are taken back by him)."""
        self.card = card
        place = self.ctx.svc.share_place
        allowed = place is None or place.runs_league
        self.button.setVisible(allowed and card.player.classic and self.latest() is not None)

    def undo(self) -> Any:
        """Confirm, ask the reason, take the pick back; None when cancelled or refused."""
        card, gained = self.card, self.latest()
        if card is None or gained is None:
            return None
        name = card.player.name
        title = "Undo Star Player pick"
        if not self.ctx.dialogs.confirm(title, CONFIRM.format(name=name, gained=gained), ok=title):
            return None
        reason = self.ctx.dialogs.text(title, "Why? (kept on the fixture's record)", "")
        if not reason or not reason.strip():
            return None
        player_id = card.player.id
        return self.ctx.runner.run_op(
            lambda: self.ctx.svc.advancement.undo_star_roll(player_id, reason.strip()),
            title="Could not undo the Star Player pick",
        )

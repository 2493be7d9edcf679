"""The welcome page: create a league, open a league file, open the demo league, recent files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from league_manager.core.urls import is_server_url, mask_password, short_name
from league_manager.ui import theme
from league_manager.ui.context import Page, UiContext
from league_manager.ui.widgets import card, label

ACTIONS = (
    ("new-league", "league", "Create a league",
     "Name it, pick the ruleset and set the house rules; then draft the teams."),
    ("new-file", "add", "Create a league file…",
     "A new file for your own leagues, saved where you choose."),
    ("open", "open", "Open a league file…",
     "Carry on with a league saved on this computer or shared by another commissioner."),
    ("demo", "demo", "Open the demo league",
     "Eight drafted teams to look around in, in a file of their own, apart from your leagues."),
    ("practice", "pitch", "Play a practice match…",
     "Two of the open file's teams on the board, against the computer or a friend; nothing is saved."),
)  # fmt: skip


class ActionCard(QPushButton):
    """A big button with an icon, a bold title and a wrapped line of explanation."""

    def __init__(self, icon_name: str, title: str, text: str) -> None:
        super().__init__()
        self.setObjectName("action")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName(title)
        self.setToolTip(text)
        row = QHBoxLayout(self)
        self.row = row
        row.setContentsMargins(18, 12, 18, 12)
        row.setSpacing(16)
        picture = QLabel()
        theme.themed_icon(picture, lambda i: picture.setPixmap(i.pixmap(QSize(30, 30))), icon_name, "accent")
        row.addWidget(picture, 0, Qt.AlignmentFlag.AlignVCenter)
        words = QVBoxLayout()
        words.setSpacing(2)
        words.addWidget(label(title, "actionTitle"))
        words.addWidget(label(text, "muted", wrap=True))
        row.addLayout(words, 1)
        for child in self.findChildren(QLabel):
            child.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)

    def sizeHint(self) -> QSize:
        return self.row.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.row.minimumSize()


class WelcomePage(Page):
    """First thing a new user sees."""

    kind = "welcome"

    def __init__(self, ctx: UiContext, parent=None) -> None:
        super().__init__(ctx, parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(48, 40, 48, 40)
        outer.addStretch(1)
        column = QVBoxLayout()
        column.setSpacing(14)
        hero = QHBoxLayout()
        hero.setSpacing(18)
        logo = QLabel()
        theme.themed_icon(logo, lambda i: logo.setPixmap(i.pixmap(QSize(72, 72))), "app")
        hero.addWidget(logo, 0, Qt.AlignmentFlag.AlignTop)
        words = QVBoxLayout()
        words.addWidget(label("League Manager", "heroTitle"))
        words.addWidget(
            label("Run your Blood Bowl league: drafts, rosters, the treasury, every team's history, "
                  "and the matches themselves on the board.",
                  "heroText", wrap=True)
        )  # fmt: skip
        hero.addLayout(words, 1)
        column.addLayout(hero)
        column.addSpacing(12)
        self.buttons: dict[str, QPushButton] = {}
        for action, icon_name, title, text in ACTIONS:
            btn = ActionCard(icon_name, title, text)
            btn.clicked.connect(lambda _=False, a=action: self.ctx.action(a))
            self.buttons[action] = btn
            column.addWidget(btn)
        self.recent_card, self.recent_layout = card()
        column.addSpacing(8)
        column.addWidget(self.recent_card)
        self.database = label("", "muted", wrap=True)
        column.addWidget(self.database)
        holder = QWidget()
        holder.setLayout(column)
        holder.setMaximumWidth(720)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(holder, 3)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)
        self.set_recent([])

    def set_recent(self, paths: list[str], current: str = "") -> None:
        """List recently opened league files as links."""
        while self.recent_layout.count():
            item = self.recent_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.recent_layout.addWidget(label("Recent league files", "sectionTitle"))
        shown = 0
        for path in (mask_password(p) for p in paths[:5]):  # shown and reopened without a password
            where = path if is_server_url(path) else str(Path(path).parent)
            link = QPushButton(f"{short_name(path)}   —   {where}")
            link.setObjectName("link")
            theme.themed_icon(link, link.setIcon, "history", "muted")
            link.setToolTip(path)
            link.setCursor(Qt.CursorShape.PointingHandCursor)
            link.clicked.connect(lambda _=False, p=path: self.ctx.action(f"open-recent:{p}"))
            self.recent_layout.addWidget(link)
            shown += 1
        if not shown:
            self.recent_layout.addWidget(label("None yet: the files you open will be listed here.", "muted"))
        self.database.setText(f"Open now: {mask_password(current)}" if current else "")
        self.buttons["practice"].setEnabled(bool(current))  # its teams come from the open file

    def title(self) -> str:
        return "Welcome"

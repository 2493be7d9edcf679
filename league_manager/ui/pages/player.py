"""The player card: profile, skills with explanations, advancements, injuries and SPP history."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from league_manager.core.errors import LeagueError
from league_manager.core.money import format_k
from league_manager.rules.model import CHARACTERISTICS
from league_manager.services.changes import Changes
from league_manager.services.ui_models import PlayerCard
from league_manager.ui import theme
from league_manager.ui.advance_dialog import AdvanceDialog
from league_manager.ui.chart_panel import ChartPanel
from league_manager.ui.context import Page, UiContext
from league_manager.ui.history_models import PlayerMatchModel
from league_manager.ui.match_day.classic_star_undo import StarPickUndo
from league_manager.ui.models import AdvancementModel, SppModel, StatusModel, player_status
from league_manager.ui.widgets import PageHeader, StatTile, button, card, label, make_table, tiles_row


class PlayerPage(Page):
    """One player's card."""

    kind = "player"

    def __init__(self, ctx: UiContext, parent=None) -> None:
        super().__init__(ctx, parent)
        self.card: PlayerCard | None = None
        self._classic_pick = False  # a classic player's Star Player roll waits for a pick
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 16)
        layout.setSpacing(14)
        self.header = PageHeader("player", one_line=True)
        self.back = button("Back to the team", "back", tip="Alt+Left")
        self.back.clicked.connect(self.back_to_team)
        self.advance_button = button("Advance…", "demo", primary=True, tip="Spend SPP on an advancement")
        self.advance_button.clicked.connect(self.advance)
        self.header.add_action(self.advance_button)
        self.star_undo = StarPickUndo(ctx, self.header)  # shown by show_card() once a classic pick exists
        self.header.add_action(self.back)
        layout.addWidget(self.header)
        self.stats = {c: StatTile(c) for c in CHARACTERISTICS}
        self.extra = {
            "spp": StatTile("SPP", "Star player points to spend / earned in total"),
            "value": StatTile("Value"),
            "level": StatTile("Level"),
            "status": StatTile("Status"),
        }
        layout.addLayout(tiles_row(*self.stats.values(), *self.extra.values()))
        body = QHBoxLayout()
        body.setSpacing(14)
        skills_frame, skills_layout = card()
        skills_layout.addWidget(label("Skills and traits", "sectionTitle"))
        self.skills = label("", wrap=True)
        self.skills.setTextFormat(self.skills.textFormat().RichText)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.viewport().setAutoFillBackground(False)
        holder = QWidget()
        holder.setObjectName("transparent")
        inner = QVBoxLayout(holder)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.skills)
        inner.addStretch(1)
        scroll.setWidget(holder)
        skills_layout.addWidget(scroll, 1)
        body.addWidget(skills_frame, 1)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.advancements = AdvancementModel()
        self.status = StatusModel()
        self.spp = SppModel()
        for model, stretch, icon_name, title, empty in (
            (self.advancements, 1, "demo", "Advancements",
             "No advancements yet. Players spend SPP on new skills after matches."),
            (self.status, 2, "warning", "Injuries", "Nothing recorded yet."),
            (self.spp, 2, "history", "SPP",
             "No star player points yet: touchdowns, casualties, completions and MVPs earn them."),
        ):  # fmt: skip
            theme.tab_with_icon(
                self.tabs, make_table(model, stretch=stretch, placeholder=empty), icon_name, title
            )
        self.matches = PlayerMatchModel()
        theme.tab_with_icon(
            self.tabs,
            make_table(self.matches, stretch=10, placeholder="No games played yet."),
            "league",
            "Matches",
        )
        self.career_chart = ChartPanel("No games played yet: the chart starts with his first.")
        theme.tab_with_icon(self.tabs, self.career_chart, "history", "Career")
        body.addWidget(self.tabs, 2)
        layout.addLayout(body, 1)

    def reload(self) -> None:
        services = self.ctx.services
        if services is None or self.ident is None:
            return
        self.show_card(services.history.player_card(self.ident))
        record = services.history.player_matches(int(self.ident))
        self.matches.set_rows(record.matches)
        self.career_chart.show_chart((lambda charts: charts.career_chart(record)) if record.matches else None)

    def show_card(self, data: PlayerCard) -> None:
        """Fill the card from its read model."""
        self.card = data
        p = data.player
        self.header.set_text(f"#{p.number}  {p.name}", f"{p.position}   ·   {data.team} ({data.race})")
        t = theme.current()
        for name, tile in self.stats.items():
            tile.setVisible(name in p.characteristic_names)  # an LRB 2004 player has no PA
            if name not in p.characteristic_names:
                continue
            change = p.characteristic_change(name)
            tile.set_value(p.shown(name), "good" if change > 0 else "danger" if change < 0 else "")
        self._classic_pick = p.classic and self.ctx.svc.advancement.star_roll_choice(p.id) is not None
        self.advance_button.setText("Star Player roll…" if p.classic else "Advance…")
        self.advance_button.setToolTip(
            "Pick the skill, trait or characteristic of the player's open Star Player roll"
            if p.classic
            else "Spend SPP on an advancement"
        )
        self.advance_button.setVisible(not p.classic or self._classic_pick)  # LRB 2004: no SPP spent
        self.star_undo.show_for(data)
        self.extra["spp"].set_value(f"{p.spp} / {p.spp_earned}")
        self.extra["value"].set_value(format_k(p.value))
        self.extra["level"].set_value(p.level or "Rookie")
        self.extra["status"].set_value(player_status(p), "" if p.available else "warning")
        parts = []
        for skill in p.skills:
            tag = f" <span style='color:{t.accent}'>gained</span>" if skill.gained else ""
            parts.append(f"<p><b>{escape(skill.name)}</b>{tag}<br/>"
                         f"<span style='color:{t.muted}'>{escape(skill.description)}</span></p>")  # fmt: skip
        if p.injuries:
            parts.append(f"<p><b style='color:{t.danger}'>Injuries:</b> {escape(', '.join(p.injuries))}</p>")
        self.skills.setText("".join(parts) or "No skills or traits.")
        self.advancements.set_rows(data.advancements)
        self.status.set_rows(data.status_log)
        self.spp.set_rows(data.spp_log)

    def advance(self) -> AdvanceDialog | None:
        """The advancement dialog: only the legal choices with their SPP cost; buy one."""
        services = self.ctx.services
        if services is None or self.ident is None:
            return None
        player_id = int(self.ident)
        if self.card is not None and self.card.player.classic:
            from league_manager.ui.match_day.star_roll_dialog import StarRollDialog

            star = StarRollDialog(self.ctx, [(player_id, self.card.player.name)], self)
            self.ctx.dialogs.run(star)
            return None
        try:
            record = services.advancement.record(player_id)
        except LeagueError as exc:
            self.ctx.runner.report("Cannot advance this player", exc)
            return None
        dialog = AdvanceDialog(record, self)
        if not self.ctx.dialogs.run(dialog):
            return dialog
        try:
            args = dialog.arguments()
        except LeagueError as exc:
            self.ctx.runner.report("Could not buy the advancement", exc)
            return dialog
        self.ctx.runner.run_op(
            lambda: services.advancement.advance(player_id, **args), title="Could not buy the advancement"
        )
        return dialog

    def back_to_team(self) -> None:
        """Show the player's team."""
        if self.card is not None:
            self.ctx.navigate("team", self.card.team_id)

    def concerns(self, changes: Changes) -> bool:
        return self.ident in changes.players or (self.card is not None and self.card.team_id in changes.teams)

    def title(self) -> str:
        return self.card.player.name if self.card else ""

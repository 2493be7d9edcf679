"""The classic (LRB 2004) post-match of a fixture: serious injuries, per-player figures, typed dice.

After the pre-match and the score, the program rolls the winnings, MVPs, Star Player rolls with
ageing, serious injuries and fan factors unless the coaches type their physical dice (in the
order the post-match rolls them). The record is shown on the fixture page; each Star Player
roll's pick is made afterwards (``player star-roll``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QVBoxLayout

from league_manager.core.errors import RuleViolation
from league_manager.services.match_day.classic_prematch_models import ClassicPreMatchView
from league_manager.services.match_day.dice import parse_typed
from league_manager.services.season_read_models import PlayerStatLine
from league_manager.ui.context import UiContext
from league_manager.ui.widgets import label

FIGURES_HELP = (
    "Each player's figures as ID:td=N,cas=N,comp=N,int=N (casualties that earn SPP), separated by "
    "spaces; the players who suffered a Serious Injury by id. Player ids are on the team pages."
)
FIGURES = {"td": "td", "cas": "cas", "comp": "completions", "int": "interceptions"}


def parse_figures_text(text: str) -> list[PlayerStatLine] | None:
    """``12:td=1,cas=2 15:comp=1`` as per-player figures; None when nothing was typed.

    Raises:
        RuleViolation: an entry that is not ``ID:name=N,...``.
    """
    lines: list[PlayerStatLine] = []
    for entry in text.split():
        head, _, rest = entry.partition(":")
        try:
            values = {FIGURES[k.lower()]: int(v) for k, v in (p.split("=", 1) for p in rest.split(",") if p)}
            lines.append(PlayerStatLine(int(head), **values))
        except (ValueError, KeyError):
            raise RuleViolation("figures", f"'{entry}': write ID:td=N,cas=N,comp=N,int=N") from None
    return lines or None


class ClassicPostMatchDialog(QDialog):
    """Asks for the serious injuries, the players' figures and typed dice, then runs the post-match."""

    def __init__(self, ctx: UiContext, fixture_id: int, home: str, away: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.fixture_id = fixture_id
        self.view: ClassicPreMatchView | None = None
        self.setWindowTitle(f"Post-match: {home} v {away}")
        layout = QVBoxLayout(self)
        layout.addWidget(label(FIGURES_HELP, "help", wrap=True))
        form = QFormLayout()
        self.figures = QLineEdit()
        self.figures.setPlaceholderText("e.g. 12:td=2 15:cas=1,comp=1")
        form.addRow("Player figures", self.figures)
        self.injured = QLineEdit()
        self.injured.setPlaceholderText("player ids, e.g. 21 24")
        form.addRow("Seriously injured", self.injured)
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("e.g. 3,5,2 - empty: the program rolls")
        self.typed.setToolTip(
            "Physical dice in the order they are rolled: serious injury D66s, winnings (home, away), "
            "per team its MVP die then each player's Star Player and ageing 2D6, then fan factors"
        )
        form.addRow("Typed dice", self.typed)
        layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Run the post-match")
        buttons.accepted.connect(self.run)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def run(self) -> None:
        """Run the post-match; the dialog stays open with the refusal when a rule is broken."""
        figures_text, injured_text, typed = self.figures.text(), self.injured.text(), self.typed.text()

        def done(view: ClassicPreMatchView) -> None:
            self.view = view
            self.accept()

        def op() -> Any:
            try:
                injured = [int(t) for t in injured_text.replace(",", " ").split()]
            except ValueError:
                raise RuleViolation("injured", "type the player ids, e.g. 21 24") from None
            return self.ctx.svc.match_day.classic_postgame(
                self.fixture_id, typed=parse_typed(typed), injured=injured,
                figures=parse_figures_text(figures_text),
            )  # fmt: skip

        self.ctx.runner.run_op(op, title="Could not run the post-match", on_success=done)


def classic_postmatch_html(view: ClassicPreMatchView) -> str:
    """The classic post-match record for the fixture page: winnings, fan factor, MVPs, rolls."""
    post = view.record.get("post_match")
    if not post:
        return ""
    parts = ["<h3>Post-match</h3>"]
    for side in ("home", "away"):
        s = post["sides"][side]
        w, f = s["winnings"], s["fan_factor"]
        lines = [
            f"winnings {w['paid']:,} gp (rolled {w['dice']}, {w['modifier']:+d}, won {w['won_bonus']:+d})"
        ]
        lines.append(f"fan factor {f['before']} → {f['after']}")
        lines += [f"MVP: {escape(m['name'])}" for m in s["mvps"]]
        for p in s["players"]:
            lines.append(f"{escape(p['name'])}: +{p['spp_earned']} SPP ({p['spp']})")
            for r in p["star_player_rolls"]:
                pick = escape(r["pick"]["name"]) if r.get("pick") else "pick pending"
                lines.append(
                    f"&nbsp;&nbsp;{escape(r['level'])}: Star Player roll {r['dice']} {r['result']}: {pick}"
                )
                a = r["ageing"]
                if a and a["aged"]:
                    lines.append(
                        f"&nbsp;&nbsp;ageing: {escape(str(a['result']))}"
                        + ("" if a["applied"] else " (ignored)")
                    )
            if p["serious_injury"]:
                lines.append(f"&nbsp;&nbsp;serious injury: {escape(p['serious_injury']['name'])}")
        lines += [
            f"veteran {escape(v['name'])} " + ("leaves" if v["leaves"] else "stays") for v in s["veterans"]
        ]
        title = escape(s["name"]) + (" (conceded)" if s["conceded"] else "")
        parts.append(f"<p><b>{title}</b><br/>" + "<br/>".join(lines) + "</p>")
    dice = ", ".join(f"{escape(d['label'])} {d['result']} ({d['source']})" for d in post["dice"])
    parts.append(f"<p class='muted'>Dice: {dice}</p>")
    return "".join(parts)

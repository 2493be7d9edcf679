"""The classic (LRB 2004) pre-match of a fixture: what each team hires, the picked handicap, typed dice.

The program rolls the gate, the handicaps and the niggling injuries unless the coaches type their
physical dice (in the order the pre-match rolls them). The record is shown on the fixture page.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtWidgets import QDialog, QFormLayout, QLineEdit, QSpinBox, QVBoxLayout

from league_manager.services.match_day.classic_prematch_models import ClassicPreMatchView, classic_hires
from league_manager.services.match_day.dice import parse_typed
from league_manager.services.match_day.inducements import Purchase
from league_manager.ui.context import UiContext
from league_manager.ui.match_day.classic_record_lines import gate_html, pending_html, side_prematch_lines
from league_manager.ui.widgets import accept_cancel, label

HIRES_HELP = (
    "Freebooters by position (Blitzer=2), a Star Player by name, Wizard, Runesmith, "
    "Master Chef=N (extra dice) or Apothecary (sent on a player who fails his niggling-injury roll); "
    "separate with commas"
)


class ClassicPreMatchDialog(QDialog):
    """Asks for the hires, the picked fifth handicap and typed dice, then runs the classic pre-match."""

    def __init__(self, ctx: UiContext, fixture_id: int, home: str, away: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.fixture_id = fixture_id
        self.view: ClassicPreMatchView | None = None
        self.setWindowTitle(f"Pre-match: {home} v {away}")
        layout = QVBoxLayout(self)
        layout.addWidget(label(HIRES_HELP, "help", wrap=True))
        form = QFormLayout()
        self.hires = {side: QLineEdit() for side in ("home", "away")}
        form.addRow(f"{home} hires", self.hires["home"])
        form.addRow(f"{away} hires", self.hires["away"])
        self.pick = QSpinBox()
        self.pick.setRange(0, 66)
        self.pick.setSpecialValueText("none")
        self.pick.setToolTip("At 101+ rating points apart the underdog picks a fifth handicap (D66)")
        form.addRow("Picked handicap (D66)", self.pick)
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("e.g. 3,5,2 - empty: the program rolls")
        self.typed.setToolTip(
            "Physical dice in the order they are rolled: gate D6s, handicap D66s (tens die first), "
            "then per team, home first, its niggling-injury D6s and its Runesmith D6"
        )
        form.addRow("Typed dice", self.typed)
        layout.addLayout(form)
        accept_cancel(layout, "Run the pre-match", self.run, self.reject)

    def asked(self, side: str) -> list[tuple[str, int]]:
        """The hires typed for a side as (name, quantity) pairs."""
        parts = [p.strip() for p in self.hires[side].text().split(",") if p.strip()]
        return [(p.name, p.quantity) for p in map(Purchase.parse, parts)]

    def run(self) -> None:
        """Run the pre-match; the dialog stays open with the refusal when a rule is broken."""
        hires = {side: classic_hires(self.asked(side)) for side in ("home", "away")}
        typed = self.typed.text()
        pick = self.pick.value() or None

        def done(view: ClassicPreMatchView) -> None:
            self.view = view
            self.accept()

        self.ctx.runner.run_op(
            lambda: self.ctx.svc.match_day.classic_pregame(
                self.fixture_id, typed=parse_typed(typed), hires=hires, pick=pick
            ),
            title="Could not run the pre-match",
            on_success=done,
        )


def classic_prematch_html(view: ClassicPreMatchView) -> str:
    """The classic pre-match record for the fixture page: hires, gate, handicaps, niggles."""
    r = view.record
    parts = [f"<h3>Pre-match ({escape(view.ruleset)})</h3>"]
    for side in ("home", "away"):
        s = r["sides"][side]
        lines = [f"team rating {r['ratings'][side]}, fan factor {r['fan_factors'][side]}"]
        lines += [f"hired {h['quantity']} x {escape(h['name'])} at {h['unit_cost']:,} gp" for h in s["hires"]]
        if s.get("rune"):
            lines.append(f"Runesmith: {escape(s['rune']['result'])} ({escape(s['rune']['effect'])})")
        if s.get("trophies"):
            held = escape(", ".join(s["trophies"]))
            lines.append(f"holds {held}: {s['trophy_rerolls']} Trophy Re-roll(s), each once this match")
        for n in s["niggles"]:
            verdict = (
                "plays (apothecary)" if n["apothecary"] else "misses the match" if n["misses"] else "plays"
            )
            lines.append(f"niggling injury: {escape(n['name'])} rolled {n['dice']}: {verdict}")
        lines += side_prematch_lines(r, side)
        parts.append(f"<p><b>{escape(s['name'])}</b><br/>" + "<br/>".join(lines) + "</p>")
    parts.append(f"<p><b>Gate</b>: {r['gate']['fans']:,} fans</p>" + gate_html(r))
    h = r["handicap"]
    if not h["rolls"] and not h["picked"]:
        parts.append(f"<p><b>Handicap</b>: ratings {h['difference']} apart, no roll</p>")
    else:
        results = [*h["results"], *([h["picked"]] if h["picked"] else [])]
        items = "".join(f"<li>{x['d66']} {escape(x['name'])}: {escape(x['effect'])}</li>" for x in results)
        who = escape(r["sides"][h["underdog"]]["name"])
        parts.append(f"<p><b>Handicap</b>: ratings {h['difference']} apart, {who} rolls</p><ul>{items}</ul>")
    extra = h.get("extra")
    if extra:
        items = "".join(
            f"<li>{x['d66']} {escape(x['name'])}: {escape(x['effect'])}</li>" for x in extra["results"]
        )
        who = escape(r["sides"][extra["side"]]["name"])
        parts.append(f"<p>{who} rolls once more ({escape(extra['reason'])})</p><ul>{items}</ul>")
    for side, entries in r.get("handicap_mvps", {}).items():
        for e in entries:
            team = escape(r["sides"][side]["name"])
            parts.append(
                f"<p>{escape(e['handicap'])}: {escape(e['name'])} ({team}) takes an MVP now, 5 SPP</p>"
            )
    parts.append(pending_html(r))
    for name in r.get("stars_hired_by_both", []):
        parts.append(f"<p>{escape(name)} was hired by both teams: he plays for neither.</p>")
    dice = ", ".join(f"{escape(d['label'])} {d['result']} ({d['source']})" for d in r["dice"])
    parts.append(f"<p class='muted'>Dice: {dice}</p>")
    return "".join(parts)

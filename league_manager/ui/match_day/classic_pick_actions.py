"""The classic (LRB 2004) fixture page's buttons for the handicap picks that block the post-match.

After the pre-match a coach may owe a pick: Inspiration's player, That Boy's Got Talent's
position, whether an Appearance Fee is paid, the Assassin's victim. Each pending pick gets a
button on the fixture page that asks with a roster (or position) picker and calls the match-day
service; "Post-match…" stays disabled, naming what waits, until none is pending.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import QPushButton

from league_manager.rules.classic import load_classic
from league_manager.rules.loader import load_ruleset
from league_manager.services.match_day.classic_prematch_models import ClassicPreMatchView
from league_manager.ui.context import UiContext
from league_manager.ui.match_day.classic_record_lines import pending_names, pending_picks
from league_manager.ui.widgets import PageHeader, button

SIDES = ("home", "away")
NONE: frozenset[int] = frozenset()
INSPIRATION = "Inspiration"
TALENT = "That Boy's Got Talent"
APPEARANCE_FEE = "Appearance Fee"
ASSASSIN = "Assassin"
NO_APOTHECARY = "Leave him (no Apothecary)"
APOTHECARY = "Send the Apothecary if he is a casualty"


def pending_text(record: Mapping[str, Any]) -> str:
    """What waits before the post-match, for the disabled button's tooltip ("" when nothing)."""
    names = pending_names(record)
    return f"First: {', '.join(names)} (the buttons beside this one)" if names else ""


def _other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


class ClassicPickActions:
    """The four pick buttons of a classic fixture page, each shown while its pick is pending."""

    def __init__(self, ctx: UiContext, header: PageHeader) -> None:
        self.ctx = ctx
        self.fixture_id: int | None = None
        self.record: Mapping[str, Any] = {}
        self.buttons: dict[str, QPushButton] = {
            INSPIRATION: button("Inspiration…", "edit", tip="Pick who takes Inspiration's extra MVP"),
            TALENT: button("That Boy's Got Talent…", "edit", tip="Pick the position of the player who joins"),
            APPEARANCE_FEE: button(
                "Appearance Fee…", "edit", tip="Pay the player's fee, or he misses the match"
            ),
            ASSASSIN: button("Assassin…", "edit", tip="Pick the opposing player the Assassin goes for"),
        }  # fmt: skip
        self.buttons[INSPIRATION].clicked.connect(self.inspire)
        self.buttons[TALENT].clicked.connect(self.talent)
        self.buttons[APPEARANCE_FEE].clicked.connect(self.appearance_fee)
        self.buttons[ASSASSIN].clicked.connect(self.assassin)
        for widget in self.buttons.values():
            header.add_action(widget)
            widget.hide()

    def hide(self) -> None:
        """Hide every pick button (a BB2020 fixture, or no pre-match)."""
        for widget in self.buttons.values():
            widget.hide()

    def show_for(self, view: ClassicPreMatchView) -> None:
        """Show the button of each pick still pending (none once the post-match has run)."""
        self.fixture_id, self.record = view.fixture_id, view.record
        waiting = {result for result, _ in pending_picks(view.record)}
        done = view.record.get("post_match") is not None
        for result, widget in self.buttons.items():
            widget.setVisible(result in waiting and not done)

    def _side(self, result: str) -> str | None:
        return next((side for r, side in pending_picks(self.record) if r == result), None)

    def _players(self, side: str) -> list[tuple[str, int]]:
        """The players of ``side`` who play this match, labelled for a picker: (label, id)."""
        s = self.record["sides"][side]
        out = set(s.get("misses_match", []))
        team = self.ctx.svc.teams.get_team(str(s["name"]))
        return [
            (f"#{p.number} {p.name} ({p.position}, {p.spp} SPP)", p.id)
            for p in team.players
            if p.status == "active" and not p.misses_next_game and p.name not in out
        ]

    def _pick_player(self, title: str, text: str, side: str, skip: frozenset[int] = NONE) -> int | None:
        players = [(name, pid) for name, pid in self._players(side) if pid not in skip]
        chosen = self.ctx.dialogs.item(title, text, [name for name, _ in players])
        return next((pid for name, pid in players if name == chosen), None)

    def inspire(self) -> Any:
        """Pick Inspiration's player on the inspired team's roster; None when cancelled."""
        side, fixture_id = self._side(INSPIRATION), self.fixture_id
        if side is None or fixture_id is None:
            return None
        team = self.record["sides"][side]["name"]
        mvps = frozenset(int(e["player_id"]) for e in self.record.get("handicap_mvps", {}).get(side, []))
        player = self._pick_player(INSPIRATION, f"Who of {team} takes the extra MVP (5 SPP)?", side, mvps)
        if player is None:
            return None
        return self.ctx.runner.run_op(
            lambda: self.ctx.svc.match_day.classic_inspire(fixture_id, player),
            title="Could not pick Inspiration's player",
        )

    def talent(self) -> Any:
        """Pick the position of That Boy's Got Talent's player on the team's list."""
        side, fixture_id = self._side(TALENT), self.fixture_id
        if side is None or fixture_id is None:
            return None
        team = self.ctx.svc.teams.get_team(str(self.record["sides"][side]["name"]))
        classic = load_classic(load_ruleset(team.ruleset).id)  # its list: Big Guys are hired apart
        positions = [p.name for p in classic.teams[team.race_id].positions]
        position = self.ctx.dialogs.item(
            TALENT, f"Which player of the {team.name} list joins for this match?", positions
        )
        if position is None:
            return None
        return self.ctx.runner.run_op(
            lambda: self.ctx.svc.match_day.classic_talent(fixture_id, team.name, position),
            title="Could not add That Boy's Got Talent",
        )

    def appearance_fee(self) -> Any:
        """Pay the Appearance Fee from the treasury, or not (the player misses the match)."""
        side, fixture_id = self._side(APPEARANCE_FEE), self.fixture_id
        if side is None or fixture_id is None:
            return None
        s = self.record["sides"][side]
        fee = s["appearance_fee"]
        pay = f"Pay {fee['fee']:,} gp from the treasury"
        skip = f"Do not pay: {fee['name']} misses the match"
        answer = self.ctx.dialogs.item(
            APPEARANCE_FEE, f"{fee['name']} of {s['name']} asks {fee['fee']:,} gp to play.", [pay, skip]
        )
        if answer is None:
            return None
        team, paid = str(s["name"]), answer == pay
        return self.ctx.runner.run_op(
            lambda: self.ctx.svc.match_day.classic_appearance_fee(fixture_id, team, paid=paid),
            title="Could not settle the Appearance Fee",
        )

    def assassin(self) -> Any:
        """Pick the Assassin's victim on the opposing roster, and whether his Apothecary is sent."""
        side, fixture_id = self._side(ASSASSIN), self.fixture_id
        if side is None or fixture_id is None:
            return None
        victim_side = _other(side)
        team = self.record["sides"][victim_side]["name"]
        player = self._pick_player(ASSASSIN, f"Which player of {team} does the Assassin go for?", victim_side)
        if player is None:
            return None
        answer = self.ctx.dialogs.item(
            ASSASSIN, f"If the Assassin makes him a casualty, does {team} send its Apothecary?",
            [NO_APOTHECARY, APOTHECARY],
        )  # fmt: skip
        if answer is None:
            return None
        apothecary = answer == APOTHECARY
        return self.ctx.runner.run_op(
            lambda: self.ctx.svc.match_day.classic_assassin(fixture_id, player, apothecary=apothecary),
            title="Could not roll the Assassin",
        )

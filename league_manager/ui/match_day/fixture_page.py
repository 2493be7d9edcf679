"""The fixture page: both teams, the stage, the kick-off snapshot, the rolls and the result."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QTextBrowser, QVBoxLayout

from league_manager.core.errors import LeagueError, RuleViolation
from league_manager.services.changes import Changes
from league_manager.ui.context import Page, UiContext
from league_manager.ui.match_day.classic_pick_actions import ClassicPickActions, pending_text
from league_manager.ui.match_day.classic_undo_actions import ClassicUndoActions, undone_html
from league_manager.ui.match_day.shared_result import SharedResultBar
from league_manager.ui.match_day.summary import AUDIT_LINK, full_html, race_label
from league_manager.ui.printing import Printer
from league_manager.ui.widgets import PageHeader, StatTile, button, card, label, tiles_row

if TYPE_CHECKING:
    from league_manager.services.match_day.store import MatchDayView

STAGES = {
    None: "Not started",
    "pre_game": "Pre-game done",
    "in_progress": "Being played",
    "result_entered": "Result entered",
    "post_game_applied": "Post-game applied",
}
CORRECTABLE = ("result_entered", "post_game_applied")
POSTMATCH_TIP = "The LRB 2004 post-match: winnings, fan factor, MVPs, Star Player rolls, serious injuries"
CANCELLABLE = ("pre_game", "in_progress")
"""Stages whose pre-game may be thrown away (no result yet)."""
"""Stages whose result the correction dialog may change (before the post-game it only replaces it)."""


class FixturePage(Page):
    """One fixture and its match day."""

    kind = "fixture"

    def __init__(self, ctx: UiContext, parent: Any = None) -> None:
        super().__init__(ctx, parent)
        self.fixture: Any = None
        self.view: MatchDayView | None = None
        self.classic = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 20, 24, 16)
        layout.setSpacing(14)
        self.header = PageHeader("league", actions_below=True)  # up to seven actions
        self.match_day = button("Match day…", "demo", primary=True, tip="Pre-game, result and post-game")
        self.match_day.clicked.connect(self.open_wizard)
        self.header.add_action(self.match_day)
        self.correct = button(
            "Correct result…",
            "edit",
            tip="Change the recorded result, with a reason; the post-game is redone",
        )
        self.correct.clicked.connect(self.open_correction)
        self.header.add_action(self.correct)
        self.finish_button = button(
            "Run the match day for this result…",
            "demo",
            tip="The score was typed on the season page, so no winnings, SPP or fans were paid. "
            "This clears the bare score and opens the match day to enter it with the post-game",
        )
        self.finish_button.clicked.connect(self.run_match_day_for_score)
        self.header.add_action(self.finish_button)
        self.cancel_pregame_button = button(
            "Cancel pre-game…",
            "undo",
            tip="Throw the pre-game away (inducements are refunded) and run it again; the reason is kept",
        )
        self.cancel_pregame_button.clicked.connect(self.cancel_pregame)
        self.header.add_action(self.cancel_pregame_button)
        self.board_button = button(
            "Play on the board…", "demo", tip="Play the match on screen: hot-seat, or against a bot"
        )
        self.board_button.clicked.connect(self.play_on_board)
        self.header.add_action(self.board_button)
        self.host_button = button(
            "Host a match…", "demo", tip="Play the match against a coach on another machine: "
            "this app holds the match, the other coach joins with the address and code shown"
        )  # fmt: skip
        self.host_button.clicked.connect(self.host_match)
        self.header.add_action(self.host_button)
        self.host_button.hide()  # shown by refresh when the fixture can be played
        self.tracker_button = button(
            "Track on the table…",
            "edit",
            tip="Follow the match played on the table: score, turns, re-rolls and one-key entries, "
            "saved as you go; the result grid is filled at the final whistle",
        )
        self.tracker_button.clicked.connect(self.open_tracker)
        self.header.add_action(self.tracker_button)
        self.tracker_button.hide()
        self.tracker_window: Any = None
        self.abandon_button = button(
            "Abandon board match…", "undo", tip="Stop the board match in progress (the reason is kept)"
        )
        self.abandon_button.clicked.connect(self.abandon_board)
        self.header.add_action(self.abandon_button)
        self.replay_button = button(
            "Replay…", "demo", tip="Step through the match played on the board or the engine, by action"
        )
        self.replay_button.clicked.connect(self.open_replay)
        self.header.add_action(self.replay_button)
        self.replay_button.hide()  # shown by reload() when the fixture has a stored match
        self.postmatch_button = button(
            "Post-match…", "demo", primary=True,
            tip=POSTMATCH_TIP,
        )  # fmt: skip
        self.postmatch_button.clicked.connect(self.open_postmatch)
        self.header.add_action(self.postmatch_button)
        self.postmatch_button.hide()  # shown by reload() on a classic fixture with its pre-match and score
        self.classic_undo = ClassicUndoActions(ctx, self.header)  # shown by reload() on a classic fixture
        self.classic_picks = ClassicPickActions(ctx, self.header)  # shown by reload() while a pick waits
        self.star_roll_button = button(
            "Star Player rolls…", "edit", primary=True,
            tip="Pick the skill, trait or characteristic for each Star Player roll of this post-match",
        )  # fmt: skip
        self.star_roll_button.clicked.connect(self.open_star_rolls)
        self.header.add_action(self.star_roll_button)
        self.star_roll_button.hide()  # shown by reload() while a roll of this post-match waits
        self.replay_window: Any = None
        self.printer = Printer(ctx, self)
        self.sheet_button = button(
            "Match sheet…", "save", tip="Print this fixture's match sheet: both teams, the round and date"
        )
        self.sheet_button.clicked.connect(self.print_sheet)
        self.header.add_action(self.sheet_button)
        self.sheet_button.hide()  # shown by reload() (hidden, it does not widen the window's minimum)
        self.board_button.hide()  # shown by reload() when the fixture can be played on the board
        self.abandon_button.hide()
        self.board_window: Any = None
        self.remote_window: Any = None
        layout.addWidget(self.header)
        self.tiles = {k: StatTile(k) for k in ("Status", "Stage", "Score", "Round")}
        layout.addLayout(tiles_row(*self.tiles.values()))
        self.shared_bar = SharedResultBar(ctx, self)  # a shared league's confirm / dispute / settle
        layout.addWidget(self.shared_bar)
        body = QHBoxLayout()
        body.setSpacing(14)
        self.rosters: dict[str, QTextBrowser] = {}
        for side in ("home", "away"):
            frame, inner = card()
            inner.addWidget(label(f"{side.capitalize()} at kick-off", "sectionTitle"))
            browser = QTextBrowser()
            browser.setOpenLinks(False)
            inner.addWidget(browser, 1)
            self.rosters[side] = browser
            body.addWidget(frame, 2)
        frame, inner = card()
        inner.addWidget(label("Rolls and result", "sectionTitle"))
        self.record = QTextBrowser()
        self.show_audit = False
        self.record.setOpenLinks(False)
        self.record.anchorClicked.connect(self._link)
        inner.addWidget(self.record, 1)
        body.addWidget(frame, 3)
        layout.addLayout(body, 1)

    def _link(self, url: Any) -> None:
        """The record's "Dice record for an audit…" link shows the seeds."""
        if url.toString() == AUDIT_LINK and self.view is not None:
            self.show_audit = True
            self.record.setHtml(full_html(self.view, True))

    def reload(self) -> None:
        services = self.ctx.services
        if services is None or self.ident is None:
            return
        self.fixture = services.seasons.get_fixture(int(self.ident))
        try:
            self.view = services.match_day.get(int(self.ident))
        except RuleViolation:
            self.view = None
        f = self.fixture
        self.header.set_text(f"{f.home}  v  {f.away}", f"Fixture {f.id} · {f.round_name}")
        self.tiles["Status"].set_value((f.post_game_pending or f.status.replace("_", " ")).capitalize())
        self.tiles["Stage"].set_value(STAGES.get(self.view.stage if self.view else None, "?"))
        result = self.view.result if self.view else None
        self.tiles["Score"].set_value(
            f"{result['home']['score']} – {result['away']['score']}" if result else _score(f) or "–"
        )
        self.tiles["Round"].set_value(str(f.round))
        for side, browser in self.rosters.items():
            snap = self.view.snapshots.get(side) if self.view else None
            if not snap:
                start = self.finish_button.text() if f.score_only else self.match_day.text()
                browser.setHtml(
                    f"<p>The rosters are taken as they stand at the pre-game (press <b>{start}</b>).</p>"
                )
                continue
            rows = "".join(
                f"<tr><td>#{p['number']}</td><td>{escape(p['name'])}"
                f"{' (journeyman)' if p.get('journeyman') else ''}"
                f"</td><td>{escape(p.get('position', ''))}</td></tr>"
                for p in snap.get("players", [])
            )
            race = race_label(self.view.ruleset if self.view else "", str(snap.get("race", "")))
            browser.setHtml(
                f"<p><b>{escape(snap.get('name', ''))}</b> ({escape(race)}), "
                f"fan factor {snap.get('fan_factor')}, re-rolls {snap.get('rerolls')}</p>"
                f"<table cellspacing='0' cellpadding='2'>{rows}</table>"
            )
        self.record.setHtml(full_html(self.view, self.show_audit) if self.view else _bare_html(f))
        self.shared_bar.show_for(f.id, self.view, f.home or "", f.away or "")
        self.finish_button.setVisible(f.score_only)
        self.sheet_button.setVisible(f.home_id is not None and f.away_id is not None)
        self.match_day.setVisible(not f.score_only)
        done = self.view is not None and self.view.stage == "post_game_applied"
        self.match_day.setText("Show the match day…" if done else "Match day…")
        place = services.share_place  # on a shared league only the commissioner corrects
        self.correct.setVisible(
            self.view is not None and self.view.correctable and (place is None or place.runs_league)
        )
        self.cancel_pregame_button.setVisible(self.view is not None and self.view.cancellable)
        status = services.board.status(int(self.ident))
        playing = status is not None and status.in_progress
        ready = self.view is not None and self.view.stage in ("pre_game", "in_progress")
        self.board_button.setText("Resume board match" if playing else "Play on the board…")
        self.board_button.setVisible(ready)
        self.host_button.setVisible(ready)  # a hosted match in progress resumes from its keys
        self.host_button.setText("Resume hosted match…" if playing else "Host a match…")
        self.abandon_button.setVisible(playing)
        self.tracker_button.setVisible(ready and not playing)
        self.replay_button.setVisible(services.replays.available(int(self.ident)))
        if playing and status is not None:
            self.tiles["Stage"].set_value(status.summary())
        self.classic = services.match_day.is_classic(int(self.ident))
        self.postmatch_button.hide()
        self.classic_undo.hide()
        self.classic_picks.hide()
        self.star_roll_button.hide()
        if self.classic:  # LRB 2004: the classic pre-match, then the score on the season page
            self._show_classic(f)

    def _show_classic(self, fixture: Any) -> None:
        from league_manager.ui.match_day.classic_postmatch_dialog import (
            classic_postmatch_html,
            pending_star_rolls,
        )
        from league_manager.ui.match_day.classic_prematch_dialog import classic_prematch_html
        from league_manager.ui.match_day.classic_record_lines import classic_roster_html

        services = self.ctx.svc
        try:
            prematch = services.match_day.classic_prematch(int(self.ident or 0))
        except LeagueError:
            prematch = None
        score = _score(fixture)
        self.finish_button.hide()  # the BB2020 match day does not run a classic fixture
        if prematch is not None:
            post = classic_postmatch_html(prematch)
            result = (
                f"<p><b>Result</b>: {escape(fixture.home or '')} {score} {escape(fixture.away or '')}</p>"
                if score
                else "<p>No result yet: enter the score on the season page, then run the post-match.</p>"
            )
            self.record.setHtml(
                classic_prematch_html(prematch) + result + post + undone_html(prematch.record)
            )
            self.postmatch_button.setVisible(not post and score != "")
            waiting = pending_text(prematch.record)
            self.postmatch_button.setEnabled(not waiting)
            self.postmatch_button.setToolTip(waiting or POSTMATCH_TIP)
            self.classic_picks.show_for(prematch)
            self.star_roll_button.setVisible(bool(pending_star_rolls(prematch)))
            stage = "Post-match done" if post else "Result in" if score else "Pre-match done"
            match = f"{fixture.home} v {fixture.away}"
            self.classic_undo.show_for(
                fixture.id, match, prematch=True, postmatch=bool(post), score=bool(score)
            )
        else:
            stage = "Not started"
        self.tiles["Stage"].set_value(stage)
        for side, team_id in (("home", fixture.home_id), ("away", fixture.away_id)):
            missed = prematch.record["sides"][side].get("misses_match", []) if prematch is not None else []
            html = classic_roster_html(services.teams.get_team(team_id), missed) if team_id else ""
            self.rosters[side].setHtml(html)
        self.match_day.setText("Pre-match…")
        self.match_day.setToolTip("The LRB 2004 pre-match: hires, gate, handicaps, niggling injuries")
        self.match_day.setVisible(prematch is None and fixture.status in ("scheduled", "postponed"))

    def print_sheet(self) -> None:
        """The match sheet of this fixture, pre-filled (teams, round, date)."""
        if self.ident is not None:
            self.printer.fixture_sheet(int(self.ident))

    def open_wizard(self) -> Any:
        """The match-day wizard for this fixture."""
        from league_manager.ui.match_day.wizard import MatchDayWizard

        if self.ident is None:
            return None
        if self.classic:
            from league_manager.ui.match_day.classic_prematch_dialog import ClassicPreMatchDialog

            f = self.fixture
            dialog = ClassicPreMatchDialog(self.ctx, int(self.ident), f.home, f.away, self)
            self.ctx.dialogs.run(dialog)
            return dialog
        wizard = MatchDayWizard(self.ctx, int(self.ident), self)
        self.ctx.dialogs.run(wizard)
        return wizard

    def open_postmatch(self) -> Any:
        """The classic post-match dialog of this fixture."""
        from league_manager.ui.match_day.classic_postmatch_dialog import ClassicPostMatchDialog

        if self.ident is None:
            return None
        f = self.fixture
        dialog = ClassicPostMatchDialog(self.ctx, int(self.ident), f.home, f.away, self)
        self.ctx.dialogs.run(dialog)
        return dialog

    def open_star_rolls(self) -> Any:
        """The Star Player roll picker for the players of this post-match with a roll waiting."""
        from league_manager.ui.match_day.classic_postmatch_dialog import pending_star_rolls
        from league_manager.ui.match_day.star_roll_dialog import StarRollDialog

        if self.ident is None:
            return None
        players = pending_star_rolls(self.ctx.svc.match_day.classic_prematch(int(self.ident)))
        dialog = StarRollDialog(self.ctx, players, self)
        self.ctx.dialogs.run(dialog)
        return dialog

    def run_match_day_for_score(self) -> Any:
        """Clear a score typed on the season page and open the match day to enter it properly."""
        fixture = self.fixture
        if self.ident is None or fixture is None or not fixture.score_only:
            return None
        if not self.ctx.dialogs.confirm(
            "Run the match day",
            f"The score {_score(fixture)} was typed without a match day, so no winnings, SPP or fans "
            "were paid. Clear it and run the match day now? (Enter the same result in the wizard.)",
            ok="Clear and open the match day",
        ):
            return None
        fixture_id = int(self.ident)
        cleared = self.ctx.runner.run_op(
            lambda: self.ctx.svc.seasons.clear_result(fixture_id),
            title="Could not clear the score",
        )
        if cleared is None:
            return None
        return self.open_wizard()

    def open_correction(self) -> Any:
        """The correction dialog for this fixture's result."""
        from league_manager.ui.match_day.correction import CorrectionDialog

        if self.ident is None or self.view is None or not self.view.correctable:
            return None
        dialog = CorrectionDialog(self.ctx, int(self.ident), self)
        self.ctx.dialogs.run(dialog)
        return dialog

    def cancel_pregame(self) -> None:
        """Throw the pre-game away before any result, with a reason, so it can be run again."""
        if self.ident is None or self.view is None or not self.view.cancellable:
            return
        fixture_id = int(self.ident)
        reason = self.ctx.dialogs.text(
            "Cancel the pre-game",
            "Why is the pre-game thrown away? (Kept on the fixture's record; the rolls are made again "
            "and inducements paid from the treasury are refunded.)",
            "",
        )
        if not reason:
            return
        self.ctx.runner.run_op(
            lambda: self.ctx.svc.match_day.cancel_pregame(fixture_id, reason),
            title="Could not cancel the pre-game",
        )

    def play_on_board(self) -> Any:
        """Start the fixture's board match (who plays each side is asked), or resume it."""
        from league_manager.ui.match_board.launch import play_on_board

        if self.ident is None:
            return None
        self.board_window = play_on_board(self.ctx, int(self.ident), self)
        return self.board_window

    def host_match(self) -> Any:
        """Host the fixture's match for a coach on another machine (the board opens on it)."""
        from league_manager.ui.match_board.remote_launch import host_match

        if self.ident is None:
            return None
        self.remote_window = host_match(self.ctx, int(self.ident), self)
        return self.remote_window

    def open_tracker(self) -> Any:
        """Open the fixture's live tabletop tracker (reopened at the same entry)."""
        from league_manager.ui.match_day.tracker_window import open_tracker

        if self.ident is None:
            return None
        self.tracker_window = open_tracker(self.ctx, int(self.ident), self)
        return self.tracker_window

    def open_replay(self) -> Any:
        """Open the replay viewer of the fixture's board or engine match."""
        from league_manager.ui.match_board.replay_launch import open_replay

        if self.ident is None:
            return None
        self.replay_window = open_replay(self.ctx.svc, int(self.ident), self.ctx.dialogs, self)
        return self.replay_window

    def abandon_board(self) -> None:
        """Abandon the board match in progress, with a reason."""
        from league_manager.ui.match_board.launch import abandon_board

        if self.ident is not None:
            abandon_board(self.ctx, int(self.ident))

    def open_wizard_at(self, step: str) -> Any:
        """The wizard shown (not modal) at ``step`` (pregame, result, postgame, summary), for screenshots.

        ``inducements`` and ``dice`` show the pre-game before it is rolled (a pick per side;
        physical dice partly typed).

        Steps not done yet are done with program dice (seed 1), the result on the engine.
        """
        from league_manager.ui.match_day.wizard import STEPS, MatchDayWizard

        wizard = MatchDayWizard(self.ctx, int(self.ident), self)
        for seed_box in (wizard.pre_dice.seed, wizard.post_dice.seed, wizard.engine_seed):
            seed_box.setValue(1)  # screenshots stay the same from run to run
        if step == "inducements":  # the picker before the pre-game, one pick per side
            picker = wizard.picker
            for side, model in picker.models.items():
                line = next((x for x in model.lines if x.may_add and not x.is_star), None)
                if line is not None:
                    picker.set_quantity(side, line.name, min(2, line.may_add))
            wizard.go(0)
            wizard.show()
            return wizard
        if step == "dice":  # physical dice, the first three typed: the rest is refused until typed
            wizard.pre_dice.typed_mode.setChecked(True)
            wizard.pre_dice.set_values([2, 1, 4])
            wizard.go(0)
            wizard.show()
            return wizard
        target = STEPS.index(step) if step in STEPS else 0
        if step in STEPS and wizard.view is None:
            wizard.run_pregame()
        if target >= 2 and wizard.view is not None and wizard.view.stage in ("pre_game", "in_progress"):
            wizard.play_engine(background=False)  # a screenshot of a later step needs the result now
        if target >= 3 and wizard.view is not None and wizard.view.stage == "result_entered":
            wizard.run_postgame()
        wizard.go(target)
        wizard.show()
        return wizard

    def open_correction_at(self) -> Any:
        """The correction dialog shown (not modal) after a sample correction, for screenshots.

        An unplayed fixture is played first (program dice, seed 1, on the engine); the
        correction adds a touchdown for the first home player.
        """
        from league_manager.ui.match_day.correction import CorrectionDialog

        self.open_wizard_at("summary").close()
        self.reload()
        dialog = CorrectionDialog(self.ctx, int(self.ident), self)
        dialog.scores["home"].setValue(dialog.scores["home"].value() + 1)
        first = dialog.model.index(0, 3)
        dialog.model.setData(first, int(dialog.model.data(first, Qt.ItemDataRole.EditRole)) + 1)
        dialog.reason.setText("a touchdown by the home team was not written down")
        dialog.apply()
        dialog.show()
        return dialog

    def concerns(self, changes: Changes) -> bool:
        return self.ident in changes.fixtures or (
            self.fixture is not None and bool({self.fixture.home_id, self.fixture.away_id} & changes.teams)
        )

    def title(self) -> str:
        return f"{self.fixture.home} v {self.fixture.away}" if self.fixture else ""


def _score(fixture: Any) -> str:
    result = fixture.result
    if result is None or result.home_td is None:
        return ""
    return f"{result.home_td} – {result.away_td}"


def _bare_html(fixture: Any) -> str:
    """The record pane for a fixture without a match day."""
    if not fixture.score_only:
        return "<p>Nothing recorded yet.</p>"
    return (
        f"<p><b>Score only — post-game not done.</b> {escape(fixture.home or '')} {_score(fixture)} "
        f"{escape(fixture.away or '')} was typed on the season page: no winnings, SPP or fans were "
        "paid out. Press <b>Run the match day for this result…</b> to enter it with its post-game.</p>"
    )

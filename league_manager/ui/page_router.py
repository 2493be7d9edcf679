"""``gui --page SPEC``: show the page, dialog or window a spec names in the main window.

Screenshots, the smoke test and the manual's pictures reach every screen through one spec
(``team:NAME#treasury``, ``fixture:ID#postgame``, ``match:practice@bb2025#block``...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from league_manager.core.errors import LeagueError
from league_manager.rules.loader import load_ruleset
from league_manager.ui.advance_dialog import AdvanceDialog
from league_manager.ui.hire_dialog import HirePlayerDialog
from league_manager.ui.league_choice import league_or_first
from league_manager.ui.page_specs import PAGE_SPECS
from league_manager.ui.printing import PdfPreviewDialog
from league_manager.ui.schedule_dialog import ScheduleDialog
from league_manager.ui.wizard import NewLeagueWizard

if TYPE_CHECKING:
    from league_manager.ui.main_window import MainWindow


def show_spec(self: MainWindow, spec: str) -> QWidget:
    """Show a page named on the command line; returns the widget to capture.

    ``welcome``, ``league[:NAME]``, ``team:NAME[#TAB]``, ``draft:NAME``, ``new-team``,
    ``player:NAME[#TAB]``, ``advance:NAME``, ``fixture:ID[#STEP]`` (STEP also ``inducements``,
    ``dice`` or ``correct``), ``hire:TEAM``, ``wizard``,
    ``season[:NAME][#TAB]``, ``schedule[:SEASON]``, ``new-season[:LEAGUE][#divisions]`` or
    ``preview:roster:TEAM``; TAB is the start of a tab's title (``#treasury``, ``#standings``).
    """
    page_spec, _, tab = spec.partition("#")
    kind, _, name = page_spec.partition(":")
    services = self.ctx.services
    if kind == "wizard":
        taken = {lg.name for lg in services.leagues.list_leagues()} if services else set()
        wizard = NewLeagueWizard(taken, self)
        wizard.name_page.name.setText("Old World Classic")
        wizard.show()
        wizard.next()
        return wizard
    if services is None or kind == "welcome":
        self.navigate("welcome", None)
        return self
    leagues = services.leagues.list_leagues()
    if kind in {"league", "new-team"}:
        league = league_or_first(leagues, name=name)
        self.navigate(kind if league else "welcome", league.id if league else None)
    elif kind == "new-season":
        return self._show_new_season(leagues, name, with_divisions=tab == "divisions")
    elif kind == "hire":
        self.navigate("team", services.teams.get_team(name).id)
        assert self.team_page.team is not None
        dialog = HirePlayerDialog(self.team_page.team, load_ruleset(self.team_page.team.ruleset), self)
        dialog.show()
        return dialog
    elif kind in {"team", "draft"}:
        self.navigate(kind, services.teams.get_team(name).id)
        tabs = self.team_page.tabs
        for index in range(tabs.count()):
            if tab and tabs.tabText(index).lower().startswith(tab.lower()):
                tabs.setCurrentIndex(index)
                break  # the first tab whose title starts so
    elif kind == "fixture":
        self.show_fixture(int(name))
        if tab == "correct":
            return self.fixture_page.open_correction_at()
        if tab in ("dispute", "settle"):
            return self.fixture_page.shared_bar.dialog_at(tab)
        if tab:
            return self.fixture_page.open_wizard_at(tab)
    elif kind in {"season", "schedule"}:
        seasons = services.seasons.list_seasons()
        season = next((s for s in seasons if s.name.lower() == name.lower()), None) if name else None
        season = season or (seasons[-1] if seasons else None)
        if season is None:
            raise LeagueError("no season in this league file")
        self.navigate("season", season.id)
        tabs = self.season_page.tabs
        for index in range(tabs.count()):
            if tab and tabs.tabText(index).lower().startswith(tab.lower()):
                tabs.setCurrentIndex(index)
                break  # the first tab whose title starts so
        page = self.season_page
        undecided = [r for r, f in enumerate(page.fixture_model.records) if not f.decided]
        if tab.lower().startswith("fix") and undecided:
            page.fixture_table.selectRow(undecided[0])
        if kind == "schedule":
            schedule = ScheduleDialog(services, self.runner, services.seasons.get_season(season.id), self)
            schedule.choose_format("round-robin")
            schedule.make_preview()
            schedule.show()
            return schedule
    elif kind == "preview":
        what, _, target = name.partition(":")
        if what != "roster":
            raise LeagueError(f"unknown preview '{what}' (preview:roster:TEAM)")
        from league_manager.reports import roster_pdf  # reportlab only when a PDF is asked for

        team = services.teams.get_team(target)
        self.navigate("team", team.id)
        preview = PdfPreviewDialog(
            roster_pdf(team, load_ruleset(team.ruleset)),
            f"Roster of {team.name}",
            "roster.pdf",
            self.ctx,
            self,
        )
        preview.resize(1000, 860)
        preview.show()
        return preview
    elif kind in {"settings", "backups", "move-fixture"}:
        return self.admin.show_spec(kind, name)
    elif kind == "coaches":
        from league_manager.ui.coaches_dialog import open_coaches

        coaches = open_coaches(self, show_only=True)
        if coaches is None:
            raise LeagueError("the Coaches dialog is for a shared league's commissioner")
        return coaches
    elif kind == "claims":
        from league_manager.ui.claims_dialog import open_claims

        claims = open_claims(self, show_only=True)
        if claims is None:
            raise LeagueError("the Match claims dialog needs a league file and its commissioner")
        return claims
    elif kind == "event":
        from league_manager.ui.event_page_spec import show_event_spec

        return show_event_spec(self, name, tab)
    elif kind == "match":
        return _show_match_board(self, name, tab)
    elif kind == "tracker":
        return _show_tracker(self, name)
    elif kind in {"replay", "spectator"} and name.isdigit():
        from league_manager.ui.match_board.replay_launch import replay_spec, spectator_spec

        shown = (replay_spec if kind == "replay" else spectator_spec)(services, int(name), tab)
        shown.resize(self.size())
        return shown
    elif kind in {"player", "advance"}:
        for summary in services.teams.list_teams():
            view = services.teams.get_team(summary.id)
            player = next((p for p in view.players if p.name.lower() == name.lower()), None)
            if player is not None:
                self.navigate("player", player.id)
                tabs = self.player_page.tabs
                for index in range(tabs.count()):
                    if tab and tabs.tabText(index).lower().startswith(tab.lower()):
                        tabs.setCurrentIndex(index)
                        break  # the first tab whose title starts so
                if kind == "advance":
                    record = services.advancement.record(player.id)
                    advance_dialog = AdvanceDialog(record, self)
                    advance_dialog.show()
                    return advance_dialog
                break
        else:
            raise LeagueError(f"no player called '{name}'")
    else:
        raise LeagueError(f"unknown page '{spec}' (pages: {PAGE_SPECS})")
    return self


def _show_match_board(self: MainWindow, name: str, moment: str) -> QWidget:
    """``match:FIXTURE[#MOMENT]``, ``match:practice[@RULESET][#MOMENT]`` or ``match:stars[#MOMENT]``
    (a practice match with star players): the board at a moment."""
    from league_manager.ui.match_board.window import fixture_spec, practice_spec, stars_spec

    name, _, edition = name.partition("@")  # match:practice@bb2025: a practice under Season 3
    if edition and name != "practice":
        raise LeagueError(f"only a practice match takes an edition ('{name}@{edition}')")
    if name == "practice":
        window = practice_spec(moment, ruleset_id=load_ruleset(edition or "bb2020").id)
    elif name == "stars":
        window = stars_spec(moment)
    elif name.isdigit() and self.ctx.services is not None:
        window = fixture_spec(self.ctx.services, int(name), moment)
    else:
        raise LeagueError(f"unknown match '{name}' (match:FIXTURE|practice|stars[#MOMENT])")
    window.resize(self.size())
    return window


def _show_tracker(self: MainWindow, name: str) -> QWidget:
    """``tracker:FIXTURE``: the fixture's live tabletop tracker (its pre-game rolled with
    program dice first when none ran)."""
    from league_manager.ui.match_day.tracker_window import open_tracker

    if not name.isdigit():
        raise LeagueError(f"unknown fixture '{name}' (tracker:FIXTURE)")
    try:
        self.ctx.svc.match_day.get(int(name))
    except LeagueError:
        self.ctx.svc.match_day.pregame(int(name), seed=1)
    window = open_tracker(self.ctx, int(name), self)
    if window is None:
        raise LeagueError(f"fixture {name} cannot be tracked")
    return window

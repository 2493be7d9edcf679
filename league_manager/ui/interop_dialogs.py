"""File → Export League…, Import League… (our league JSON), Import Team… (a team file of
ours, docs/team-from-file.md, an OBBLM or a FUMBBL one) and Import Team from a BBRoster Code…,
each team shown before anything is created, through the services."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from league_manager.core.errors import LeagueError
from league_manager.services.interop.bbroster_code import looks_like_code

if TYPE_CHECKING:
    from league_manager.ui.main_window import MainWindow


def _league(window: MainWindow, title: str) -> int | None:
    """The selected league, or the only one; None (after telling the user) otherwise."""
    services = window.ctx.services
    if services is None:
        return None
    league = window.selected_league()
    if league is None:
        leagues = services.leagues.list_leagues()
        league = leagues[0].id if len(leagues) == 1 else None
    if league is None:
        window.dialogs.info(title, "Choose a league in the list on the left first.")
    return league


def export_league(window: MainWindow) -> Path | None:
    """Write the selected league (or the only one) to a JSON file the user chooses."""
    services = window.ctx.services
    league = _league(window, "Export league")
    if services is None or league is None:
        return None
    name = services.leagues.get_league(league).name
    target = window.dialogs.save_json("Export the league to a JSON file", f"{name}.json")
    if not target:
        return None
    try:
        written = services.league_export.export_file(league, target)
    except (LeagueError, OSError) as exc:
        window.runner.report("Could not export the league", exc)
        return None
    window.statusBar().showMessage(f"Exported '{name}' to {written}", 8000)
    return written


def import_league(window: MainWindow) -> int | None:
    """Read a league JSON file into a new league of the open file (asks for another name when
    the league's name is taken); nothing changes when the file is refused."""
    services = window.ctx.services
    if services is None:
        return None
    source = window.dialogs.open_json("Import a league from a JSON file")
    if not source:
        return None
    name: str | None = None
    taken = {lg.name.casefold() for lg in services.leagues.list_leagues()}
    try:
        in_file = services.league_export.peek_name(source)
        if in_file.casefold() in taken:
            name = window.dialogs.text(
                "Import league",
                f"A league called '{in_file}' exists. Name the imported league:",
                f"{in_file} (2)",
            )
            if not name:
                return None
        league_id = services.league_export.import_file(source, name)
    except (LeagueError, OSError) as exc:
        window.runner.report("Could not import the league", exc)
        return None
    window._populate()
    window.navigate("league", league_id)
    window.statusBar().showMessage(f"Imported '{services.leagues.get_league(league_id).name}'", 8000)
    return league_id


def import_team(window: MainWindow) -> int | None:
    """Read a team file of another tool into the selected league: what it would create, the
    notes and any refusal are shown first; the team is created only when confirmed."""
    services = window.ctx.services
    league = _league(window, "Import team")
    if services is None or league is None:
        return None
    source = window.dialogs.open_team_file(
        "Import a team (League Manager team file, OBBLM team XML or FUMBBL team JSON)"
    )
    if not source:
        return None
    return _preview_then_create(window, league, source)


def import_team_code(window: MainWindow) -> int | None:
    """Read a BBRoster roster code (pasted) into the selected league: shown first, created
    only when confirmed; a broken code is refused with the reason and nothing changes."""
    services = window.ctx.services
    league = _league(window, "Import team")
    if services is None or league is None:
        return None
    code = window.dialogs.text("Import team", "Paste the BBRoster roster code (it starts like t9t1000):")
    if not code or not code.strip():
        return None
    if not looks_like_code(code):
        hint = "A roster code starts with t, the team number, t and the treasury: t9t1000…"
        window.dialogs.error("Could not read the roster code", "This is not a BBRoster roster code.", hint)
        return None
    return _preview_then_create(window, league, code.strip())


def _preview_then_create(window: MainWindow, league: int, source: str) -> int | None:
    services = window.ctx.services
    assert services is not None
    try:
        preview = services.team_files.preview(league, source)
    except (LeagueError, OSError) as exc:
        window.runner.report("Could not read the team", exc)
        return None
    paper = preview.team.paper
    lines = [
        f"{preview.team.source}: '{paper['name']}' ({paper['race']}), coach {paper['coach']},",
        f"{len(paper['players'])} players, treasury {paper['treasury']:,} gp.",
        *(f"• {note}" for note in preview.team.notes),
    ]
    if preview.problems:
        window.dialogs.error(
            "The league's rules refuse this team", "\n".join(lines), "\n".join(preview.problems)
        )
        return None
    if not window.dialogs.confirm("Import team", "\n".join(lines), "Create the team"):
        return None
    try:
        view = services.team_files.create(league, source)
    except (LeagueError, OSError) as exc:
        window.runner.report("Could not import the team", exc)
        return None
    window._populate()
    window.navigate("team", view.id)
    return view.id

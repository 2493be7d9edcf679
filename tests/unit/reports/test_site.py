"""The league website: every page parses, every local link resolves, names are escaped, re-publishing."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar
from urllib.parse import urldefrag

import pytest

from league_manager.cli.main import main
from league_manager.reports.site import publish_site
from league_manager.reports.site.chart import value_chart
from league_manager.reports.site.render import TeamRef, environment
from league_manager.rules.draft import DraftPlan
from league_manager.services.demo import DEMO_LEAGUE, DEMO_TEAMS
from league_manager.services.facade import Services

HOSTILE = "<script>alert(1)</script>"


class _Page(HTMLParser):
    """Collects local links and images, and checks that tags open and close in order."""

    VOID: ClassVar[set[str]] = {"meta", "link", "br", "img", "input", "hr", "circle", "line", "path"}

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.scripts = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "script":
            self.scripts += 1
        for key in ("href", "src"):
            value = values.get(key)
            if value:
                self.links.append(value)
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


@pytest.fixture(scope="module")
def league_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo league with a hostile team and player, a season and one fixture played through."""
    path = tmp_path_factory.mktemp("site") / "league.db"
    svc = Services.open(path)
    svc.create_demo()
    plan = DraftPlan("human", {"Human Lineman": 11}, rerolls=2)
    hostile = svc.teams.draft_team(DEMO_LEAGUE, HOSTILE, HOSTILE, plan).value
    svc.roster.rename_player(hostile.players[0].id, HOSTILE)
    teams = [*[name for _race, name, _coach in DEMO_TEAMS][:3], hostile.name]
    svc.seasons.create_season(DEMO_LEAGUE, "S1", seed=3)
    svc.seasons.add_teams("S1", teams)
    svc.seasons.schedule("S1", "round-robin")
    first = next(f for f in svc.seasons.fixtures("S1") if not f.is_bye)
    assert first.id is not None
    svc.match_day.play(first.id, seed=7)
    svc.match_day.postgame(first.id, seed=8)
    svc.close()
    return path


@pytest.fixture(scope="module")
def site(league_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Services, Path]]:
    svc = Services.open(league_file)
    folder = tmp_path_factory.mktemp("www")
    publish_site(svc, DEMO_LEAGUE, folder)
    yield svc, folder
    svc.close()


def test_every_page_parses_and_every_local_link_resolves(site: tuple[Services, Path]) -> None:
    _svc, folder = site
    pages = sorted(folder.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        parsed = _parse(page)
        assert parsed.errors == [], page
        assert parsed.stack == [], page
        assert parsed.scripts == 0, page
        for link in parsed.links:
            assert "://" not in link and not link.startswith("/"), (page, link)
            target = (page.parent / urldefrag(link).url).resolve()
            assert target.is_file(), (page, link)
    for name in ("league", "teams", "fixtures"):
        assert json.loads((folder / "data" / f"{name}.json").read_text(encoding="utf-8"))


def test_hostile_names_are_shown_as_text(site: tuple[Services, Path]) -> None:
    _svc, folder = site
    shown = 0
    for page in folder.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert HOSTILE not in html, page
        if "&lt;script&gt;alert(1)&lt;/script&gt;" in html:
            shown += 1
            assert HOSTILE in "".join(_parse(page).text)
    assert shown >= 3  # home, the team's page, the player's page at least


def test_home_page_names_every_team_and_the_played_fixture_has_its_details(
    site: tuple[Services, Path],
) -> None:
    svc, folder = site
    home = "".join(_parse(folder / "index.html").text)
    for team in svc.teams.list_teams(league=DEMO_LEAGUE):
        assert team.name in home
    played = next(f for f in svc.seasons.fixtures("S1") if f.result is not None)
    page = folder / "fixtures" / f"{played.id}.html"
    text = "".join(_parse(page).text)
    assert played.result is not None and played.result.score in text
    assert "SPP earned" in text and "MVP" in text
    replay = json.loads((folder / "fixtures" / f"{played.id}.replay.json").read_text(encoding="utf-8"))
    assert replay == svc.replays.stored(played.id or 0).document
    assert "<svg" in (folder / "teams" / f"{played.home_id}.html").read_text(encoding="utf-8")


def test_republishing_rewrites_only_what_changed(league_file: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    copy.write_bytes(league_file.read_bytes())
    svc = Services.open(copy)
    try:
        folder = tmp_path / "www"
        first = publish_site(svc, DEMO_LEAGUE, folder)
        assert first.written == first.files and first.unchanged == 0
        again = publish_site(svc, DEMO_LEAGUE, folder)
        assert again.written == 0 and again.unchanged == again.files
        team = svc.teams.list_teams(league=DEMO_LEAGUE)[0]
        player = svc.teams.get_team(team.id).players[0]
        svc.roster.rename_player(player.id, "Renamed Runner")
        third = publish_site(svc, DEMO_LEAGUE, folder)
        assert 0 < third.written < third.files
        assert "Renamed Runner" in (folder / "players" / f"{player.id}.html").read_text(encoding="utf-8")
        leaver = svc.teams.get_team(team.id).players[-1]
        svc.roster.fire_player(leaver.id)
        publish_site(svc, DEMO_LEAGUE, folder)
        assert not (folder / "players" / f"{leaver.id}.html").exists()  # nobody links to it now
        (folder / "notes.txt").write_text("mine", encoding="utf-8")
        publish_site(svc, DEMO_LEAGUE, folder)
        assert (folder / "notes.txt").is_file()  # files the site did not write are left alone
    finally:
        svc.close()


def test_site_publish_command(league_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "copy.db"
    copy.write_bytes(league_file.read_bytes())
    out = tmp_path / "www"
    assert main(["--db", str(copy), "--json", "site", "publish", DEMO_LEAGUE, "-o", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["written"] == report["files"] and (out / "index.html").is_file()
    assert main(["--db", str(copy), "site", "publish", "No Such League", "-o", str(out)]) == 1
    assert "No Such League" in capsys.readouterr().err


def test_value_chart_scales_points_and_escapes_labels() -> None:
    svg = value_chart([("R1", 1_000_000), ("<R2>", 1_100_000)])
    assert svg.startswith("<svg") and svg.count("<circle") == 2 and "&lt;R2&gt;" in svg
    assert value_chart([]) == ""


def test_player_page_names_improved_and_reduced_characteristics(site: tuple[Services, Path]) -> None:
    svc, _folder = site
    team = svc.teams.list_teams(league=DEMO_LEAGUE)[0]
    player = svc.teams.get_team(team.id).players[0]
    changed = dataclasses.replace(
        player, stats=dataclasses.replace(player.stats, ma=player.stats.ma + 1, av=player.stats.av - 1)
    )
    context = {
        "root": "../",
        "league": svc.leagues.get_league(DEMO_LEAGUE),
        "team_ids": set(),
        "player_ids": set(),
        "seasons": [],
        "t": TeamRef(team.id, team.name),
        "p": changed,
        "career": None,
        "labels": {},
    }
    html = environment().get_template("player.html").render(**context)
    assert "MA improved, AV reduced" in html

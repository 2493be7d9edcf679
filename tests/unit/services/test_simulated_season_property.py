"""Property: small whole seasons simulated on the engine keep every ledger, standing and
leader board equal to an independent recount from the match-day records (result documents
and post-game records)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league_manager.services.demo import DEMO_TEAMS
from league_manager.services.facade import Services

TEAMS = [name for _race, name, _coach in DEMO_TEAMS]
SPP = {"td": 3, "cas": 2, "comp": 1, "intc": 2, "defl": 1}  # BB2020 (seed 000, Star Player Points)
MVP_SPP = 4


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seed=st.integers(0, 10**6),
    size=st.sampled_from([3, 4]),
    first=st.integers(0, 4),
    bot=st.sampled_from(["random", "greedy"]),
)
def test_a_simulated_season_matches_a_recount_from_its_records(
    demo_file: Path, tmp_path_factory: pytest.TempPathFactory, seed: int, size: int, first: int, bot: str
) -> None:
    copy = tmp_path_factory.mktemp("simulated") / "league.db"
    shutil.copy(demo_file, copy)
    services = Services.open(copy)
    try:
        _check(services, TEAMS[first : first + size], seed, bot)
    finally:
        services.close()


def _check(services: Services, teams: list[str], seed: int, bot: str) -> None:
    before = {name: services.teams.get_team(name) for name in teams}
    services.seasons.create_season("Demo League", "Sim", seed=seed)
    services.seasons.add_teams("Sim", teams)
    services.seasons.schedule("Sim", "round-robin")
    report = services.season_simulation.simulate("Sim", bot=bot, seed=seed).value
    assert len(report.played) == size_games(len(teams)) and not report.cancelled

    table: dict[str, Counter[str]] = {name: Counter() for name in teams}
    gold: Counter[str] = Counter()
    fans: Counter[str] = Counter()
    spp: Counter[int] = Counter()
    tds: Counter[int] = Counter()
    mvps: Counter[int] = Counter()
    for fixture in report.played:
        day = services.match_day.get(fixture.fixture_id)
        assert day.stage == "post_game_applied" and day.result is not None and day.post is not None
        score = {side: day.result[side]["score"] for side in ("home", "away")}
        assert (score["home"], score["away"]) == (fixture.home_td, fixture.away_td)
        names = {"home": day.home, "away": day.away}
        earned: Counter[str] = Counter()
        for line in day.result["players"]:
            earned[line["id"]] += sum(points * line[key] for key, points in SPP.items()) + line["bonus_spp"]
            if line["id"].isdigit():
                tds[int(line["id"])] += line["td"]
        for side, other in (("home", "away"), ("away", "home")):
            row, post = table[names[side]], day.post.teams[side]
            row["played"] += 1
            row["td_for"] += score[side]
            row["td_against"] += score[other]
            row[
                "won" if score[side] > score[other] else "drawn" if score[side] == score[other] else "lost"
            ] += 1
            gold[names[side]] += post.winnings - post.mistake_loss
            fans[names[side]] += post.fans_change
            if post.mvp is not None:
                earned[post.mvp] += MVP_SPP
                if post.mvp.isdigit():  # a journeyman's MVP counts on no player's board
                    mvps[int(post.mvp)] += 1
        awarded = {award.id: award.spp for award in day.post.players}
        assert awarded == {pid: n for pid, n in earned.items() if n}
        for pid, n in awarded.items():
            if pid.isdigit():
                spp[int(pid)] += n

    standings = services.seasons.standings("Sim")
    points = standings.points
    for row in standings.overall.rows:
        count = table[row.team]
        assert (row.played, row.won, row.drawn, row.lost) == (
            count["played"],
            count["won"],
            count["drawn"],
            count["lost"],
        )
        assert (row.td_for, row.td_against) == (count["td_for"], count["td_against"])
        assert (
            row.points
            == count["won"] * points["win"] + count["drawn"] * points["draw"] + count["lost"] * points["loss"]
        )

    for name in teams:
        after = services.teams.get_team(name)
        assert after.treasury == before[name].treasury + gold[name]
        assert after.dedicated_fans == before[name].dedicated_fans + fans[name]
        old = {p.id: p.spp for p in before[name].players}
        for player in after.players:
            assert player.spp == old.get(player.id, 0) + spp[player.id], player.name

    boards = {b.category: b for b in services.seasons.leaders("Sim", limit=100).players}
    for category, counted in (("td", tds), ("mvp", mvps), ("spp", spp)):
        shown = {e.player_id: e.value for e in boards[category].entries}
        assert shown == {pid: n for pid, n in counted.items() if n}, category


def size_games(teams: int) -> int:
    """Games of a single round robin."""
    return teams * (teams - 1) // 2

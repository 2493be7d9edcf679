"""Property: after random results, advancements and corrections every SPP figure a screen or
the roster PDF shows equals its ledger (player card, roster table, advance dialog, PDF cell)."""

from collections import defaultdict
from contextlib import suppress
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from sqlmodel import Session, select

from league_manager.core.errors import RuleViolation, RuleViolations
from league_manager.persistence.models import Advancement, SppEntry
from league_manager.reports.player_cells import spp_cell
from league_manager.services.facade import Services
from league_manager.services.match_day.dependencies import CorrectionDependencies

AWARDS = {"td": 3, "comp": 1, "intc": 2, "cas": 2}


def _result(data: st.DataObject, snapshots: dict[str, Any]) -> dict[str, Any]:
    doc: dict[str, Any] = {"players": []}
    for index, side in enumerate(("home", "away")):
        ids = [p["id"] for p in snapshots[side]["players"]][:4]
        score = data.draw(st.integers(0, 3))
        scorers = data.draw(st.lists(st.sampled_from(ids), min_size=score, max_size=score))
        for pid in ids:
            row = {"id": pid, "team": index, "played": True, "td": scorers.count(pid)}
            row.update(comp=data.draw(st.integers(0, 2)), cas=data.draw(st.integers(0, 1)))
            doc["players"].append(row)
        doc[side] = {"score": score}
    return doc


def _earned(doc: dict[str, Any], post: dict[str, Any]) -> dict[int, int]:
    """SPP the result and its post-game's MVPs give, computed without the program's ledgers."""
    earned: dict[int, int] = defaultdict(int)
    for row in doc["players"]:
        earned[int(row["id"])] += sum(row.get(k, 0) * v for k, v in AWARDS.items())
    for side in ("home", "away"):
        mvp = post["teams"][side]["mvp"]
        if mvp is not None:
            earned[int(mvp)] += 4
    return earned


def _check(svc: Services, team_ids: list[int], earned: dict[int, int]) -> None:
    with Session(svc.engine) as session:
        rows = session.exec(select(SppEntry)).all()
        spent_rows = session.exec(select(Advancement)).all()
    ledger: dict[int, int] = defaultdict(int)
    spent: dict[int, int] = defaultdict(int)
    for row in rows:
        ledger[row.player_id] += row.amount
    for adv in spent_rows:
        spent[adv.player_id] += adv.spp_cost
    for team_id in team_ids:
        for p in svc.teams.get_team(team_id).players:  # roster table and roster PDF
            assert p.spp == ledger[p.id] == earned[p.id] - spent[p.id]
            assert p.spp_earned == earned[p.id]
            assert spp_cell(p).removesuffix(" \u2605") == f"{earned[p.id]}/{ledger[p.id]}"
            if not ledger[p.id] and not earned[p.id]:
                continue
            card = svc.history.player_card(p.id)  # player page
            assert card.player.spp == p.spp and card.player.spp_earned == p.spp_earned
            assert card.spp_log[-1].total == ledger[p.id]
            assert svc.advancement.record(p.id).spp == ledger[p.id]  # advance dialog


@settings(
    max_examples=6,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],  # shrinking whole leagues is too slow for the suite
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_spp_figures_equal_ledgers_after_corrections(
    demo_season_file: Path, tmp_path: Path, data: st.DataObject
) -> None:
    copy = tmp_path / f"p{data.draw(st.integers(0, 10**9))}.db"
    copy.write_bytes(demo_season_file.read_bytes())
    svc = Services.open(copy)
    try:
        fixtures = svc.seasons.fixtures("S")[:2]
        team_ids = sorted({t for f in fixtures for t in (f.home_id, f.away_id) if t is not None})
        results: dict[int, dict[int, int]] = {}
        for number, fixture in enumerate(fixtures):
            fid = fixture.id or 0
            pre = svc.match_day.pregame(fid, seed=number).value
            doc = _result(data, pre.snapshots)
            svc.match_day.record(fid, doc)
            post = svc.match_day.postgame(fid, seed=data.draw(st.integers(0, 1000))).value.postgame
            assert post is not None
            results[fid] = _earned(doc, post)
        for _ in range(data.draw(st.integers(0, 2))):  # spend SPP on a random player who has some
            rich = [p for t in team_ids for p in svc.teams.get_team(t).players if p.spp >= 3]
            if rich:
                buyer = data.draw(st.sampled_from(rich))
                seed = data.draw(st.integers(0, 99))
                kinds = {c.kind: c for c in svc.advancement.record(buyer.id).choices}
                category = kinds["random_primary"].categories[0]
                with suppress(RuleViolation):  # a refused advancement spends nothing
                    svc.advancement.advance(buyer.id, "random_primary", category=category, seed=seed)
        for _ in range(data.draw(st.integers(1, 2))):
            fid = data.draw(st.sampled_from(sorted(results)))
            new = _result(data, svc.match_day.get(fid).snapshots)
            try:
                after = svc.match_day.correct(fid, new, "property test").value.postgame
            except CorrectionDependencies as exc:  # SPP spent: confirm reverting the advancements
                assert exc.revertible
                after = None
                if data.draw(st.booleans()):
                    after = svc.match_day.correct(fid, new, "property test", recompute=True).value.postgame
            except RuleViolations:
                after = None  # refused: nothing changes
            if after is not None:
                results[fid] = _earned(new, after)
            total: dict[int, int] = defaultdict(int)
            for earned in results.values():
                for pid, amount in earned.items():
                    total[pid] += amount
            _check(svc, team_ids, total)
    finally:
        svc.close()

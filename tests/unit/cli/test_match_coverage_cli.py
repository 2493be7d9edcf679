"""``league-manager match coverage``: implemented flags and the scenarios that use each name."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

from league_manager.cli.context import CliContext
from league_manager.cli.match_commands import register

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def _run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(list(argv))
    out, err = io.StringIO(), io.StringIO()
    code = args.handler(args, CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def test_json_lists_every_kind_with_scenarios() -> None:
    code, out, _ = _run("match", "coverage", "--json", "--scenarios", str(SCENARIOS))
    assert code == 0
    rows = {(r["kind"], r["name"]): r for r in json.loads(out)}
    assert {k for k, _ in rows} == {"skill", "trait", "star_rule", "inducement"}
    block = rows["skill", "Block"]
    assert block["implemented"] and block["category"] == "G"
    assert any(p.endswith("block/both_down_block.json") for p in block["scenarios"])
    assert set(block) == {"name", "kind", "category", "implemented", "scenarios"}


def test_without_scenarios_it_says_so(tmp_path: Path) -> None:
    code, out, _ = _run("match", "coverage", "--scenarios", str(tmp_path / "none"))
    assert code == 0
    assert out.startswith("no scenarios folder found")
    assert "skills:" in out and "star_rules:" in out


def test_unknown_ruleset_is_refused() -> None:
    code, _, err = _run("match", "coverage", "--ruleset", "nope")
    assert code == 1 and "nope" in err


def test_season3_coverage_counts_its_own_scenarios_and_shared_rules() -> None:
    code, out, _ = _run("match", "coverage", "--ruleset", "bb2025", "--json", "--scenarios", str(SCENARIOS))
    assert code == 0
    rows = {(r["kind"], r["name"]): r for r in json.loads(out)}
    no_ball = rows["trait", "No Ball"]
    assert no_ball["implemented"]
    assert any(p.endswith("bb2025/no_ball_pick_up.json") for p in no_ball["scenarios"])
    # Block is played by the same handler in both editions: BB2020 scenarios test it too
    assert any(p.endswith("block/both_down_block.json") for p in rows["skill", "Block"]["scenarios"])
    # Season 3 plays Hypnotic Gaze its own way: only Season 3 scenarios count
    gaze = rows["trait", "Hypnotic Gaze"]["scenarios"]
    assert gaze and all("/bb2025/" in p for p in gaze)
    assert rows["trait", "Insignificant"]["implemented"]


def test_every_implemented_item_of_bb2020_has_a_scenario() -> None:
    code, out, _ = _run("match", "coverage", "--json", "--scenarios", str(SCENARIOS))
    assert code == 0
    rows = json.loads(out)
    inducements = [r for r in rows if r["kind"] == "inducement" and r["implemented"]]
    assert len(inducements) > 40
    missing = sorted(r["name"] for r in rows if r["implemented"] and not r["scenarios"])
    assert missing == []


def test_scenarios_count_the_inducements_the_pre_game_turns_into_snapshot_counts() -> None:
    code, out, _ = _run("match", "coverage", "--json", "--scenarios", str(SCENARIOS))
    assert code == 0
    rows = {(r["kind"], r["name"]): r for r in json.loads(out)}
    for name in (
        "Temp Agency Cheerleaders",
        "Part-time Assistant Coaches",
        "Extra Team Training",
        "Riotous Rookies",
        "Cavorting Nurglings",
    ):
        assert rows["inducement", name]["scenarios"], name

"""``player advance --kind random-primary --keep``: a Season 3 player rolls two skills and keeps one."""

import json
import re
from pathlib import Path

from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services
from tests.unit.cli.cli_run import run


def _player(db: Path, ruleset_id: str) -> int:
    services = Services.open(db)
    try:
        services.leagues.create_league("Third", ruleset_id=ruleset_id)
        plan = suggest_draft(load_ruleset(ruleset_id), "human", rerolls=2)
        team = services.teams.draft_team("Third", "Lads", "Bo", plan).value
        blitzer = next(p for p in team.players if "Blitzer" in p.position)
        services.advancement.adjust_spp(blitzer.id, 10, "test award")
        return blitzer.id
    finally:
        services.close()


def test_season3_random_primary_keeps_the_preferred_of_two(tmp_path: Path) -> None:
    db = tmp_path / "s3.db"
    player = _player(db, "bb2025")
    record = json.loads(run(db, "--json", "player", "history", str(player))[1])
    random = next(c for c in record["choices"] if c["kind"] == "random_primary")
    assert random["rolls_skills"] == 2
    general = list(reversed(load_ruleset("bb2025").skill_categories["G"]))
    code, _, err = run(
        db, "player", "advance", str(player), "--kind", "random-primary", "--category", "G",
        "--keep", ",".join(general), "--seed", "5",
    )  # fmt: skip
    assert code == 0, err
    history = json.loads(run(db, "--json", "player", "history", str(player))[1])
    reason = next(h["text"] for h in history["history"] if "Advancement:" in h["text"])
    found = re.search(r"Advancement: (.+?) \(rolled on General: (.+?) or (.+?), kept (.+?);", reason)
    assert found is not None, reason
    gained, first, second, kept = found.groups()
    assert gained == kept == min(first, second, key=general.index) and first != second


def test_an_unknown_skill_to_keep_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "s3.db"
    player = _player(db, "bb2025")
    code, _, err = run(
        db, "player", "advance", str(player), "--kind", "random-primary", "--category", "G", "--keep", "Blok"
    )
    assert code != 0 and "'Blok'" in err
    history = json.loads(run(db, "--json", "player", "history", str(player))[1])
    assert history["spp"] == 10 and history["advancements"] == 0

"""Season 3's Team Captain: naming one (service and CLI), the free Pro, the roster and snapshot."""

import io
import json
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import RuleViolation
from league_manager.rules.captain import TEAM_CAPTAIN, captain_refusal
from league_manager.rules.draft import suggest_draft
from league_manager.rules.loader import load_ruleset
from league_manager.services.facade import Services
from league_manager.services.match_day.store import team_snapshot


def _team(services: Services, ruleset_id: str = "bb2025", race: str = "human") -> None:
    services.leagues.create_league("Third", ruleset_id=ruleset_id)
    services.teams.draft_team("Third", "Lads", "Bo", suggest_draft(load_ruleset(ruleset_id), race, rerolls=2))


def test_a_named_captain_gains_pro_for_free_and_carries_the_rule_into_the_match(services: Services) -> None:
    _team(services)
    before = services.teams.get_team("Lads")
    blitzer = next(p for p in before.players if "Blitzer" in p.position)
    after = services.roster.name_captain("Lads", str(blitzer.number)).value
    captain = next(p for p in after.players if p.id == blitzer.id)
    assert captain.captain and captain.to_dict()["captain"] is True
    assert [s.name for s in captain.skills if s.gained] == ["Pro", TEAM_CAPTAIN]
    assert captain.value == blitzer.value and after.team_value == before.team_value
    assert captain.advancements == 0 and captain.level == blitzer.level
    snap = next(p for p in team_snapshot(after).players if p.id == str(blitzer.id))
    assert {"Pro", TEAM_CAPTAIN} <= {s.name for s in snap.skills}
    other = next(p for p in after.players if p.id != blitzer.id)
    with pytest.raises(RuleViolation, match="is the team's Captain"):
        services.roster.name_captain("Lads", other.name)


def test_a_team_without_the_rule_names_no_captain(services: Services) -> None:
    _team(services, ruleset_id="bb2020")  # BB2020 Humans have no Team Captain
    player = services.teams.get_team("Lads").players[0]
    with pytest.raises(RuleViolation, match="no Team Captain"):
        services.roster.name_captain("Lads", str(player.number))


def test_a_big_guy_or_an_unknown_player_is_refused(services: Services) -> None:
    human = load_ruleset("bb2025").team("human")
    ogre = next(p for p in human.positions if p.big_guy)
    refusal = captain_refusal(human, ogre, status="active", journeyman=False, current=None)
    assert refusal is not None and "Big Guy" in refusal
    _team(services)
    with pytest.raises(RuleViolation, match="answers to 'Nobody'"):
        services.roster.name_captain("Lads", "Nobody")


def test_cli_team_captain(tmp_path: Path) -> None:
    db = tmp_path / "s3.db"
    services = Services.open(db)
    try:
        _team(services)
        number = services.teams.get_team("Lads").players[0].number
    finally:
        services.close()
    out, err = io.StringIO(), io.StringIO()
    argv = ["--db", str(db), "--json", "team", "captain", "Lads", f"#{number}"]
    code = main(argv, CliContext(stdout=out, stderr=err))
    assert code == 0, err.getvalue()
    players = json.loads(out.getvalue())["players"]
    assert [p["number"] for p in players if p.get("captain")] == [number]

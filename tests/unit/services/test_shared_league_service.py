"""The app's view of a shared league: this login's place, its logins, and the result's confirmation.

The server tests use the run's throw-away PostgreSQL (``LM_TEST_PG_URL``) and skip without it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from league_manager.core.errors import NotAllowed, NotFound, RuleViolation, RuleViolations
from league_manager.persistence.share_roles import ShareRoleError
from league_manager.services.facade import Services
from tests.share_setup import LEAGUE, a_result, as_role, cli


def test_a_league_file_has_no_shared_place_and_no_claims(tmp_path: Path) -> None:
    services = Services.open(tmp_path / "league.db")
    try:
        assert services.shared.place() is None
        assert services.shared.claim(1) is None
    finally:
        services.close()


def _open(url: str, *roles: str) -> list[Services]:
    return [Services.open(as_role(url, role)) for role in roles]


def test_each_login_knows_its_place_and_only_the_owner_manages_logins(
    shared_season: tuple[str, int],
) -> None:
    url, _ = shared_season
    owner = Services.open(url)
    bo, com = _open(url, "lmt_bo", "lmt_com")
    try:
        mine = owner.shared.place()
        assert mine is not None and mine.kind == "owner" and mine.manage_refusal is None and mine.runs_league
        coach = bo.shared.place()
        assert coach is not None and (coach.kind, coach.team) == ("coach", "Gutrot Ironjaws")
        assert not coach.runs_league and coach.manage_refusal is not None
        commissioner = com.shared.place()
        assert commissioner is not None and commissioner.runs_league
        assert "may not create logins" in str(commissioner.manage_refusal)
        with pytest.raises(ShareRoleError, match="the server refused: permission denied"):
            com.shared.add_member(LEAGUE, "lmt_new", "viewer", password="not shown anywhere")
        added = owner.shared.add_member(LEAGUE, "lmt_vi", "viewer", password="s3cret words")
        assert (added.role, added.kind) == ("lmt_vi", "viewer")
        with pytest.raises(ShareRoleError, match="already a member"):
            owner.shared.add_member(LEAGUE, "lmt_vi", "viewer")
        with pytest.raises(NotFound, match="no team called"):
            owner.shared.add_member(LEAGUE, "lmt_x", "coach", team="Nobody's Team")
        assert "lmt_vi" in [m.role for m in owner.shared.members()]
        assert owner.shared.remove_member("lmt_vi").kind == "viewer"
        with pytest.raises(ShareRoleError, match="not a member"):
            owner.shared.remove_member("lmt_vi")
    finally:
        for svc in (owner, bo, com):
            svc.close()


def test_the_other_coach_disputes_and_the_commissioner_makes_their_version_count(
    shared_season: tuple[str, int],
) -> None:
    url, fixture = shared_season
    bo, ada, com = _open(url, "lmt_bo", "lmt_ada", "lmt_com")
    try:
        view = bo.match_day.pregame(fixture, seed=3).value
        entered = a_result(view.snapshots)
        bo.match_day.record(fixture, entered)
        mine = bo.shared.claim(fixture)
        assert mine is not None and (mine.status, mine.entered_by) == ("pending", "lmt_bo")
        assert not (mine.may_confirm or mine.may_dispute or mine.may_resolve)
        theirs = ada.shared.claim(fixture)
        assert theirs is not None and theirs.may_confirm and theirs.may_dispute and not theirs.may_resolve
        with pytest.raises((RuleViolation, RuleViolations)):
            ada.shared.dispute(fixture, {"home": {"score": "two"}})
        version = {**entered, "home": {"score": 0}, "players": [dict(p, td=0) for p in entered["players"]]}
        claim = ada.shared.dispute(fixture, version).value
        assert claim is not None and claim.status == "disputed" and claim.disputed_by == "lmt_ada"
        assert claim.disputed_version == version
        with pytest.raises(NotAllowed, match="counts once"):
            bo.match_day.postgame(fixture, seed=5)
        with pytest.raises(NotAllowed):
            ada.shared.resolve(fixture, "disputed")
        settled = com.shared.claim(fixture)
        assert settled is not None and settled.may_resolve and settled.may_confirm
        claim = com.shared.resolve(fixture, "disputed").value
        assert claim is not None and (claim.status, claim.confirmed_by) == ("confirmed", "lmt_com")
        result = bo.match_day.get(fixture).result
        assert result is not None and result["home"]["score"] == 0
        bo.match_day.postgame(fixture, seed=5)
        with pytest.raises(NotAllowed, match="not disputed"):
            com.shared.resolve(fixture, "entered")
    finally:
        for svc in (bo, ada, com):
            svc.close()


def test_the_commissioner_lets_the_entered_result_stand(
    shared_season: tuple[str, int],
) -> None:
    url, fixture = shared_season
    bo, ada, com = _open(url, "lmt_bo", "lmt_ada", "lmt_com")
    try:
        view = ada.match_day.pregame(fixture, seed=3).value
        entered = a_result(view.snapshots)
        ada.match_day.record(fixture, entered)
        bo.shared.dispute(fixture, {**entered, "home": {"score": 0}, "players": []})
        claim = com.shared.resolve(fixture, "entered").value
        assert claim is not None and claim.status == "confirmed"
        result = ada.match_day.get(fixture).result
        assert result is not None and result["home"]["score"] == 1
        confirmed = bo.shared.claim(fixture)
        assert confirmed is not None and not (confirmed.may_confirm or confirmed.may_dispute)
    finally:
        for svc in (bo, ada, com):
            svc.close()


def test_the_commissioner_settles_from_the_command_line(
    shared_season: tuple[str, int],
    tmp_path: Path,
) -> None:
    url, fixture = shared_season
    bo = Services.open(as_role(url, "lmt_bo"))
    view = bo.match_day.pregame(fixture, seed=3).value
    entered = a_result(view.snapshots)
    bo.match_day.record(fixture, entered)
    bo.close()
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"home": {"score": "two"}}), encoding="utf-8")
    code, _, err = cli(
        "--db", as_role(url, "lmt_ada"), "share", "dispute", str(fixture), "--result", str(wrong)
    )
    assert code != 0 and "score" in err  # checked like any result before it is kept
    mine = tmp_path / "mine.json"
    version = {**entered, "home": {"score": 0}, "players": [dict(p, td=0) for p in entered["players"]]}
    mine.write_text(json.dumps(version), encoding="utf-8")
    assert (
        cli("--db", as_role(url, "lmt_ada"), "share", "dispute", str(fixture), "--result", str(mine))[0] == 0
    )
    code, _, err = cli("--db", as_role(url, "lmt_bo"), "share", "resolve", str(fixture), "--pick", "disputed")
    assert code != 0 and "commissioner" in err
    code, out, err = cli(
        "--db", as_role(url, "lmt_com"), "share", "resolve", str(fixture), "--pick", "disputed",
        "--reason", "the sheet shows no touchdown",
    )  # fmt: skip
    assert code == 0, err
    assert out.startswith(f"settled fixture {fixture}: the disputed version counts")
    owner = Services.open(url)
    try:
        result = owner.match_day.get(fixture).result
        assert result is not None and result["home"]["score"] == 0
        claim = owner.shared.claim(fixture)
        assert claim is not None and claim.status == "confirmed"
    finally:
        owner.close()

"""A login command the server broke off for a clash with another transaction (a deadlock on
the shared role catalogs, a serialization failure) runs again, whole; any other refusal is
reported at once.

The server test uses the run's throw-away PostgreSQL (``LM_TEST_PG_URL``) and skips without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
import pytest

from league_manager.persistence import share_roles
from league_manager.persistence.share_roles import ShareRoleConflict, ShareRoleError, server_refusals
from league_manager.services import sharing
from league_manager.services.sharing import CONFLICT_TRIES, _retried
from tests.share_setup import LEAGUE


def test_a_deadlock_is_a_conflict_to_run_again_a_denial_is_not() -> None:
    with (
        pytest.raises(ShareRoleConflict, match=r"the server refused: .*; nothing was changed"),
        server_refusals(),
    ):
        raise psycopg.errors.DeadlockDetected("deadlock detected")
    with pytest.raises(ShareRoleConflict), server_refusals():
        raise psycopg.errors.SerializationFailure("could not serialize access")
    with pytest.raises(ShareRoleError) as refused, server_refusals():
        raise psycopg.errors.InsufficientPrivilege("permission denied to create role")
    assert not isinstance(refused.value, ShareRoleConflict)


def _failing(runs: list[int], errors: list[ShareRoleError]) -> Callable[[], str]:
    """A command that counts its runs in ``runs`` and raises ``errors`` in turn, then succeeds."""

    def command() -> str:
        runs.append(1)
        if len(runs) <= len(errors):
            raise errors[len(runs) - 1]
        return "done"

    return command


def test_a_conflict_runs_the_command_again_up_to_its_tries() -> None:
    clash = ShareRoleConflict("the server refused: deadlock detected; nothing was changed")
    runs: list[int] = []
    assert CONFLICT_TRIES == 3 and _retried(_failing(runs, [clash, clash])) == "done" and len(runs) == 3
    runs.clear()
    with pytest.raises(ShareRoleConflict):
        _retried(_failing(runs, [clash] * CONFLICT_TRIES))
    assert len(runs) == CONFLICT_TRIES
    runs.clear()
    taken = ShareRoleError("lmt_x is already a member here; remove them first to change their place")
    with pytest.raises(ShareRoleError):
        _retried(_failing(runs, [taken]))
    assert len(runs) == 1  # a refusal is not a clash: reported at once


def test_a_login_broken_off_by_a_deadlock_is_added_once_on_the_second_run(
    shared: tuple[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, _league_file = shared
    real = share_roles.add_member
    runs: list[int] = []

    def deadlocked_once(*args: Any, **kwargs: Any) -> None:
        runs.append(1)
        real(*args, **kwargs)  # the role is made in this transaction ...
        if len(runs) == 1:
            with server_refusals():  # ... and the server breaks it off before the commit
                raise psycopg.errors.DeadlockDetected("deadlock detected")

    monkeypatch.setattr(share_roles, "add_member", deadlocked_once)
    engine = sharing.server_engine(url)
    try:
        member = sharing.add_member(engine, LEAGUE, "lmt_vi", "viewer")
        assert member.role == "lmt_vi" and len(runs) == 2
        assert [m.role for m in sharing.list_members(engine)].count("lmt_vi") == 1
    finally:
        engine.dispose()

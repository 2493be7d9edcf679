"""Claims: the present coach claims after the countdown; the commissioner lists the claims and
awards the match (the absent side concedes) or orders a replay, through the ordinary result path."""

import io
import json
from pathlib import Path

import pytest

from league_manager.cli.context import CliContext
from league_manager.cli.main import main
from league_manager.core.errors import NotAllowed, RuleViolation
from league_manager.match.bots import make_bot
from league_manager.services.demo import DEMO_LEAGUE
from league_manager.services.facade import Services
from league_manager.services.remote import protocol as p
from league_manager.services.remote.room import Refused, Room, RoomKeys

SIDES = ("home", "away")


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), CliContext(stdout=out, stderr=err))
    return code, out.getvalue(), err.getvalue()


def _room(season: Services, tmp_path: Path, grace: int = 0, actions: int = 40) -> Room:
    fixture = season.seasons.fixtures("S")[0].id
    assert fixture is not None
    season.match_day.pregame(fixture, seed=5)
    keys = RoomKeys(fixture=fixture, code="join", host_key="host", host_side="home", host_secret="0a1b")
    room = Room(season.board, keys, grace=grace, keys_path=tmp_path / "k.json", claims=season.claims)
    room.start("c0ffee")
    game = room.game
    assert game is not None
    bot = make_bot("random", 4)
    for _ in range(actions):  # both coaches play a while
        prompt = game.match.prompt
        assert prompt is not None
        action = bot.choose(game.match)
        number = len(game.match.actions)
        room.act(SIDES[prompt.team], p.Act(number=number, digest=room.digest, action=list(action.to_list())))
    return room


def test_a_claim_waits_for_the_countdown_then_the_commissioner_awards_it(
    season: Services, tmp_path: Path
) -> None:
    room = _room(season, tmp_path, grace=600)
    fixture = room.keys.fixture
    assert room.away("away") is not None
    with pytest.raises(Refused, match="adjourn in"):
        room.decide("home", "claim")  # the countdown still runs: nothing is filed
    assert season.claims.claims(DEMO_LEAGUE) == []
    room.grace = 0
    reply = room.decide("home", "claim")
    assert isinstance(reply, p.Adjourned) and reply.by == "home" and reply.claim > 0
    [claim] = season.claims.claims(DEMO_LEAGUE)
    assert (claim.id, claim.claimant, claim.state, claim.action_count) == (reply.claim, "home", "open", 40)
    assert claim.match_state.endswith(", 40 actions") and claim.match_state[0].isdigit()
    with pytest.raises(RuleViolation, match="already has an open claim"):
        season.claims.file(fixture, "home", 0)
    status = season.board.status(fixture)
    assert status is not None and status.in_progress  # nothing decided until the commissioner says

    code, out, _ = _run("--db", str(season.engine.url.database), "match", "claims", DEMO_LEAGUE)
    assert code == 0 and f"claim {claim.id}: fixture {fixture}" in out and "open" in out
    code, out, _ = _run(
        "--db", str(season.engine.url.database), "match", "resolve-claim", str(claim.id), "--award",
        "--note", "away coach never came back",
    )  # fmt: skip
    assert code == 0 and "awarded" in out
    view = season.match_day.get(fixture)
    assert view.stage == "result_entered" and view.result is not None
    home, away = view.result["home"]["score"], view.result["away"]["score"]
    assert home > away  # the absent side conceded: the claimant wins
    status = season.board.status(fixture)
    assert status is not None and not status.in_progress
    assert season.claims.claims(DEMO_LEAGUE) == []
    [done] = season.claims.claims(DEMO_LEAGUE, every=True)
    assert (done.state, done.resolution) == ("awarded", "away coach never came back")
    assert done.match_state == "board match finished"
    with pytest.raises(RuleViolation, match="already resolved"):
        season.claims.resolve(claim.id, "replay")


def test_a_replay_order_abandons_the_board_match_and_the_fixture_is_played_again(
    season: Services, tmp_path: Path
) -> None:
    room = _room(season, tmp_path, actions=10)
    fixture = room.keys.fixture
    room.away("home")
    reply = room.decide("away", "claim")
    assert isinstance(reply, p.Adjourned)
    code, out, _ = _run(
        "--db", str(season.engine.url.database), "--json", "match", "resolve-claim", str(reply.claim),
        "--replay",
    )  # fmt: skip
    assert code == 0 and json.loads(out)["state"] == "replay"
    view = season.match_day.get(fixture)
    assert view.stage == "pre_game" and view.result is None
    assert view.board is not None and view.board.state == "abandoned" and "claim" in view.board.reason
    game = season.board.start(fixture, seed=9)  # the fixture is played again
    assert game.match.actions == []


def test_a_room_without_claims_and_a_wrong_decision_are_refused(season: Services, tmp_path: Path) -> None:
    room = _room(season, tmp_path, actions=0)
    room.claims = None
    room.away("away")
    with pytest.raises(Refused, match="records no claims"):
        room.decide("home", "claim")
    assert not room.adjourned
    with pytest.raises(RuleViolation, match="award or replay"):
        season.claims.resolve(1, "toss")
    with pytest.raises(p.ProtocolError):
        p.decode('{"v": 1, "type": "decide", "choice": "steal"}')


@pytest.mark.parametrize("place", [("coach", "Gutrot Ironjaws"), ("viewer", None)])
def test_only_the_commissioner_resolves_a_claim_whichever_path_calls(
    season: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, place: tuple[str, str | None]
) -> None:
    from league_manager.persistence import share_guard

    room = _room(season, tmp_path, actions=10)
    assert room.away("away") is not None
    reply = room.decide("home", "claim")
    assert isinstance(reply, p.Adjourned)
    monkeypatch.setattr(share_guard, "my_place", lambda _conn: place)  # a shared league's member
    for decision in ("award", "replay"):
        with pytest.raises(NotAllowed, match="only the league's commissioner decides claims"):
            season.claims.resolve(reply.claim, decision)
    [claim] = season.claims.claims(DEMO_LEAGUE)
    assert claim.state == "open"  # nothing changed
    status = season.board.status(room.keys.fixture)
    assert status is not None and status.in_progress
    monkeypatch.undo()  # the league file's owner decides
    assert season.claims.resolve(reply.claim, "replay").value.state == "replay"

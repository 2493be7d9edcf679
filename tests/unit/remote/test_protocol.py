"""The remote-play protocol: typed messages round-trip, anything malformed is refused."""

import json

import pytest

from league_manager.match.bots import make_bot
from league_manager.match.engine import Match
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset
from league_manager.services.remote import protocol as p
from league_manager.services.remote.fairness import commitment, log_hash, seed_from, verify_dice
from league_manager.services.remote.mirror import Mirror


def test_every_message_round_trips() -> None:
    messages: list[p.Message] = [
        p.Hello(code="abc", role="player", secret="ff"),
        p.Welcome(side="home", fixture=4, commitment="c", document=None),
        p.Act(number=2, digest="d", action=["move", 1, 40]),
        p.Applied(number=2, action=["move", 1, 40], rolls=[3, 4], digest="e"),
        p.Sync(),
        p.Paused(side="away", seconds=30),
        p.Resumed(side="away"),
        p.Decide(choice="adjourn"),
        p.Adjourned(by="home"),
        p.Over(result={"score": [1, 0]}, log_hash="h", seed=5, host_secret="a", guest_secret="b"),
        p.Error(code="stale", message="no"),
    ]
    for message in messages:
        assert p.decode(p.encode(message)) == message


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        json.dumps({"v": 2, "type": "sync"}),
        json.dumps({"v": 1, "type": "pickle"}),
        json.dumps({"v": 1, "type": "act", "number": 1, "digest": "x"}),
        json.dumps({"v": 1, "type": "act", "number": "1", "digest": "x", "action": ["end_turn", -1, -1]}),
        json.dumps({"v": 1, "type": "act", "number": True, "digest": "x", "action": ["end_turn", -1, -1]}),
        json.dumps({"v": 1, "type": "act", "number": 1, "digest": "x", "action": ["end_turn", -1]}),
        json.dumps({"v": 1, "type": "act", "number": -1, "digest": "x", "action": ["end_turn", -1, -1]}),
        json.dumps({"v": 1, "type": "sync", "extra": 1}),
        json.dumps({"v": 1, "type": "hello", "code": "c", "role": "referee"}),
        json.dumps({"v": 1, "type": "decide", "choice": "claim-everything"}),
    ],
)
def test_malformed_messages_are_refused(text: str) -> None:
    with pytest.raises(p.ProtocolError):
        p.decode(text)
    with pytest.raises(p.ProtocolError):
        p.decode(text.encode())


def test_the_revealed_seed_checks_every_roll_and_a_wrong_secret_is_caught() -> None:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), 1, prefix="h-")
    away = generate_team(ruleset.team("orc"), 2, prefix="a-")
    host, guest = "ab12", "cd34"
    server = Match.from_dict(
        {
            **Match(home, away, seed=1, allow_inert=True).to_dict(),
            "dice": {"seed": seed_from(host, guest), "typed": {}},
        }
    )
    bots = (make_bot("random", 1), make_bot("random", 2))
    for _ in range(40):
        assert server.prompt is not None
        server.apply(bots[server.prompt.team].choose(server))
    document = server.to_dict()
    document.pop("dice")
    actions = document.pop("actions")
    rolls = [r.result for r in server.dice.log]
    mirror = Mirror(document, rolls, actions)
    assert log_hash(mirror.actions, mirror.rolls) == log_hash(actions, rolls)
    reveal = {"seed": seed_from(host, guest), "host_secret": host, "guest_secret": guest}
    assert verify_dice(document, actions, rolls, reveal, commitment(host)) is None
    assert (
        verify_dice(document, actions, rolls, {**reveal, "host_secret": "ab13"}, commitment(host)) is not None
    )
    assert (
        verify_dice(document, actions, [*rolls[:-1], 7 - rolls[-1] or 1], reveal, commitment(host))
        is not None
    )


def test_a_league_servers_address_names_the_fixture_in_its_path() -> None:
    assert p.fixture_address("ws://host:8765", 12) == "ws://host:8765/fixture/12"
    assert p.fixture_address("wss://host:8765/", 3) == "wss://host:8765/fixture/3"
    assert p.fixture_address("ws://host:8765", 0) == "ws://host:8765"  # direct play: no path
    assert p.fixture_address("ws://host:8766/fixture/12", 12) == "ws://host:8766/fixture/12"
    assert p.fixture_of("/fixture/12") == 12
    assert p.fixture_of("/fixture/12?x=1") == 12
    assert p.fixture_of("/") is None and p.fixture_of("/other/fixture/1") is None
    assert p.fixture_of("/fixture/-1") is None and p.fixture_of("/fixture/") is None


def test_a_server_address_brackets_an_ipv6_host() -> None:
    assert p.server_address("ws", "::", 8765) == "ws://[::]:8765"
    assert p.server_address("wss", "fe80::1", 443) == "wss://[fe80::1]:443"
    assert p.server_address("ws", "0.0.0.0", 8765) == "ws://0.0.0.0:8765"

"""The learned value on constructed positions: its features say what the position holds, our
value is exactly minus theirs and reads the same from either end of the pitch, and the fitted
weights value a carrier who can score in the last turn well above one who cannot."""

from league_manager.match.bots.learned_value import FEATURES, features, learned_value
from league_manager.match.bots.learned_weights import WEIGHTS
from league_manager.match.engine import Match
from league_manager.match.pitch import LENGTH
from tests.unit.match.seeded_games import at, built_position


def _carrier(mirror: bool, fenced: bool, ours_to_act: bool, turn: int = 3, x: int = 14) -> Match:
    """Our carrier at ``x`` with a team-mate behind and an opponent five squares ahead; with
    ``fenced`` three of ours stand between them, so every way in passes our tackle zones."""
    players = [
        at("c", "home", x, 7, mirror, ball=True),
        at("m", "home", x - 1, 7, mirror),
        at("o", "away", min(x + 5, LENGTH - 1), 7, mirror, status="prone" if x > 20 else "standing"),
    ]
    if fenced:
        players += [at(f"f{y}", "home", x + 2, y, mirror) for y in (4, 7, 10)]
    ours = "away" if mirror else "home"
    theirs = "home" if mirror else "away"
    return built_position(players, ours if ours_to_act else theirs, turn, "home" if mirror else "away")


def _named(match: Match, team: int) -> dict[str, float]:
    return dict(zip(FEATURES, features(match, team), strict=True))


def test_the_features_say_who_acts_who_holds_the_ball_and_whether_it_can_be_reached() -> None:
    for mirror in (False, True):
        team = 1 if mirror else 0
        open_reply = _named(_carrier(mirror, fenced=False, ours_to_act=False), team)
        fenced = _named(_carrier(mirror, fenced=True, ours_to_act=False), team)
        ours = _named(_carrier(mirror, fenced=False, ours_to_act=True), team)
        assert open_reply["act"] == -1.0 and ours["act"] == 1.0
        assert open_reply["carry"] == fenced["carry"] == ours["carry"] == 1.0
        assert open_reply["carry_reach"] == 1.0 and fenced["carry_reach"] == 0.0
        assert ours["carry_reach"] == 0.0  # we act first: no reply to fear yet
        assert ours["idle"] > 0 and open_reply["idle"] < 0
        assert fenced["carry_guard"] == 1.0 and fenced["players"] > open_reply["players"]
        assert ours["loose_near"] == ours["loose_act"] == 0.0


def test_our_value_is_minus_theirs_and_reads_the_same_from_either_end() -> None:
    for fenced in (False, True):
        for ours_to_act in (False, True):
            plain = _carrier(False, fenced, ours_to_act)
            mirrored = _carrier(True, fenced, ours_to_act)
            assert features(plain, 1) == [-x for x in features(plain, 0)]
            assert learned_value(plain, 1) == -learned_value(plain, 0)
            assert learned_value(plain, 0) == learned_value(mirrored, 1)


def test_every_feature_is_weighted_and_a_carrier_who_can_score_in_the_last_turn_is_worth_more() -> None:
    assert set(WEIGHTS) == set(FEATURES)
    for mirror in (False, True):
        team = 1 if mirror else 0
        last = learned_value(_carrier(mirror, fenced=True, ours_to_act=True, turn=8, x=22), team)
        far = learned_value(_carrier(mirror, fenced=True, ours_to_act=True, turn=8, x=8), team)
        assert last > far + 20

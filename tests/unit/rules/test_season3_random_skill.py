"""Season 3 random primary skill: two different skills rolled, the coach keeps one."""

import pytest

from league_manager.core.errors import LeagueError
from league_manager.rules import advancement as adv
from league_manager.rules.dice import ScriptedDice
from league_manager.rules.loader import load_ruleset

S3 = load_ruleset("bb2025")
BLITZER = S3.team("human").position("Blitzer")


def _player() -> adv.PlayerProgress:
    return adv.PlayerProgress(BLITZER, BLITZER.skills, 0, 100, {}, {})


# Dauntless, Block (held: rolled again), Dauntless (already rolled: again), Sure Hands
ROLLS = [1, 2, 1, 1, 1, 2, 4, 3]


@pytest.mark.parametrize(
    ("keep", "kept"),
    [
        ((), "Dauntless"),
        (("Sure Hands",), "Sure Hands"),
        (("Frenzy", "sure hands", "Dauntless"), "Sure Hands"),
    ],
)
def test_two_different_new_skills_are_rolled_and_the_preferred_one_kept(
    keep: tuple[str, ...], kept: str
) -> None:
    result = adv.roll_skill(S3, _player(), "random_primary", "G", ScriptedDice(ROLLS), keep)
    assert result.skill == kept and result.rolls == tuple(ROLLS)
    assert result.note == f"rolled on General: Dauntless or Sure Hands, kept {kept}"
    assert result.value_increase == 20_000 and result.spp_cost == 3


def test_bb2020_still_rolls_one_skill() -> None:
    bb2020 = load_ruleset("bb2020")
    blitzer = bb2020.team("human").position("Blitzer")
    player = adv.PlayerProgress(blitzer, blitzer.skills, 0, 100, {}, {})
    dice = ScriptedDice([1, 2])
    result = adv.roll_skill(bb2020, player, "random_primary", "G", dice, ("Sure Hands",))
    assert result.skill == "Dauntless" and result.rolls == (1, 2)


def test_an_unknown_skill_to_keep_is_refused_before_rolling() -> None:
    dice = ScriptedDice([])
    with pytest.raises(LeagueError, match="Dauntles"):
        adv.roll_skill(S3, _player(), "random_primary", "G", dice, ("Dauntles",))

"""Actions a coach can take, and the prompt that says which decision is needed now."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from league_manager.core.errors import LeagueError


class Action(NamedTuple):
    """One decision: a kind plus an optional player index and square (or option index).

    ``Action("move", 3, 125)`` moves player 3 to square 125; ``Action("end_turn")`` ends the turn.
    """

    kind: str
    player: int = -1
    square: int = -1

    def to_list(self) -> list[Any]:
        """Compact JSON form ``[kind, player, square]``."""
        return [self.kind, self.player, self.square]

    @classmethod
    def from_list(cls, data: list[Any]) -> Action:
        """Inverse of :meth:`to_list`."""
        return cls(str(data[0]), int(data[1]), int(data[2]))


# Prompt kinds
COIN_TOSS = "coin_toss"  # options: kick / receive
SETUP = "setup"
KICKER = "kicker"
KICK = "kick"
TOUCHBACK = "touchback"
TURN = "turn"  # choose a player and action, or end the turn
ACTIVATION = "activation"  # move, block, pass … or end the activation
REROLL = "reroll"
BLOCK_DIE = "block_die"
PUSH = "push"
FOLLOW_UP = "follow_up"
APOTHECARY = "apothecary"
CASUALTY_CHOICE = "casualty_choice"
INTERFERENCE = "interference"
HIGH_KICK = "high_kick"
QUICK_SNAP = "quick_snap"
ARGUE = "argue"
BRIBE = "bribe"
USE_SKILL_PROMPT = "use_skill"  # use an optional skill now? (Break Tackle, Diving Tackle …)
ON_THE_BALL = "on_the_ball"
LASH_OUT = "lash_out"
PRAYER = "prayer"  # choose the player a Prayers to Nuffle result applies to
DECLARE_TARGET = "declare_target"  # Blitz and Foul targets are nominated on activation
SWARM = "swarming"  # place one more Swarming player from the reserves, or decline
BITE_PROMPT = "bite"  # a hungry Bloodlust player chooses the Thrall it feeds on

# Action kinds
KICK_OFF = "kick"
RECEIVE = "receive"
FORMATION = "formation"
PLACE = "place"
REMOVE = "remove"
END_SETUP = "end_setup"
CHOOSE = "choose"  # choose a player / square / option by index
DECLINE = "decline"
END_TURN = "end_turn"
END_ACTIVATION = "end_activation"
MOVE = "move"
BLOCK = "block"
BLITZ = "blitz"
PASS = "pass"
HAIL_MARY = "hail_mary"  # a Hail Mary Pass to any square (target square)
HANDOFF = "handoff"
FOUL = "foul"
TTM = "ttm"
THROW = "throw"  # pick the team-mate to throw (square = their square)
THROW_TO = "throw_to"
VOMIT = "vomit"
STAB = "stab"
MULTI_BLOCK = "multi_block"  # first of two blocks (Multiple Block)
GAZE = "gaze"  # Hypnotic Gaze special action at the end of a Move (square = the target's)
STAND = "stand_up"
USE_TEAM_REROLL = "team_reroll"
USE_SKILL_REROLL = "skill_reroll"
USE_PRO = "pro"
USE_SKILL = "use_skill"
YES = "yes"
NO = "no"
CHAINSAW = "chainsaw"  # Chainsaw Attack instead of a Block (square of the target)
BREATHE_FIRE = "breathe_fire"  # Breathe Fire instead of a Block (square of the target)

BITE = "bite"  # a hungry Bloodlust player feeds on a Thrall team-mate (square of the Thrall)
KTM = "ktm"  # Kick Team-mate (a special action, once per team turn besides the Pass)

BALL_AND_CHAIN = "ball_chain"  # a Ball & Chain Move, the only action of such a player

BOMB = "bomb"  # Throw Bomb (Bombardier), once per team turn besides the Pass
THROW_BOMB = "throw_bomb"  # the square the bomb is thrown to

SECURE_BALL = "secure_ball"  # Season 3: a Move picking up the ball on a 2+, once per team turn
PUNT = "punt"  # Season 3 (Punt): a Move then a kick of the ball; in play, the adjacent square aimed at
PUNT_OUT = "punt_out"  # Punt into the crowd from a sideline or End Zone square (square = the punter's)
ACTIVATION_KINDS = (
    MOVE, BLOCK, BLITZ, PASS, HANDOFF, FOUL, TTM, KTM, BALL_AND_CHAIN, BOMB, SECURE_BALL, PUNT,
)  # fmt: skip
"""Action kinds a player can be activated for (``Action("activate_move", p)`` etc.)."""
ACTIVATE = {kind: "activate_" + kind for kind in ACTIVATION_KINDS}


@dataclass(slots=True)
class Prompt:
    """The decision the match waits for.

    Attributes:
        kind: one of the prompt kinds above.
        team: 0 home, 1 away: whose coach decides.
        options: the legal actions (for set-up: the formation presets plus END_SETUP when legal;
            individual placements are listed by ``Match.legal_actions``).
        info: what the board needs to show the decision (player, dice, target …).
    """

    kind: str
    team: int
    options: list[Action]
    info: dict[str, Any] = field(default_factory=dict)


class IllegalAction(LeagueError):
    """The action is not one of the legal options; the match is unchanged."""

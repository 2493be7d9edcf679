"""The coach's answers to dice and push prompts: block dice, re-rolls, follow-ups, pushes.

:class:`CoachDice` is the base of :class:`~league_manager.match.bots.coach_bot.CoachBot`: it
keeps to the activation the coach chose (``_player``, ``_kind``) when it ranks block faces and
spends team re-rolls, and leaves every other prompt to the greedy bot.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.greedy_bot import GreedyBot
from league_manager.match.engine import Match
from league_manager.match.odds import ATTACKER_ORDER, DEFENDER_ORDER, face_result
from league_manager.match.paths import JUMP
from league_manager.match.pitch import ON_PITCH, distance
from league_manager.match.procedures.throw_team_mate import FUMBLED, TERRIBLE
from league_manager.match.state import TURNS_PER_HALF
from league_manager.rules.dice import BLOCK_FACES

BALL_ROLLS = ("pick_up", "catch", "pass", "hand_off", "handoff", "secure_ball")
"""Rolls a team re-roll is always spent on (the ball)."""


class CoachDice(GreedyBot):
    """Block dice, re-rolls, follow-ups and pushes for the coach's chosen activation."""

    _player: int
    """The player of the activation the coach chose (-1: none)."""
    _kind: str
    """The kind of that activation (``acts.BLITZ`` ...)."""
    _plan: list[Action]
    """The steps of that activation still to play."""

    def _block_die(self, match: Match, prompt: Prompt) -> Action | None:
        s = match.state
        att = int(prompt.info["player"])
        dfd = int(prompt.info.get("target", -1))
        faces = [a for a in prompt.options if a.kind == acts.CHOOSE]
        if dfd < 0 or not faces:
            return super()._block_die(match, prompt)
        blitz = att == self._player and self._kind == acts.BLITZ
        mine = s.team[att] == prompt.team
        order = ATTACKER_ORDER if mine else DEFENDER_ORDER

        def rank(a: Action) -> int:
            return order.index(face_result(match.ctx, att, dfd, BLOCK_FACES[a.square], blitz))

        best = min(faces, key=rank)
        if mine:
            result = ATTACKER_ORDER[rank(best)]
            if result in ("attacker_down", "both_down"):
                reroll = next((a for a in prompt.options if a.kind == acts.USE_TEAM_REROLL), None)
                if reroll is not None and self._spend(match, prompt.team, critical=att == s.carrier):
                    return reroll
        return best

    def _reroll(self, match: Match, prompt: Prompt) -> Action | None:
        if prompt.info.get("roll") == "throw" and not _throw_worth_rerolling(match):
            return Action(acts.DECLINE)  # whatever the re-roll: a skill, Pro or the team's
        if prompt.info.get("roll") == "take_root" and not self._walks(int(prompt.info.get("player", -1))):
            return Action(acts.DECLINE)  # rooted, it still blocks or throws where it stands
        for action in prompt.options:
            if action.kind in (acts.USE_SKILL_REROLL, acts.USE_PRO):
                return action
        team_rr = next((a for a in prompt.options if a.kind == acts.USE_TEAM_REROLL), None)
        if team_rr is None:
            return Action(acts.DECLINE)
        s = match.state
        roll = str(prompt.info.get("roll", ""))
        player = int(prompt.info.get("player", -1))
        if roll == "block":
            dfd = int(prompt.info.get("target", -1))
            dice = prompt.info.get("dice") or []
            if dfd >= 0 and dice and player >= 0:
                worst = max(ATTACKER_ORDER.index(face_result(match.ctx, player, dfd, f, False)) for f in dice)
                if ATTACKER_ORDER[worst] in ("attacker_down", "both_down") and self._spend(
                    match, prompt.team, critical=False
                ):
                    return team_rr
            return Action(acts.DECLINE)
        critical = (
            roll in BALL_ROLLS or player == s.carrier or (player == self._player and self._kind == acts.BLITZ)
        )
        return team_rr if self._spend(match, prompt.team, critical) else Action(acts.DECLINE)

    def _walks(self, p: int) -> bool:
        """Whether p's activation needs to move: not when it is the coach's chosen activation
        and its plan has no step (a Block, a Throw Team-mate from where it stands)."""
        return p != self._player or any(a.kind in (acts.MOVE, JUMP) for a in self._plan)

    def _spend(self, match: Match, team: int, critical: bool) -> bool:
        """The re-roll budget: the ball always; otherwise keep one back until late in the half."""
        s = match.state
        left = s.rerolls[team]
        if critical:
            return True
        late = s.turn[team] >= TURNS_PER_HALF - 2
        return left >= 2 or late

    def _follow_up(self, match: Match, prompt: Prompt) -> Action | None:
        """Follow up unless it is our carrier or following would leave us marked by more."""
        s = match.state
        att = int(prompt.info["player"])
        if s.carrier == att:
            return Action(acts.NO)
        return prompt.options[0]

    def _push(self, match: Match, prompt: Prompt) -> Action | None:
        """Push into the crowd when we may, else to the square farthest from the ball."""
        s = match.state
        victim = int(prompt.info.get("player", -1))
        pushes = [a for a in prompt.options if a.kind == acts.CHOOSE]
        if not pushes or victim < 0 or s.team[victim] == prompt.team:
            return None
        off = [a for a in pushes if a.square < 0 or not ON_PITCH[a.square]]
        if off:
            return off[0]
        ball = s.ball if s.ball >= 0 else s.pos[victim]
        return max(pushes, key=lambda a: distance(a.square, ball))


def _throw_worth_rerolling(match: Match) -> bool:
    """Whether a Throw Team-mate quality test is worth a re-roll: it came out fumbled or
    terrible. A successful throw lands the player at -1; a second roll would risk a fumble for
    a better landing, a bad trade."""
    for event in reversed(match.events):
        if event.kind == "throw_quality":
            return event.detail in (FUMBLED, TERRIBLE)
    return True

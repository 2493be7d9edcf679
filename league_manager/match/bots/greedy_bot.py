"""A simple greedy bot: scores, picks up the ball, blocks with good odds, guards the carrier."""

from __future__ import annotations

import random

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.bots.spell_choice import area_worth, choose_spell
from league_manager.match.bots.star_sense import (
    STAR_RULES,
    far_block_bonus,
    star_activation,
    star_choice,
    star_interferer,
)
from league_manager.match.engine import Match
from league_manager.match.pitch import LENGTH, NEIGHBOURS, W, distance, scoring_x, sq, xy
from league_manager.match.procedures import punt
from league_manager.match.procedures.block import assists, dice_count
from league_manager.match.skills import points
from league_manager.match.skills import stars_5_points as sp5
from league_manager.match.state import STANDING

_ATTACKER_PREFERENCE = ("POW", "Stumble", "Push Back", "Both Down", "Player Down")


USED_SKILLS = frozenset(
    {"Stand Firm", "Fend", "Kick", "Block", "Dodge", "Pick-me-up", "Bottles of Heady Brew", "Medical Unguent"}
)
"""Optional skills and inducements the greedy bot always uses when asked."""


class GreedyBot:
    """One-step greedy choices; a baseline opponent, not a strong player."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, match: Match) -> Action:
        """The action to play now."""
        prompt = match.prompt
        assert prompt is not None
        handler = getattr(self, "_" + prompt.kind, None)
        if handler is not None:
            choice: Action | None = handler(match, prompt)
            if choice is not None and choice in prompt.options:
                return choice
        for action in prompt.options:
            if action.kind in (acts.DECLINE, acts.NO, acts.END_ACTIVATION, acts.END_TURN):
                return action
        return prompt.options[0]

    # pre-drive ------------------------------------------------------------------
    def _coin_toss(self, match: Match, prompt: acts.Prompt) -> Action:
        return Action(acts.RECEIVE)

    def _setup(self, match: Match, prompt: acts.Prompt) -> Action | None:
        for action in prompt.options:
            if action.kind == acts.END_SETUP:
                return action
        preset = 1 if match.state.kicking == prompt.team else 0
        return Action(acts.FORMATION, -1, preset)

    def _kick(self, match: Match, prompt: acts.Prompt) -> Action | None:
        receiving = 1 - prompt.team
        x = 3 if receiving == 0 else LENGTH - 4
        target = sq(x, 7)
        return next((a for a in prompt.options if a.square == target), prompt.options[0])

    # turn -------------------------------------------------------------------------
    def _turn(self, match: Match, prompt: acts.Prompt) -> Action | None:
        s = match.state
        team = prompt.team
        options = {(a.kind, a.player): a for a in prompt.options}
        carrier = s.carrier
        if carrier >= 0 and s.team[carrier] == team and (acts.ACTIVATE[acts.MOVE], carrier) in options:
            return options[(acts.ACTIVATE[acts.MOVE], carrier)]
        if carrier < 0 and s.ball >= 0:
            mine = [
                p
                for p in s.players_of(team)
                if (acts.ACTIVATE[acts.MOVE], p) in options and s.status[p] == STANDING
            ]
            if mine:
                best = min(mine, key=lambda p: distance(s.pos[p], s.ball))
                if distance(s.pos[best], s.ball) <= s.ma[best]:
                    # Season 3: Secure the Ball (a 2+ pick-up) when the edition offers it
                    secure = options.get((acts.ACTIVATE[acts.SECURE_BALL], best))
                    return secure or options[(acts.ACTIVATE[acts.MOVE], best)]
        opener = star_activation(match, team, prompt.options)
        if opener is not None:
            return opener
        best_block = self._best_block(match, team, options)
        if best_block is not None:
            return best_block
        for p in s.players_of(team):
            key = (acts.ACTIVATE[acts.MOVE], p)
            if key in options and s.status[p] == STANDING and self._target(match, p) >= 0:
                here = s.pos[p]
                if not match.ctx.n_markers(here, team) and self._best_step(match, p) >= 0:
                    return options[key]
        return Action(acts.END_TURN)

    def _best_block(self, match: Match, team: int, options: dict[tuple[str, int], Action]) -> Action | None:
        s = match.state
        ctx = match.ctx
        best: tuple[int, Action] | None = None
        for (kind, p), action in options.items():
            if kind != acts.ACTIVATE[acts.BLOCK]:
                continue
            for foe in _block_targets(match, p):
                st_a = s.st[p] + assists(ctx, team, foe, p)
                st_d = s.st[foe] + assists(ctx, 1 - team, p, foe)
                n, mine = dice_count(st_a, st_d)
                score = n if mine else -n
                if ctx.has(p, points.BOTH_DOWN_SAFE):
                    score += 1
                score += far_block_bonus(match, p, foe)
                if score >= 2 and (best is None or score > best[0]):
                    best = (score, action)
        return best[1] if best else None

    def _target(self, match: Match, p: int) -> int:
        s = match.state
        team = s.team[p]
        if s.carrier == p:
            x = scoring_x(team)
            return sq(x, xy(s.pos[p])[1])
        if s.carrier < 0:
            return s.ball
        return s.pos[s.carrier]  # guard our carrier or chase theirs

    def _best_step(self, match: Match, p: int) -> int:
        s = match.state
        target = self._target(match, p)
        if target < 0:
            return -1
        here = s.pos[p]
        best, best_d = -1, distance(here, target)
        if s.carrier != p and s.carrier >= 0 and best_d <= 1:
            return -1
        for n in _neighbours(here):
            if s.board[n] >= 0:
                continue
            d = distance(n, target)
            if d < best_d or (d == best_d == 0):
                best, best_d = n, d
        return best

    def _activation(self, match: Match, prompt: acts.Prompt) -> Action | None:
        s = match.state
        p = int(prompt.info["player"])
        kind = str(prompt.info["action"])
        team = s.team[p]
        bombs = [a for a in prompt.options if a.kind == acts.THROW_BOMB]
        if bombs:  # a bomb (one caught and thrown on too): where it hits most opponents
            return max(bombs, key=lambda a: _blast_worth(match, team, a.square))
        blocks = [a for a in prompt.options if a.kind == acts.BLOCK]
        if blocks:
            return max(blocks, key=lambda a: far_block_bonus(match, p, s.board[a.square]))
        if kind == acts.PASS or kind == acts.HANDOFF:
            for action in prompt.options:
                if action.kind == acts.HANDOFF:
                    return action
        scoring = s.carrier == p
        if int(prompt.info["mp"]) <= 0 and not scoring:
            return Action(acts.END_ACTIVATION)
        if match.ctx.n_markers(s.pos[p], team) and not scoring:
            return Action(acts.END_ACTIVATION)
        step = self._best_step(match, p)
        if step >= 0:
            move = Action(acts.MOVE, p, step)
            if move in prompt.options:
                return move
        return Action(acts.END_ACTIVATION)

    # dice and choices ----------------------------------------------------------------
    def _block_die(self, match: Match, prompt: acts.Prompt) -> Action | None:
        s = match.state
        attacker = int(prompt.info["player"])
        mine = s.team[attacker] == prompt.team
        faces = [a for a in prompt.options if a.kind == acts.CHOOSE]
        from league_manager.rules.dice import BLOCK_FACES

        def rank(a: Action) -> int:
            return _ATTACKER_PREFERENCE.index(BLOCK_FACES[a.square])

        faces.sort(key=rank)
        return faces[0] if mine else faces[-1]

    def _reroll(self, match: Match, prompt: acts.Prompt) -> Action | None:
        if prompt.info.get("roll") in (punt.DIRECTION, punt.DISTANCE):
            return Action(acts.DECLINE)  # a punt's flight is not worth a re-roll to this bot
        for action in prompt.options:
            if action.kind in (acts.USE_SKILL_REROLL, acts.USE_PRO):
                return action
        important = prompt.info.get("roll") in ("pick_up", "catch", "dodge", "rush", "pass")
        if important:
            for action in prompt.options:
                if action.kind == acts.USE_TEAM_REROLL:
                    return action
        return Action(acts.DECLINE)

    def _interference(self, match: Match, prompt: acts.Prompt) -> Action | None:
        """Interfere with a player whose rule makes it easy (Yoink!), else let the pass go."""
        return star_interferer(match, prompt)

    def _follow_up(self, match: Match, prompt: acts.Prompt) -> Action | None:
        return Action(acts.NO) if match.state.carrier == prompt.info["player"] else prompt.options[0]

    def _use_skill(self, match: Match, prompt: acts.Prompt) -> Action | None:
        """Defensive and kicking skills are used; Juggernaut only when Both Down could hurt us."""
        skill = prompt.info.get("skill")
        if skill in STAR_RULES:
            return star_choice(match, prompt)
        use = next((a for a in prompt.options if a.kind == acts.USE_SKILL), None)
        if use is None:
            return None
        if skill in (
            "Stand Firm",
            "Fend",
            "Kick",
            "Block",
            "Dodge",
            "Pick-me-up",
            "Mungo Spinecracker",
            "Bottles of Heady Brew",
            "Medical Unguent",
        ):
            return use
        if skill == "Juggernaut":
            safe = match.ctx.has(use.player, points.BOTH_DOWN_SAFE)
            return None if safe else use
        return None

    def _prayer(self, match: Match, prompt: acts.Prompt) -> Action | None:
        """Papa Skullbones blesses the first player offered (the D8 helps more often than not)."""
        if prompt.info.get("staff") and "skills" not in prompt.info:
            return next((a for a in prompt.options if a.kind == acts.CHOOSE), None)
        return None

    def _wizard(self, match: Match, prompt: acts.Prompt) -> Action | None:
        """Cast where a spell pays (``spell_choice``), else decline."""
        return choose_spell(match, prompt)

    def _drummer(self, match: Match, prompt: acts.Prompt) -> Action | None:
        """Push back the opposing player furthest from its own End Zone (the most advanced)."""
        s = match.state

        def advance(a: Action) -> int:
            x = xy(s.pos[a.player])[0]
            return x if s.team[a.player] == 0 else LENGTH - 1 - x

        pushes = [a for a in prompt.options if a.kind == acts.CHOOSE and a.player >= 0]
        return max(pushes, key=advance, default=None)

    def _ballistics(self, match: Match, prompt: acts.Prompt) -> Action | None:
        """Shorten the kick's deviation as much as the Master of Ballistics allows."""
        results = prompt.info.get("results") or []
        distance = int(prompt.info.get("distance", 0))
        best = min(range(len(results)), key=lambda i: results[i][1], default=-1)
        if best < 0 or results[best][1] >= distance:
            return None
        return Action(acts.CHOOSE, square=best)

    def _runesmith(self, match: Match, prompt: acts.Prompt) -> Action | None:
        """The Rune of Might on the team's strongest player on the pitch."""
        s = match.state
        might = [a for a in prompt.options if a.kind == acts.CHOOSE and a.square == 0]
        return max(might, key=lambda a: s.st[a.player], default=None)

    def _hot_pot(self, match: Match, prompt: acts.Prompt) -> Action | None:
        """Lob the Halfling Hot Pot where a Fireball would pay (opponents around, the carrier most)."""
        s = match.state

        def worth(square: int) -> int:
            return area_worth(s, prompt.team, {square, *NEIGHBOURS[square]})

        targets = [a for a in prompt.options if a.kind == acts.CHOOSE and a.square >= 0]
        best = max(targets, key=lambda a: worth(a.square), default=None)
        return best if best is not None and worth(best.square) >= 2 else None

    def _apothecary(self, match: Match, prompt: acts.Prompt) -> Action | None:
        return Action(acts.YES)

    def _casualty_choice(self, match: Match, prompt: acts.Prompt) -> Action | None:
        order = ["Badly Hurt", "Seriously Hurt", "Serious Injury", "Lasting Injury", "Dead"]
        results = prompt.info["results"]
        pick = 0 if order.index(results[0]) <= order.index(results[1]) else 1
        return prompt.options[pick]

    def _touchback(self, match: Match, prompt: acts.Prompt) -> Action | None:
        s = match.state
        return max(prompt.options, key=lambda a: abs(s.pos[a.player] % W - 13))


def _blast_worth(match: Match, team: int, square: int) -> int:
    """Opponents minus twice our own players in a square and next to it."""
    s = match.state
    score = 0
    for n in (square, *_neighbours(square)):
        q = s.board[n]
        if q >= 0:
            score += 1 if s.team[q] != team else -2
    return score


def _block_targets(match: Match, p: int) -> list[int]:
    """Standing opponents p's Block action may hit: those marking p, and those two squares away
    when a rule allows it (Vicious Vines)."""
    s = match.state
    ctx = match.ctx
    found = list(ctx.markers(s.pos[p], s.team[p]))
    if sp5.far_block_target(ctx, p):
        for n in sp5.two_squares_away(s.pos[p]):
            q = s.board[n]
            if q >= 0 and s.team[q] != s.team[p] and s.status[q] == STANDING:
                found.append(q)
    return found


def _neighbours(square: int) -> tuple[int, ...]:
    from league_manager.match.pitch import NEIGHBOURS

    return NEIGHBOURS[square]

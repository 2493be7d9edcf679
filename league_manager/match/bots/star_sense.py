"""How the greedy bot answers star players' special-rule prompts.

A once-per-game (or -half, -drive) rule is used when it clearly pays: rules offered only at the
moment they help (a re-roll after a failure, a bonus that turns a roll) are always used; rules
aimed at a player are used at the opposing ball carrier (or a team-mate next to it); a rule that
hands our star the ball is used when the star can then reach the end zone. Anything else is
declined, keeping the use for a better moment.
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_ball import move_reach
from league_manager.match.engine import Match
from league_manager.match.pitch import NEIGHBOURS, ON_PITCH, distance, scoring_x, xy
from league_manager.match.skills.registry import used_key
from league_manager.match.state import STANDING

ALWAYS = frozenset({
    "Blind Rage", "Gored by the Bull", "Incorporeal", "Look Into My Eyes",
    "Frenzied Rush", "Shot to Nothing", "Putrid Regurgitation", "Wisdom of the White Dwarf",
    "Crushing Blow", "Ram", "Dwarfen Scourge", "Toxin Connoisseur", "Master Assassin",
    "Savage Mauling", "Catch of the Day", "Black Ink", "Strong Passing Game", "Indomitable",
    "Old Pro", "Swift as the Breeze", "Bounding Leap", "Fury of the Blood God", "Quick Bite",
    "Yoink!", "Blast It!",
})  # fmt: skip
"""Rules offered only when using them helps (a failed roll, a roll they turn, the ball near)."""
AT_CARRIER = frozenset({
    "Beer Barrel Bash!", "Then I Started Blastin'!", "Blastin' Solves Everything", "Furious Outburst",
    "Baleful Hex",
})  # fmt: skip
"""Rules aimed at an opponent: used only against the opposing ball carrier."""
SAVAGE_BLOW = "Savage Blow"
KABOOM = "Kaboom!"
TREACHEROUS = "Treacherous"
RAIDING_PARTY = "Raiding Party"
BLASTIN = "Then I Started Blastin'!"
BLASTIN_S3 = "Blastin' Solves Everything"
OUTBURST = "Furious Outburst"
STAR_RULES = ALWAYS | AT_CARRIER | {SAVAGE_BLOW, TREACHEROUS, RAIDING_PARTY, KABOOM}
"""The special rules this module answers for."""
_BAD_FACES = ("Player Down", "Both Down")


def star_choice(match: Match, prompt: Prompt) -> Action | None:
    """The bot's answer to a special-rule prompt (None: decline, or the bot's default)."""
    skill = str(prompt.info.get("skill", ""))
    p = int(prompt.info.get("player", -1))
    if skill in (BLASTIN, BLASTIN_S3) and prompt.info.get("misfire"):
        return _astray_victim(match, prompt, p)
    if skill == OUTBURST and prompt.info.get("step"):
        return _outburst_square(match, prompt, p)
    uses = [a for a in prompt.options if a.kind == acts.USE_SKILL]
    if not uses:
        return None
    if skill in AT_CARRIER:
        return _at_carrier(match, uses)
    if skill == TREACHEROUS:
        return uses[0] if _can_score(match, p) else None
    if skill == RAIDING_PARTY:
        return _raiding(match, uses)
    if skill == SAVAGE_BLOW:
        return _savage_blow(prompt, uses)
    if skill == KABOOM:  # the caught bomb goes off at once: only in an opponent's hands
        catcher = int(prompt.info.get("other", -1))
        return uses[0] if catcher >= 0 and match.state.team[catcher] != match.state.team[p] else None
    if skill in ALWAYS:
        return uses[0]
    return None


def _savage_blow(prompt: Prompt, uses: list[Action]) -> Action | None:
    """Re-roll the bad block dice, only when no die knocks the target over."""
    faces = [str(f) for f in prompt.info.get("dice", [])]
    if "POW" in faces or "Stumble" in faces:
        return None
    mask = sum(1 << i for i, face in enumerate(faces) if face in _BAD_FACES)
    return next((a for a in uses if a.square == mask), None)


def _their_carrier(match: Match, team: int) -> int:
    s = match.state
    q = s.carrier
    return q if q >= 0 and s.team[q] != team else -1


def _at_carrier(match: Match, uses: list[Action]) -> Action | None:
    s = match.state
    carrier = _their_carrier(match, s.team[uses[0].player])
    if carrier < 0:
        return None
    return next((a for a in uses if a.square == s.pos[carrier] or a.player == carrier), None)


def _can_score(match: Match, p: int) -> bool:
    s = match.state
    if p < 0 or s.pos[p] < 0:
        return False
    x, _y = xy(s.pos[p])
    return abs(scoring_x(s.team[p]) - x) <= move_reach(match, p)


def _raiding(match: Match, uses: list[Action]) -> Action | None:
    s = match.state
    carrier = _their_carrier(match, s.team[uses[0].player])
    if carrier < 0:
        return None
    return next((a for a in uses if a.square in NEIGHBOURS[s.pos[carrier]]), None)


def _astray_victim(match: Match, prompt: Prompt, shooter: int) -> Action | None:
    """As the shooter's opponent: hit their ball carrier, else one of theirs, the shooter last."""
    s = match.state
    theirs = s.team[shooter]
    picks = [a for a in prompt.options if a.kind == acts.CHOOSE and a.player >= 0]

    def rank(a: Action) -> int:
        q = a.player
        if s.team[q] != theirs:
            return 3
        if q == s.carrier:
            return 0
        return 2 if q == shooter else 1

    return min(picks, key=rank, default=None)


def _outburst_square(match: Match, prompt: Prompt, p: int) -> Action | None:
    """Where Swiftvine appears: towards the end zone with the ball, else the least marked square."""
    s = match.state
    squares = [a for a in prompt.options if a.kind == acts.USE_SKILL and ON_PITCH[a.square]]
    if not squares:
        return None
    foe = 1 - s.team[p]

    def marked(square: int) -> int:
        return sum(
            1
            for n in NEIGHBOURS[square]
            if (q := s.board[n]) >= 0 and s.team[q] == foe and s.status[q] == STANDING
        )

    if s.carrier == p:
        goal = scoring_x(s.team[p])
        return min(squares, key=lambda a: (abs(goal - xy(a.square)[0]), marked(a.square)))
    return min(squares, key=lambda a: marked(a.square))


def far_block_bonus(match: Match, p: int, target: int) -> int:
    """Extra worth the bot gives a block from two squares away: only at the ball carrier."""
    s = match.state
    if distance(s.pos[p], s.pos[target]) < 2:
        return 0
    return 2 if target == s.carrier else -10


_OPENERS = (
    ("Beer Barrel Bash!", acts.MOVE), (BLASTIN, acts.MOVE), (BLASTIN_S3, acts.MOVE), (OUTBURST, acts.BLITZ),
)  # fmt: skip
"""Rules offered as their star is activated (for this action) that can hit a carrier 3 away."""
REACH = 3


def star_activation(match: Match, team: int, options: list[Action]) -> Action | None:
    """Activate a star whose unused rule can reach the opposing ball carrier now."""
    s = match.state
    carrier = _their_carrier(match, team)
    if carrier < 0 or s.pos[carrier] < 0 or s.status[carrier] != STANDING:
        return None
    for action in options:
        p = action.player
        if p < 0 or s.status[p] != STANDING or distance(s.pos[p], s.pos[carrier]) > REACH:
            continue
        for rule, kind in _OPENERS:
            if action.kind != acts.ACTIVATE[kind] or rule not in s.skills[p]:
                continue
            if (p, used_key(rule, s.half)) in s.skill_used:
                continue
            if rule == OUTBURST and not any(s.board[n] < 0 for n in NEIGHBOURS[s.pos[carrier]]):
                continue
            return action
    return None


def star_interferer(match: Match, prompt: Prompt) -> Action | None:
    """At an interference prompt: the player whose unused Yoink! eases the attempt, if any."""
    s = match.state
    for action in prompt.options:
        q = action.player
        if action.kind != acts.CHOOSE or q < 0 or "Yoink!" not in s.skills[q]:
            continue
        if (q, used_key("Yoink!", s.half)) not in s.skill_used:
            return action
    return None

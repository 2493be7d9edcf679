"""The greedy bot's answer to the ``wizard`` prompt: where a spell pays, else decline (None).

Square spells are cast where the players they may knock down are worth it (an opponent +1, the
opposing ball carrier +3, one of ours -2; at least 2), player spells at the ball carrier
(an opposing one, or our own for Rampant Mutation), Temporal Distortion forwards when ahead and
backwards when behind, Vanhel's Danse Macabre whenever offered, Vigorous Growth and Tectonic Shift while the
opposition holds the ball, and the Weather Mage when the
weather is not perfect (towards perfect).
"""

from __future__ import annotations

from league_manager.match import actions as acts
from league_manager.match.actions import Action
from league_manager.match.engine import Match
from league_manager.match.inducements.area_spells import COLUMN_OF_FIRE, WARP_LIGHTNING, line
from league_manager.match.inducements.necro_spells import DANSE
from league_manager.match.inducements.nurgle_spells import FLORA_REACH, STRANGE_FLORA, VIGOROUS_GROWTH
from league_manager.match.inducements.slann_spells import TECTONIC_SHIFT
from league_manager.match.inducements.team_spells import TEMPORAL_DISTORTION, WEATHER_MODIFIERS, WEATHER_ROLL
from league_manager.match.pitch import NEIGHBOURS, distance
from league_manager.match.state import STANDING, State

WORTH_CASTING = 2
HOT, WET = ("sweltering_heat", "very_sunny"), ("pouring_rain", "blizzard")


def area_worth(s: State, team: int, area: set[int]) -> int:
    """What knocking down every Standing player in ``area`` is worth to ``team``: +1 per
    opponent (+2 more for the ball carrier), -2 per own player."""
    score = 0
    for p in range(s.size):
        if s.pos[p] in area and s.status[p] == STANDING:
            foe = s.team[p] != team
            score += (1 if foe else -2) + (2 if foe and p == s.carrier else 0)
    return score


def choose_spell(match: Match, prompt: acts.Prompt) -> Action | None:
    """The spell option the greedy bot casts now, or None to decline."""
    s = match.state
    team = prompt.team
    spells = list(prompt.info.get("spells") or [])
    foes = [q for q in s.players_of(1 - team) if s.pos[q] >= 0 and s.status[q] == STANDING]

    def worth(spell: str, square: int) -> int:
        if spell == STRANGE_FLORA:  # only opponents are nominated, D3 of them
            near = [q for q in foes if distance(s.pos[q], square) <= FLORA_REACH]
            return min(len(near), 3) + (2 if s.carrier in near else 0)
        across = spell in (COLUMN_OF_FIRE, WARP_LIGHTNING)
        return area_worth(s, team, set(line(square)) if across else {square, *NEIGHBOURS[square]})

    chosen = [a for a in prompt.options if a.kind == acts.CHOOSE]
    squares = [(worth(spells[-1 - a.player], a.square), a) for a in chosen if a.player < 0 and a.square >= 0]
    best = max(squares, key=lambda pair: pair[0], default=None)
    if best is not None and best[0] >= WORTH_CASTING:
        return best[1]
    carrier = [a for a in chosen if a.player == s.carrier >= 0]
    if carrier:
        return carrier[0]
    for a in chosen:
        if a.player >= 0 or a.square >= 0:
            continue
        spell, option = spells[-1 - a.player], -2 - a.square
        if spell == DANSE or (
            spell in (VIGOROUS_GROWTH, TECTONIC_SHIFT) and s.carrier >= 0 and s.team[s.carrier] != team
        ):
            return a
        if spell == TEMPORAL_DISTORTION:
            lead = s.score[team] - s.score[1 - team]
            if (lead > 0 and option == 0) or (lead < 0 and option == 1):
                return a
        if spell == WEATHER_ROLL:
            want = 2 if s.weather in HOT else -2 if s.weather in WET else None
            if want is not None and WEATHER_MODIFIERS[option] == want:
                return a
    return None

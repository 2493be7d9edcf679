"""What the engine implements of a ruleset: skills, traits, star-player rules, inducements.

``inert_names`` lists the skills, traits and special rules of the players of a match that
no handler implements (a Match refuses them unless the caller accepts playing without
them); ``catalogue`` lists everything of a ruleset a match may meet, for
``league-manager match coverage``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from league_manager.match.inducements import IN_MATCH, PRAYERS_TO_NUFFLE
from league_manager.match.skills.registry import registered_skills
from league_manager.match.teams import PlayerSnapshot
from league_manager.rules.model import Ruleset

MODELLED_INDUCEMENTS = frozenset(
    {
        "Temp Agency Cheerleaders",  # Cheering Fans
        "Part-time Assistant Coaches",  # Brilliant Coaching
        "Extra Team Training",  # team re-rolls
        "Bribes",  # fouls and secret weapons
        "Riotous Rookies",  # extra journeymen in the kick-off snapshot
        "Cavorting Nurglings",  # cheerleaders and Fan Factor in the kick-off snapshot
        PRAYERS_TO_NUFFLE,  # rolled at the pre-game, in effect from the first drive
        *IN_MATCH,  # match/inducements: apothecaries, kegs, chef, referee, wizard ...
    }
)
"""In-match inducements the engine plays (star players are players; see their rules)."""

NO_MATCH_EFFECT = frozenset({"Insignificant"})
"""Traits whose whole rule is a drafting limit (checked by ``rules/draft.py``):
nothing to play in a match."""

PLAYER_INDUCEMENTS = frozenset({"star", "mercenary"})
"""Kinds of inducement lines that are players: the engine plays them as players."""

TABLETOP_ONLY = "tabletop only — the board does not play it yet"
"""How an inducement the engine does not play is marked wherever a coach may buy it."""


def inducement_played(name: str, kind: str) -> bool:
    """Whether the engine (and so the board) plays an inducement bought before a match.

    Args:
        name: the inducement line's name.
        kind: its kind ("star" and "mercenary" lines are players, always played).
    """
    return kind in PLAYER_INDUCEMENTS or name in MODELLED_INDUCEMENTS


def unplayed_inducements(lines: Iterable[Mapping[str, Any]]) -> list[str]:
    """Sorted names of a pre-game record's inducement lines the engine does not play."""
    names = {str(line["name"]): str(line.get("kind", "")) for line in lines}
    return sorted(name for name, kind in names.items() if not inducement_played(name, kind))


@dataclass(frozen=True, slots=True)
class CoverageItem:
    """One thing of a ruleset the engine may have to play.

    Attributes:
        name: skill, trait, special rule or inducement name.
        kind: "skill", "trait", "star_rule" or "inducement".
        category: skill category code (G, A, S, P, M, T), the star players having the
            special rule, or the inducement's kind.
        implemented: whether the engine plays it.
    """

    name: str
    kind: str
    category: str
    implemented: bool


def implemented(name: str, edition: str) -> bool:
    """Whether a skill, trait or special rule has a handler in the edition."""
    return name in registered_skills(edition) or name in NO_MATCH_EFFECT


def inert_names(players: Iterable[PlayerSnapshot], edition: str) -> list[str]:
    """Sorted names of the players' skills, traits and special rules without a handler."""
    known = registered_skills(edition) | NO_MATCH_EFFECT
    names = {ref.name for p in players for ref in p.skills} | {
        rule for p in players for rule in p.special_rules
    }
    return sorted(names - known)


def catalogue(ruleset: Ruleset) -> list[CoverageItem]:
    """Every skill, trait, star-player special rule and inducement of a ruleset."""
    import league_manager.match.engine  # noqa: F401 - registers every skill handler

    edition = ruleset.id
    known = registered_skills(edition) | NO_MATCH_EFFECT
    items = [
        CoverageItem(skill.name, _skill_kind(skill.category), skill.category, skill.name in known)
        for skill in sorted(ruleset.skills.values(), key=lambda s: (s.category, s.name))
    ]
    stars: dict[str, list[str]] = {}
    for star in ruleset.star_players.values():
        if star.special_rule:
            stars.setdefault(star.special_rule, []).append(star.name)
    items += [
        CoverageItem(rule, "star_rule", ", ".join(sorted(names)), rule in known)
        for rule, names in sorted(stars.items())
    ]
    items += [
        CoverageItem(ind.name, "inducement", ind.kind, ind.name in MODELLED_INDUCEMENTS)
        for ind in ruleset.inducements.values()
        if ind.kind != "star"
    ]
    return items


def _skill_kind(category: str) -> str:
    return "trait" if category == "T" else "skill"

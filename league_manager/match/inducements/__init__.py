"""In-match inducements: what each team bought at the pre-game and has left to use.

The pre-game records the purchases in ``TeamSnapshot.inducements``; the match state keeps
what is left in ``State.induced`` (uses left for once-per-game helpers, the number bought
for lasting ones such as Bloodweiser Kegs). One module per family gives the effects.
"""

from __future__ import annotations

from typing import Any

from league_manager.match.state import State

WANDERING_APOTHECARIES = "Wandering Apothecaries"
MORTUARY_ASSISTANT = "Mortuary Assistant"
PLAGUE_DOCTOR = "Plague Doctor"
KEGS = "Bloodweiser Kegs"
MASTER_CHEF = "Halfling Master Chef"
BIASED_REFEREE = "Biased Referee (standard)"
SPORTS_WIZARD = "Hireling Sports-Wizard"
DRUCHII_SORCERESS = "Druchii Sports Sorceress"
WICKED_WITCH = "Wicked Witch"
CHAOS_SORCERER = "Chaos Sorcerer"
OGRE_FIREBELLY = "Ogre Firebelly"
WARLOCK_ENGINEER = "Warlock Engineer"
HORATIO = "Horatio X. Schottenheim"
ASUR_HIGH_MAGE = "Asur High Mage"
WEATHER_MAGE = "Weather Mage"
NIGHT_GOBLIN_SHAMAN = "Night Goblin Shaman"
NECROTHEURGE = "Sports Necrotheurge"
HORTICULTURALIST = "Horticulturalist of Nurgle"
SLANN = "Slann Mage-Priest"
BLITZERS_KEGS = "Blitzer's Best Kegs"
"""Season 3's name for the Bloodweiser Kegs (same effect)."""
DODGY_LEAGUE_REP = "Dodgy League Rep"
"""Season 3's biased referee: spots opposing fouls on a 5+ and adds 1 to Argue the Call."""
TEAM_MASCOT = "Team Mascot"
"""One extra team re-roll a half that works on a D6 roll (``mascot.py``; both editions)."""
HOT_POT = "Halfling Hot Pot"
HEADY_BREW = "Bottles of Heady Brew"
MEDICAL_UNGUENT = "Medical Unguent"
RUNESMITH = "Dwarfen Runesmith"
BALLISTICS = "Master of Ballistics"
DRUMMER = "WAAAGH! Drummer"

SPELL_BONUS = 1
"""A player a spell Knocks Down takes +1 on the armour or the injury roll (where it matters)."""

NAMED_REFEREES = ("Ranulf 'Red' Hokuli", "Thoron Korensson", "Jorm the Ogre", "The Trundlefoot Triplets")
"""The Death Zone named biased referees (``referees``)."""
COACHING_STAFF = (
    "Josef Bugman", "Kari Coldsteel", "Glandril Silverwater", "Mungo Spinecracker", "Fink Da Fixer",
    "Papa Skullbones", "Ayleen Andar", "Professor Fronkelheim", "Schielund Scharlitan", "Krot Shockwhisker",
)  # fmt: skip
"""The (In)famous Coaching Staff the engine plays (``staff``)."""

IN_MATCH = (
    WANDERING_APOTHECARIES, MORTUARY_ASSISTANT, PLAGUE_DOCTOR, KEGS, MASTER_CHEF, BIASED_REFEREE,
    SPORTS_WIZARD, DRUCHII_SORCERESS, WICKED_WITCH, CHAOS_SORCERER, OGRE_FIREBELLY, WARLOCK_ENGINEER,
    HORATIO, ASUR_HIGH_MAGE, WEATHER_MAGE, NIGHT_GOBLIN_SHAMAN, NECROTHEURGE,
    HORTICULTURALIST, SLANN, *NAMED_REFEREES, *COACHING_STAFF, BLITZERS_KEGS, TEAM_MASCOT, DODGY_LEAGUE_REP,
    HOT_POT, HEADY_BREW, MEDICAL_UNGUENT, RUNESMITH, BALLISTICS, DRUMMER,
)  # fmt: skip
"""The inducements the engine gives an effect (the pre-game carries these into the match)."""

CAVORTING_NURGLINGS = "Cavorting Nurglings"
RIOTOUS_ROOKIES = "Riotous Rookies"
PRAYERS_TO_NUFFLE = "Prayers to Nuffle"
"""Season 3's prayers inducement: rolled at the pre-game, handed to the match as settings."""

SNAPSHOT_COUNTS = {
    "Temp Agency Cheerleaders": "cheerleaders",  # Cheering Fans
    "Part-time Assistant Coaches": "assistant_coaches",  # Brilliant Coaching
    "Extra Team Training": "rerolls",  # team re-rolls
    CAVORTING_NURGLINGS: "cheerleaders",  # and +1 Fan Factor each, added at the pre-game
}
"""Inducements the engine plays as counts of the team snapshot (``TeamSnapshot`` field)."""


def left(s: State, team: int, name: str) -> int:
    """How many of an inducement a team has left (0 when it bought none)."""
    return s.induced[team].get(name, 0)


def use(s: State, team: int, name: str) -> None:
    """Spend one use of a once-per-game inducement."""
    s.induced[team][name] = left(s, team, name) - 1


def used(s: State, team: int) -> dict[str, int]:
    """What a team used in the match: its own apothecary (``apothecary``), bribes, and the
    once-per-game inducements (bought minus left); only what was used at all."""
    snap = s.teams[team]
    bought = dict(snap.inducements)
    spent = {name: n - left(s, team, name) for name, n in bought.items() if n > left(s, team, name)}
    if snap.apothecary and not s.apothecary[team]:
        spent["apothecary"] = 1
    if snap.bribes > s.bribes[team]:
        spent["Bribes"] = snap.bribes - s.bribes[team]
    return spent


def board_info(s: State) -> list[dict[str, Any]]:
    """Per team, what is left of its inducements and bribes (for the board and prompts)."""
    return [{"bribes": s.bribes[t], "apothecary": s.apothecary[t], **s.induced[t]} for t in (0, 1)]

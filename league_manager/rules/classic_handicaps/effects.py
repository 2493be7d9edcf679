"""Where every Handicap result lands (data), and the named D66 numbers the other modules test for.

Each result lands in one or more of: ``fan_factor`` (the match fan factor, so the gate),
``staff`` (re-rolls, cheerleaders, coaching staff for the match), ``who_plays`` (players
missing the match or a drive, an extra player), ``player`` (a player's skills or profile for
the match), ``winnings``, ``mvp`` (SPP and Star Player rolls), ``injury`` (a lasting injury
may follow), ``money`` (a treasury payment) and ``match`` (played out on the tabletop only).
``target`` says whose team it acts on: ``own`` or ``opponent``.
"""

from __future__ import annotations

from dataclasses import dataclass

APPEARANCE_FEE = 11
EXTRA_TRAINING = 12
INTENSIVE_TRAINING = 13
INSPIRATION = 14
I_AM_THE_GREATEST = 15
UNDER_SCRUTINY = 16
BAD_PRESS = 21
BAD_HABITS = 22
BIASED_REFEREE = 23
RUNNING_LATE = 24
GREASED_SHOES = 25
ILLEGAL_DRUGS = 26
MORLEYS_REVENGE = 31
BRIBE_THE_ANNOUNCERS = 32
SMELLING_SALTS = 33
SPONSORSHIP_DEAL = 34
PALMED_COIN = 35
SCUTTS_SCROLL = 36
TEAM_ANTHEM = 41
GRUDGE_MATCH = 42
DOOM_AND_GLOOM = 43
IT_WASNT_ME = 44
THAT_BOYS_GOT_TALENT = 45
NEWS_FEATURE = 46
BRIBE_THE_REF_SET_UP = 51
IN_THE_BAG = 52
MICKEY_FINN = 53
STILETTO = 54
DUH_WHERE_AM_I = 55
ASSASSIN = 56
BRIBE_THE_REF_PENALTY = 61
KNUCKLEDUSTERS = 62
VIRUS = 63
THAT_BABES_GOT_TALENT = 64
IRON_MAN = 65
BUZZING = 66


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a result acts (``lands``), on whose team (``target``), and whether it outlives the match."""

    lands: tuple[str, ...]
    target: str
    league: bool


def _at(target: str, *lands: str, league: bool = False) -> Landing:
    return Landing(lands, target, league)


LANDINGS: dict[int, Landing] = {
    APPEARANCE_FEE: _at("opponent", "who_plays", "money", league=True),
    EXTRA_TRAINING: _at("own", "staff"),
    INTENSIVE_TRAINING: _at("own", "player"),
    INSPIRATION: _at("own", "mvp", league=True),
    I_AM_THE_GREATEST: _at("opponent", "who_plays"),
    UNDER_SCRUTINY: _at("opponent", "match"),
    BAD_PRESS: _at("opponent", "fan_factor", league=True),
    BAD_HABITS: _at("opponent", "staff"),
    BIASED_REFEREE: _at("opponent", "match"),
    RUNNING_LATE: _at("opponent", "who_plays"),
    GREASED_SHOES: _at("opponent", "player"),
    ILLEGAL_DRUGS: _at("own", "player"),
    MORLEYS_REVENGE: _at("opponent", "who_plays"),
    BRIBE_THE_ANNOUNCERS: _at("own", "mvp", league=True),
    SMELLING_SALTS: _at("own", "match"),
    SPONSORSHIP_DEAL: _at("own", "winnings", league=True),
    PALMED_COIN: _at("own", "match"),
    SCUTTS_SCROLL: _at("own", "match"),
    TEAM_ANTHEM: _at("own", "fan_factor", league=True),
    GRUDGE_MATCH: _at("own", "match"),
    DOOM_AND_GLOOM: _at("opponent", "staff"),
    IT_WASNT_ME: _at("opponent", "who_plays", league=True),
    THAT_BOYS_GOT_TALENT: _at("own", "who_plays", league=True),
    NEWS_FEATURE: _at("own", "winnings", league=True),
    BRIBE_THE_REF_SET_UP: _at("own", "match"),
    IN_THE_BAG: _at("opponent", "who_plays"),
    MICKEY_FINN: _at("opponent", "staff"),
    STILETTO: _at("own", "player"),
    DUH_WHERE_AM_I: _at("opponent", "player"),
    ASSASSIN: _at("opponent", "injury", league=True),
    BRIBE_THE_REF_PENALTY: _at("own", "match"),
    KNUCKLEDUSTERS: _at("own", "player"),
    VIRUS: _at("opponent", "who_plays", league=True),
    THAT_BABES_GOT_TALENT: _at("own", "staff"),
    IRON_MAN: _at("own", "player"),
    BUZZING: _at("own", "player"),
}
"""Every D66 result of the Handicap table and where it lands (``league``: it changes the league's
records, money, SPP, fan factor, injuries or who plays, beyond the tabletop match)."""

MATCH_SKILLS: dict[int, tuple[str, ...]] = {
    KNUCKLEDUSTERS: ("Mighty Blow",),
    STILETTO: ("Razor Sharp Claws",),
    BUZZING: ("Jump Up", "Frenzy"),
    DUH_WHERE_AM_I: ("Bone Head",),
}
"""Skills a result gives one player for the match (Buzzing also makes him fail every pick-up,
interception and catch; Duh, Where Am I? lands on a random opposing player)."""

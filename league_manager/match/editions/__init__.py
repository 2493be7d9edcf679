"""Editions of the match rules: the tables, extra actions and statuses an edition plays.

DESIGN.md §1: there is one engine. An edition (a ruleset id) chooses its tables, its skill
handlers (``skills/registry.py``) and, where the flow itself differs, its own procedure
modules; procedures read ``c.ed`` (the :class:`Edition` the Match was created with) and
never test the ruleset id. ``bb2020`` is defined here from data alone; Season 3
(``bb2025``) lives in ``editions/bb2025.py`` and registers itself when imported.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - types only
    from league_manager.match.core import Ctx

KickoffHandler = Callable[["Ctx", int], Generator[Any, Any, int]]
"""A kick-off event procedure: fn(ctx, landing square) -> Proc[landing square]."""
Offer = Callable[["Ctx", int], list[Any]]
"""Extra activation actions an edition offers a team now: fn(ctx, team) -> actions."""
Activation = Callable[["Ctx", int], Generator[Any, Any, None]]
"""An edition's own activation procedure: fn(ctx, player) -> Proc[None]."""

BB2020_PRAYERS: Mapping[int, str] = {
    1: "Treacherous Trapdoor",
    2: "Friends with the Ref",
    3: "Stiletto",
    4: "Iron Man",
    5: "Knuckle Dusters",
    6: "Bad Habits",
    7: "Greasy Cleats",
    8: "Blessed Statue of Nuffle",
    9: "Moles under the Pitch",
    10: "Perfect Passing",
    11: "Fan Interaction",
    12: "Necessary Violence",
    13: "Fouling Frenzy",
    14: "Throw a Rock",
    15: "Under Scrutiny",
    16: "Intensive Training",
}
"""BB2020's Prayers to Nuffle table (seed 000)."""
BB2020_PRAYER_LASTS: Mapping[int, str] = {
    1: "half",
    4: "game",
    8: "game",
    9: "half",
    10: "game",
    15: "half",
    16: "game",
}
"""How long each BB2020 prayer lasts; every other roll lasts the drive."""


@dataclass(frozen=True, slots=True)
class Edition:
    """What differs between editions in a match.

    Attributes:
        id: the ruleset id ("bb2020", "bb2025").
        kickoff_table: 2D6 total -> kick-off event name.
        kickoff_handlers: events this edition plays its own way (name -> procedure); any
            other name is played by ``procedures/kickoff_events.py``.
        casualty_table: (highest modified D16 total, result) rows of the Casualty table.
        distracted: whether a Standing player without a tackle zone is Distracted (Season 3).
        active_skills: skills and traits a Distracted player cannot use.
        offers: extra activations offered at the start of each team-turn choice.
        activations: activation kind -> this edition's procedure for it.
        ttm_min_strength: the strength a player needs to Throw Team-mate.
        ttm_own_action: Throw Team-mate is its own once-per-turn action besides the Pass
            (BB2020: a Throw Team-mate is the team turn's Pass).
        one_jump_per_move: a player may Jump over Prone or Stunned players only once per
            action (BB2020) or any number of times (Season 3).
        mascot_target: the D6 the Team Mascot's re-roll needs (BB2020 Death Zone 5+, Season 3 4+).
        mascot_first: the mascot's re-roll is tried before the team's own (BB2020) or spent
            last (Season 3).
        wildly_inaccurate: a pass (or bomb) roll modified to 1 or less is Wildly Inaccurate
            (BB2020) or a Fumble (Season 3, which has no Wildly Inaccurate result).
        deflection: a successful interference is a Deflection, then a catch for an
            Interception (BB2020); in Season 3 it is an Interception at once.
        concession_score: 0 (BB2020): a concession gives the opponent one touchdown plus
            every touchdown the conceding team scored; N (Season 3: 2): the opponent wins
            N-0, or by its own score if that is higher.
        penalty_free_score: a concession without penalty (a team with three players or
            fewer) still gives the concession's score (Season 3, ry: "still wins 2-0");
            False (BB2020): the score stands as it is.
        prayers: the Prayers to Nuffle table (D16 roll -> name).
        prayer_lasts: how long a prayer lasts, by roll ("drive" for a roll not named).
        prayers_open_to_loners: prayers whose chosen or random own player may have Loner
            (Season 3: Iron Man, Blessing of Nuffle, Intensive Training).
        moles_on_opponents_only: Moles under the Pitch slows the praying team's opponents
            only (Season 3) or every player (BB2020).
        scrutiny_needs_broken_armour: Under Scrutiny sends an opposing fouler off only when
            the armour broke (Season 3) or after every foul (BB2020).
    """

    id: str
    kickoff_table: Mapping[int, str]
    casualty_table: tuple[tuple[int, str], ...]
    kickoff_handlers: Mapping[str, KickoffHandler] = field(default_factory=dict)
    distracted: bool = False
    active_skills: frozenset[str] = frozenset()
    offers: tuple[Offer, ...] = ()
    activations: Mapping[str, Activation] = field(default_factory=dict)
    ttm_min_strength: int = 5
    ttm_own_action: bool = False
    one_jump_per_move: bool = True
    mascot_target: int = 5
    mascot_first: bool = True
    wildly_inaccurate: bool = True
    deflection: bool = True
    concession_score: int = 0
    penalty_free_score: bool = False
    prayers: Mapping[int, str] = field(default_factory=lambda: dict(BB2020_PRAYERS))
    prayer_lasts: Mapping[int, str] = field(default_factory=lambda: dict(BB2020_PRAYER_LASTS))
    prayers_open_to_loners: frozenset[str] = frozenset()
    moles_on_opponents_only: bool = False
    scrutiny_needs_broken_armour: bool = False

    def conceded_score(
        self, score: Sequence[int], team: int, *, penalty_free: bool = False
    ) -> tuple[int, int]:
        """The final (home, away) score when ``team`` concedes at ``score``.

        BB2020: the opponent gains one touchdown plus every touchdown of the conceding
        team, whose score becomes 0; Season 3: the opponent wins ``concession_score``-0 or
        by its own higher score. Without penalty (``penalty_free``) the score stands unless
        the edition's ``penalty_free_score`` says otherwise.
        """
        if penalty_free and not self.penalty_free_score:
            return score[0], score[1]
        own, other = score[team], score[1 - team]
        won = max(other, self.concession_score) if self.concession_score else other + 1 + own
        return (0, won) if team == 0 else (won, 0)


BB2020 = Edition(
    id="bb2020",
    kickoff_table={
        2: "Get the Ref",
        3: "Time-out",
        4: "Solid Defence",
        5: "High Kick",
        6: "Cheering Fans",
        7: "Brilliant Coaching",
        8: "Changing Weather",
        9: "Quick Snap",
        10: "Blitz",
        11: "Officious Ref",
        12: "Pitch Invasion",
    },
    casualty_table=(
        (6, "Badly Hurt"),
        (9, "Seriously Hurt"),
        (12, "Serious Injury"),
        (14, "Lasting Injury"),
        (99, "Dead"),
    ),
)
"""Blood Bowl 2020 (seed 000 + 003): the engine's first edition."""

EDITIONS: dict[str, Edition] = {BB2020.id: BB2020}
"""Registered editions by ruleset id."""


def register_edition(edition: Edition) -> Edition:
    """Make an edition available to matches of its ruleset id."""
    EDITIONS[edition.id] = edition
    return edition


def edition_of(ruleset_id: str) -> Edition:
    """The edition a match of ``ruleset_id`` plays (BB2020 for rulesets without their own).

    Rulesets whose engine is not written yet (``lrb2004`` is entered from the table) fall
    back to BB2020, as every match did before editions existed.
    """
    return EDITIONS.get(ruleset_id, BB2020)

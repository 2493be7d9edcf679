"""Hand-built team and player read models for the PDF tests and helpers to read PDFs back."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from pypdf import PdfReader

from league_manager.rules.model import Characteristics
from league_manager.services.read_models import PlayerView, SkillView, TeamView

PRINTED = date(2026, 11, 21)

LINEMAN = Characteristics(ma=6, st=3, ag=3, pa=4, av=9)
BLITZER = Characteristics(ma=7, st=3, ag=3, pa=4, av=9)
THROWER = Characteristics(ma=6, st=3, ag=3, pa=2, av=9)
CATCHER = Characteristics(ma=8, st=2, ag=3, pa=5, av=8)
OGRE = Characteristics(ma=5, st=5, ag=4, pa=5, av=10)

LONG_SKILLS = (
    "Block",
    "Dodge",
    "Sure Hands",
    "Mighty Blow (+1)",
    "Guard",
    "Tackle",
    "Strip Ball",
    "Sprint",
    "Sure Feet",
    "Dauntless",
    "Jump Up",
    "Sidestep",
)


def skill(name: str, *, gained: bool = False, category: str = "G") -> SkillView:
    """A skill as a player has it (the description is the read model's own copy)."""
    return SkillView(name, category, f"What {name} does.", gained)


def make_player(
    number: int,
    name: str,
    position: str = "Human Lineman",
    *,
    base: Characteristics = LINEMAN,
    stats: Characteristics | None = None,
    skills: Sequence[str] = (),
    gained: Sequence[str] = (),
    injuries: Sequence[str] = (),
    spp: int = 0,
    spp_earned: int = 0,
    value: int = 50_000,
    status: str = "active",
    misses_next_game: bool = False,
    **extra: Any,
) -> PlayerView:
    """A player read model with sensible defaults."""
    views = [skill(s) for s in skills] + [skill(s, gained=True) for s in gained]
    return PlayerView(
        id=number,
        number=number,
        name=name,
        position=position,
        stats=stats or base,
        base=base,
        skills=tuple(views),
        injuries=tuple(injuries),
        spp=spp,
        spp_earned=spp_earned,
        value=value,
        status=status,
        misses_next_game=misses_next_game,
        **extra,
    )


def make_team(
    name: str = "Reikland Reavers",
    players: Sequence[PlayerView] | None = None,
    **overrides: Any,
) -> TeamView:
    """A Human team; by default the eleven-player squad of :func:`default_players`."""
    team = TeamView(
        id=1,
        name=name,
        race="Human",
        race_id="human",
        league="Old World Cup",
        league_id=1,
        coach="Ærnhild Sørensen",
        ruleset="bb2020",
        ruleset_version="2025.05",
        special_rule_choice=None,
        special_rules=("Old World Classic",),
        team_value=1_150_000,
        current_team_value=1_090_000,
        treasury=65_000,
        rerolls=3,
        reroll_cost=50_000,
        dedicated_fans=3,
        apothecary=True,
        apothecary_allowed=True,
        assistant_coaches=1,
        cheerleaders=2,
        first_match_played=True,
        players=tuple(players if players is not None else default_players()),
        value_parts={"players": 950_000, "rerolls": 150_000, "staff": 50_000},
    )
    return replace(team, **overrides)


def default_players() -> list[PlayerView]:
    """Eleven players: improved and reduced values, gained skills, MNG, unicode names."""
    return [
        make_player(1, "Grüt Ødegård", "Human Blitzer", base=BLITZER, skills=["Block"],
                    gained=["Tackle", "Mighty Blow (+1)"], spp=4, spp_earned=22,
                    value=125_000, level="Veteran", advancements=2),
        make_player(2, "Ярослав Кузнецов", "Human Blitzer", base=BLITZER, skills=["Block"],
                    stats=replace(BLITZER, ma=8), spp=1, spp_earned=9, value=105_000),
        make_player(3, "Ærnhild", "Human Thrower", base=THROWER, skills=["Pass", "Sure Hands"],
                    stats=replace(THROWER, pa=3), injuries=["MNG", "-PA"], spp=2,
                    spp_earned=14, value=80_000, misses_next_game=True),
        make_player(4, "Hans Kessler", "Human Catcher", base=CATCHER, skills=["Catch", "Dodge"],
                    value=65_000),
        make_player(5, "Olaf Björnsson", "Ogre", base=OGRE,
                    skills=["Bone Head", "Loner (4+)", "Mighty Blow (+1)", "Thick Skull",
                            "Throw Team-mate"], stats=replace(OGRE, av=9), injuries=["-AV", "NI"],
                    niggling=1, value=140_000, spp_earned=3, spp=3),
        *[make_player(n, f"Lineman {n}") for n in range(6, 12)],
    ]  # fmt: skip


def full_squad() -> list[PlayerView]:
    """Sixteen players, every one with a long list of gained skills and a long name."""
    players = []
    for n in range(1, 17):
        players.append(
            make_player(
                n,
                f"Bartholomew-Maximilian Grüt Ødegård the {n}th of Altdorf",
                "Human Blitzer",
                base=BLITZER,
                stats=replace(BLITZER, ma=8, st=4, ag=2, av=10),
                skills=["Block"],
                gained=LONG_SKILLS,
                injuries=["MNG", "NI x2", "-MA", "-AV"],
                spp=123,
                spp_earned=345,
                value=265_000,
                level="Legend",
            )
        )
    return players


def pdf_text(data: bytes) -> list[str]:
    """Text of each page, whitespace collapsed."""
    reader = PdfReader(io.BytesIO(data))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def pdf_reader(data: bytes) -> PdfReader:
    """A pypdf reader over PDF bytes."""
    return PdfReader(io.BytesIO(data))

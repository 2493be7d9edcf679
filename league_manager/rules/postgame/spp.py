"""Post-game step 3: SPP earned from a match's statistics (with prayer modifiers)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerTally:
    """One player's counted actions in a fixture."""

    td: int = 0
    comp: int = 0
    deflections: int = 0
    interceptions: int = 0
    cas: int = 0
    mvp: int = 0


def spp_earned(
    tally: PlayerTally, awards: Mapping[str, int], overrides: Mapping[str, int] | None = None
) -> int:
    """SPP for a tally, using the ruleset's awards; ``overrides`` replaces some (e.g. a prayer
    such as Perfect Passing makes completions worth 2).
    """
    values = dict(awards) | dict(overrides or {})
    return (
        tally.td * values["TD"]
        + tally.comp * values["COMP"]
        + tally.deflections * values["DEF"]
        + tally.interceptions * values["INT"]
        + tally.cas * values["CAS"]
        + tally.mvp * values["MVP"]
    )


def spp_lines(
    tally: PlayerTally, awards: Mapping[str, int], overrides: Mapping[str, int] | None = None
) -> list[tuple[str, int]]:
    """The ledger lines for a tally: ("2 TD", 6), ("1 CAS", 2)…"""
    values = dict(awards) | dict(overrides or {})
    lines = []
    for label, count in (("TD", tally.td), ("COMP", tally.comp), ("DEF", tally.deflections),
                         ("INT", tally.interceptions), ("CAS", tally.cas), ("MVP", tally.mvp)):  # fmt: skip
        if count:
            lines.append((f"{count} {label}", count * values[label]))
    return lines

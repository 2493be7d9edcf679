"""Pre-game step 4: inducements and petty cash (BB2020 errata May 2025 or original printing,
or Season 3, where the underdog may add up to 50,000 gp of its own treasury)."""

from __future__ import annotations

from dataclasses import dataclass

SEASON3_UNDERDOG_TREASURY = 50000
"""Season 3: the most of its own treasury the underdog may add to its petty cash."""


@dataclass(frozen=True)
class PettyCash:
    """Who is the underdog and what each side may spend on inducements.

    Attributes:
        underdog: "home", "away" or None when CTVs are equal.
        favourite_may_spend: treasury the higher-CTV team may spend (its whole treasury).
        petty_cash: gold the underdog gets before the favourite spends anything.
        underdog_may_add_treasury: whether the underdog may add treasury gold.
        underdog_treasury_cap: the most treasury gold it may add (None: all of it).
    """

    underdog: str | None
    petty_cash: int
    favourite_may_spend: int
    underdog_may_add_treasury: bool
    underdog_treasury_cap: int | None = None


def petty_cash(
    home_ctv: int, away_ctv: int, home_treasury: int, away_treasury: int, procedure: str = "errata_2025"
) -> PettyCash:
    """Work out petty cash from the current team values.

    Under the errata (May 2025) the favourite may spend treasury first; the underdog
    then gets the CTV difference plus what the favourite spent, and may not add
    treasury. Under the original printing both may add treasury. Season 3 (``season3``)
    follows the errata but lets the underdog add up to ``SEASON3_UNDERDOG_TREASURY`` of its
    treasury. Equal CTVs give no petty cash and no treasury spending.
    """
    if home_ctv == away_ctv:
        return PettyCash(None, 0, 0, False)
    underdog = "home" if home_ctv < away_ctv else "away"
    favourite_treasury = away_treasury if underdog == "home" else home_treasury
    gap = abs(home_ctv - away_ctv)
    if procedure == "season3":
        return PettyCash(underdog, gap, favourite_treasury, True, SEASON3_UNDERDOG_TREASURY)
    return PettyCash(underdog, gap, favourite_treasury, procedure == "original")


def underdog_budget(cash: PettyCash, favourite_spent: int, underdog_treasury: int) -> int:
    """Gold the underdog may spend once the favourite has bought its inducements."""
    if cash.underdog is None:
        return 0
    budget = cash.petty_cash + favourite_spent
    if cash.underdog_may_add_treasury:
        cap = cash.underdog_treasury_cap
        budget += underdog_treasury if cap is None else min(cap, max(0, underdog_treasury))
    return budget

"""Money: integer gold pieces and how they are written."""

from typing import NewType

Gold = NewType("Gold", int)


def format_gold(amount: int, *, signed: bool = False) -> str:
    """Format gold pieces for people: ``1040000`` -> ``"1,040,000 gp"``.

    Args:
        amount: gold pieces (an int, never a float).
        signed: prefix positive amounts with ``+``.
    """
    sign = "+" if signed and amount > 0 else ""
    return f"{sign}{amount:,} gp"


def format_k(amount: int) -> str:
    """Short form used on rosters: ``1040000`` -> ``"1,040k"``."""
    if amount % 1000 == 0:
        return f"{amount // 1000:,}k"
    return f"{amount / 1000:,.1f}k"

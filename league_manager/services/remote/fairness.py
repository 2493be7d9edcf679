"""Honest dice between two machines: commit-reveal seeds, the log hash, and the guest's check.

Before kick-off the host sends the SHA-256 of its secret (the commitment); the guest then
sends its own secret; the seed is a hash of both, so neither coach chose it alone. While the
match runs only past rolls are sent. At the end the host reveals its secret: the guest checks
it against the commitment, recomputes the seed and replays every action over it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from league_manager.match.engine import Match


def new_secret() -> str:
    """A fresh random secret (32 hex digits)."""
    return secrets.token_hex(16)


def commitment(secret: str) -> str:
    """What the host sends before kick-off: the SHA-256 of its secret."""
    return hashlib.sha256(f"commit:{secret}".encode()).hexdigest()


def seed_from(host_secret: str, guest_secret: str) -> int:
    """The dice seed both secrets make (31 bits, as ``BoardDice`` takes)."""
    digest = hashlib.sha256(f"seed:{host_secret}:{guest_secret}".encode()).hexdigest()
    return int(digest[:8], 16) & 0x7FFFFFFF


def log_hash(actions: list[list[Any]], rolls: list[int]) -> str:
    """SHA-256 of the action list and every roll: equal on both machines when they agree."""
    text = json.dumps({"actions": actions, "rolls": rolls}, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def verify_dice(
    document: dict[str, Any],
    actions: list[list[Any]],
    rolls: list[int],
    reveal: dict[str, Any],
    promised: str,
) -> str | None:
    """Check a finished match's dice against the revealed secrets.

    Args:
        document: the match document the guest received (without its seed).
        actions: the actions played; rolls: the rolls the server sent.
        reveal: the final message's ``seed``, ``host_secret`` and ``guest_secret``.
        promised: the commitment the host sent before kick-off.

    Returns:
        None when every die is the one the seed gives, else what is wrong.
    """
    host, guest = str(reveal["host_secret"]), str(reveal["guest_secret"])
    if commitment(host) != promised:
        return "the host's secret does not match its commitment"
    seed = seed_from(host, guest)
    if seed != int(reveal["seed"]):
        return "the seed is not the one the two secrets make"
    replay = Match.from_dict({**document, "dice": {"seed": seed, "typed": {}}, "actions": actions})
    if [r.result for r in replay.dice.log] != list(rolls):
        return "the rolls differ from the ones the seed gives"
    return None

"""The controller's vocabulary: panel choices, the panel menu, square overlays and the action kinds
whose square is clicked on the pitch (no Qt)."""

from __future__ import annotations

from dataclasses import dataclass, field

from league_manager.match import actions as a
from league_manager.match.actions import Action
from league_manager.match.inducements.hot_pot import HOT_POT_PROMPT
from league_manager.ui.match_board import labels

SQUARE_KINDS = frozenset(
    (a.MOVE, labels.JUMP, a.BLOCK, a.VOMIT, a.STAB, a.MULTI_BLOCK, a.PASS, a.HANDOFF, a.FOUL, a.THROW,
     a.THROW_TO, a.KICK, a.PLACE, a.HAIL_MARY, a.GAZE, a.CHAINSAW, a.BREATHE_FIRE, a.BITE, a.KTM,
     a.THROW_BOMB, a.PUNT)
)  # fmt: skip
"""Action kinds whose ``square`` is a pitch square the coach clicks."""
INDEX_PROMPTS = frozenset((a.BLOCK_DIE, a.CASUALTY_CHOICE))
"""Prompts whose CHOOSE ``square`` is an option index, not a square."""
SQUARE_PROMPTS = frozenset((a.PUSH, a.DECLARE_TARGET, a.INTERFERENCE, a.BITE_PROMPT, HOT_POT_PROMPT))
"""Prompts whose CHOOSE ``square`` is the square to click."""
SAVED = "saved:"
"""Command prefix of a saved formation's choice."""
PANEL_TOO = 4
"""Prompts with this many square targets or fewer also list them in the panel (one key each)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of the prompt panel: an engine action or a board command."""

    label: str
    key: str
    action: Action | None = None
    command: str = ""


@dataclass(slots=True)
class Menu:
    """The prompt panel: a title, explanation lines, choices, and the square it sits next to."""

    title: str
    choices: list[Choice]
    anchor: int = -1
    lines: list[str] = field(default_factory=list)
    team: int = -1


@dataclass(frozen=True, slots=True)
class Mark:
    """An overlay on a square: a target of the current decision, the selection or the cursor."""

    square: int
    kind: str
    text: str = ""


def target_kind(action: Action) -> str:
    """The overlay kind of a square target."""
    k = action.kind
    if k.startswith("activate_"):
        return "player"
    return {
        a.MOVE: "move", labels.JUMP: "move", a.BLOCK: "block", a.VOMIT: "block", a.STAB: "block",
        a.MULTI_BLOCK: "block", a.PASS: "pass", a.THROW_TO: "pass", a.HANDOFF: "pass", a.FOUL: "foul",
        a.PLACE: "place", a.KICK: "kick",
    }.get(k, "push" if k == a.CHOOSE else "target")  # fmt: skip

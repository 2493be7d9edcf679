"""Words and keys for engine actions and prompts on the board (no Qt).

Every option of every prompt kind gets a label and a key here; an unknown kind falls back to a
readable form of the action, so a new engine prompt is never unanswerable on the board.
"""

from __future__ import annotations

from typing import Any

from league_manager.match import actions as a
from league_manager.match.actions import Action, Prompt
from league_manager.match.inducements.area_spells import FIREBALL
from league_manager.match.inducements.ballistics import BALLISTICS_PROMPT
from league_manager.match.inducements.drummer import DRUMMER_PROMPT
from league_manager.match.inducements.hot_pot import HOT_POT_PROMPT
from league_manager.match.inducements.runesmith import RUNESMITH_PROMPT
from league_manager.match.inducements.wizards import WIZARD
from league_manager.match.pitch import ON_PITCH
from league_manager.match.pitch import name as square_name
from league_manager.match.procedures.setup import FORMATION_NAMES
from league_manager.rules.dice import BLOCK_FACES

JUMP = "jump"

PROMPT_TITLES = {
    a.COIN_TOSS: "Coin toss won: kick or receive?",
    a.SETUP: "Set up",
    a.KICKER: "Choose the kicker",
    a.KICK: "Kick: click the square to aim at",
    a.TOUCHBACK: "Touchback: give the ball to a player",
    a.TURN: "Your turn: pick a player",
    a.ACTIVATION: "Action",
    a.REROLL: "Re-roll?",
    a.BLOCK_DIE: "Choose a block die",
    a.PUSH: "Push: choose the square (arrows)",
    a.FOLLOW_UP: "Follow up?",
    a.APOTHECARY: "Use the apothecary?",
    a.CASUALTY_CHOICE: "Apothecary: keep which casualty result?",
    a.INTERFERENCE: "Pass interference: choose a player",
    a.HIGH_KICK: "High Kick: move a player under the ball?",
    a.QUICK_SNAP: "Quick Snap: move open players one square",
    a.ARGUE: "Argue the Call?",
    a.BRIBE: "Use a bribe?",
    a.USE_SKILL_PROMPT: "Use a skill?",
    a.ON_THE_BALL: "On the Ball",
    a.LASH_OUT: "Lash out: choose a team-mate",
    a.PRAYER: "Prayers to Nuffle: choose",
    a.DECLARE_TARGET: "Declare the target",
    a.SWARM: "Swarming: place a player (or decline)",
    a.BITE_PROMPT: "Bloodlust: choose the Thrall to bite",
    HOT_POT_PROMPT: "Halfling Hot Pot: click the square to aim at (or decline)",
    RUNESMITH_PROMPT: "Dwarfen Runesmith: click a player to strike a rune on (or decline)",
    BALLISTICS_PROMPT: "Master of Ballistics: change a deviation die?",
    DRUMMER_PROMPT: "WAAAGH! Drummer: click an opposing player to push back (or decline)",
}

MNEMONIC = {
    "activate_move": "M",
    "activate_block": "B",
    "activate_blitz": "Z",
    "activate_pass": "P",
    "activate_handoff": "H",
    "activate_foul": "F",
    "activate_ttm": "T",
    a.END_TURN: "E",
    a.END_SETUP: "E",
    a.END_ACTIVATION: "X",
    a.USE_TEAM_REROLL: "R",
    a.USE_SKILL_REROLL: "S",
    a.USE_PRO: "O",
    a.DECLINE: "N",
    a.NO: "N",
    a.YES: "Y",
    a.USE_SKILL: "Y",
    a.KICK_OFF: "K",
    a.RECEIVE: "R",
    a.REMOVE: "Delete",
}
"""Preferred key of an action kind; other choices take the next free digit or letter."""

RESERVED = {"Return", "Space", "Escape", "Tab", "Left", "Right", "Up", "Down", "F1", "?", "U"}
"""Keys the board keeps for itself (cursor, confirm, cancel, cheat-sheet, undo on U)."""

ACTIVATION_WORDS = {
    "move": "Move",
    "block": "Block",
    "blitz": "Blitz",
    "pass": "Pass",
    "handoff": "Hand-off",
    "foul": "Foul",
    "ttm": "Throw Team-mate",
    "ktm": "Kick Team-mate",
    "ball_chain": "Ball & Chain move",
    "bomb": "Throw Bomb",
    "secure_ball": "Secure the Ball",
    "punt": "Punt",
}
FACINGS = (
    "Face the away end zone",
    "Face the home end zone",
    "Face the top sideline",
    "Face the bottom sideline",
)
"""Ball & Chain throw-in template facings, in the engine's order."""


def title(prompt: Prompt, names: list[str]) -> str:
    """The headline of a prompt (who decides what)."""
    info = prompt.info
    base = PROMPT_TITLES.get(prompt.kind, prompt.kind.replace("_", " ").capitalize())
    who = _who(info, names)
    if prompt.kind == a.ACTIVATION:
        word = ACTIVATION_WORDS.get(str(info.get("action", "")), "Action")
        return f"{who}: {word} ({info.get('mp', 0)} MA left)" if who else word
    if prompt.kind == a.REROLL:
        roll = str(info.get("roll", "")).replace("_", " ")
        return f"{who}: re-roll the failed {roll}?" if who else base
    if prompt.kind in (a.USE_SKILL_PROMPT, a.ON_THE_BALL) and info.get("skill"):
        return f"{info['skill']}{' for ' + who if who else ''}?"
    if prompt.kind in (a.ARGUE, a.BRIBE) and info.get("referee"):  # Ranulf: bribe, or his axe
        what = "argue with his axe (armour +2)" if prompt.kind == a.ARGUE else "use a bribe"
        return f"{info['referee']}: {what}{' for ' + who if who else ''}?"
    if prompt.kind == a.PRAYER and info.get("staff"):  # Papa Skullbones' blessing
        return f"{info['staff']}: {info.get('prayer', '')}{' (' + who + ')' if who else ''}"
    if prompt.kind == a.PRAYER and info.get("prayer"):
        return f"Prayers to Nuffle: {str(info['prayer']).replace('_', ' ').title()}"
    if prompt.kind == a.TURN and info.get("kickoff_blitz"):
        return f"Blitz! kick-off: {info['kickoff_blitz']} player(s) may move"
    if prompt.kind == a.QUICK_SNAP and "left" in info:
        return f"Quick Snap: {info['left']} more player(s) may move one square"
    if who and prompt.kind not in (a.TURN, a.SETUP):
        return f"{base} ({who})"
    return base


def _who(info: dict[str, Any], names: list[str]) -> str:
    p = info.get("player", -1)
    return names[p] if isinstance(p, int) and 0 <= p < len(names) else ""


def label(prompt: Prompt, action: Action, names: list[str]) -> str:
    """Words for one option of a prompt."""
    k = action.kind
    pl = names[action.player] if 0 <= action.player < len(names) else ""
    if k.startswith("activate_"):
        return ACTIVATION_WORDS.get(k[len("activate_") :], k)
    if k == a.FORMATION:
        return f"Formation: {FORMATION_NAMES[action.square].title()}"
    if k == a.CHOOSE:
        return _choose_label(prompt, action, names)
    if k == a.USE_PRO:
        return "Pro" if action.square < 0 else f"Pro on die {action.square + 1}"
    if k == a.USE_SKILL:
        skill = prompt.info.get("skill", "skill")
        uses = prompt.info.get("uses")  # options of one rule told apart by square (Blast It!)
        if isinstance(uses, list) and 0 <= action.square < len(uses):
            return f"{skill}: {uses[action.square]}"
        text = f"Use {skill}" + (f" ({pl})" if pl and pl != _who(prompt.info, names) else "")
        on_pitch = 0 <= action.square < len(ON_PITCH) and ON_PITCH[action.square]
        if prompt.kind == a.USE_SKILL_PROMPT and on_pitch:  # a target or landing square
            text += f" at {square_name(action.square)}"
        return text
    if k == a.USE_SKILL_REROLL:
        return f"{prompt.info.get('skill') or 'Skill'} re-roll"
    words = {
        a.KICK_OFF: "Kick",
        a.RECEIVE: "Receive",
        a.END_SETUP: "End set-up",
        a.END_TURN: "End turn",
        a.END_ACTIVATION: "End action",
        a.USE_TEAM_REROLL: "Team re-roll",
        a.DECLINE: "Decline",
        a.YES: "Yes",
        a.NO: "No",
        a.REMOVE: f"Back to the dugout: {pl}",
        a.STAND: "Stand up",
        a.PUNT_OUT: "Punt into the crowd",
    }
    if k == a.YES and prompt.kind == a.FOLLOW_UP:
        return f"Follow up to {square_name(action.square)}"
    if k == a.NO and prompt.kind == a.FOLLOW_UP:
        return "Stay"
    if k in words:
        return words[k]
    square_words = {
        a.MOVE: "Move to",
        JUMP: "Jump to",
        a.BLOCK: "Block",
        a.VOMIT: "Projectile Vomit",
        a.STAB: "Stab",
        a.MULTI_BLOCK: "Multiple Block",
        a.PASS: "Pass to",
        a.HANDOFF: "Hand off to",
        a.FOUL: "Foul",
        a.THROW: "Throw",
        a.THROW_TO: "Throw to",
        a.KICK: "Kick to",
        a.PLACE: f"Place {pl} on",
        a.HAIL_MARY: "Hail Mary Pass to",
        a.GAZE: "Hypnotic Gaze",
        a.CHAINSAW: "Chainsaw",
        a.BREATHE_FIRE: "Breathe Fire",
        a.BITE: "Bite",
        a.KTM: "Kick Team-mate",
        a.THROW_BOMB: "Throw the bomb to",
        a.PUNT: "Punt towards",
    }
    if k in square_words:
        text = f"{square_words[k]} {square_name(action.square)}"
        return (
            f"{pl}: {text[0].lower()}{text[1:]}"
            if pl and k == a.MOVE and prompt.kind != a.ACTIVATION
            else text
        )
    return " ".join(
        x for x in (k.replace("_", " ").capitalize(), pl, square_name(action.square)) if x != "off"
    )


def _choose_label(prompt: Prompt, action: Action, names: list[str]) -> str:
    info = prompt.info
    pl = names[action.player] if 0 <= action.player < len(names) else ""
    if prompt.kind == a.BLOCK_DIE:
        return BLOCK_FACES[action.square]
    if prompt.kind == a.CASUALTY_CHOICE:
        results = info.get("results") or ["first", "second"]
        which = "first" if action.square == 0 else "second"
        return f"Keep the {which}: {results[action.square]}"
    if prompt.kind == a.PRAYER and "skills" in info:
        return f"Gain {info['skills'][action.square]}"
    if prompt.kind == a.PRAYER and info.get("staff") == "Krot Shockwhisker":
        return f"Treat {pl} (in the Casualty box)"
    if prompt.kind in (a.PUSH, a.DECLARE_TARGET, a.BITE_PROMPT):
        return f"{square_name(action.square)}"
    if prompt.kind == HOT_POT_PROMPT:
        return f"Hot Pot at {square_name(action.square)}"
    if prompt.kind == DRUMMER_PROMPT:
        return f"Push back {pl}"
    if prompt.kind == BALLISTICS_PROMPT:
        choices = list(info.get("choices") or [])
        return choices[action.square] if 0 <= action.square < len(choices) else "Change"
    if prompt.kind == RUNESMITH_PROMPT:
        runes = list(info.get("runes") or [])
        rune = runes[action.square] if 0 <= action.square < len(runes) else "Rune"
        return f"{rune} on {pl}"
    if prompt.kind == WIZARD:
        return _spell_label(info, action, pl)
    if prompt.kind == a.USE_SKILL_PROMPT and 0 <= action.square < len(FACINGS):
        return FACINGS[action.square]
    return pl or f"option {action.square}"


def _spell_label(info: dict[str, Any], action: Action, player_name: str) -> str:
    """A ``wizard`` option: "<spell> on <player>", "<spell> at <square>" or "<spell>: <option>"."""
    spells = list(info.get("spells") or [])
    if action.player >= 0:
        spell = spells[action.square] if 0 <= action.square < len(spells) else "Spell"
        return f"{spell} on {player_name}"
    index = -1 - action.player
    spell = spells[index] if 0 <= index < len(spells) else FIREBALL
    if action.square >= 0:
        return f"{spell} at {square_name(action.square)}"
    options = list((info.get("options") or {}).get(spell) or [])
    option = -2 - action.square
    return f"{spell}: {options[option]}" if 0 <= option < len(options) else spell


def assign_keys(actions: list[Action], taken: set[str] | None = None) -> list[str]:
    """A distinct key for each action: its mnemonic when free, else the next free digit/letter."""
    used = set(RESERVED) | set(taken or ())
    keys: list[str] = []
    pending: list[int] = []
    for i, action in enumerate(actions):
        key = MNEMONIC.get(action.kind, "")
        if key and key not in used:
            used.add(key)
            keys.append(key)
        else:
            keys.append("")
            pending.append(i)
    free = [c for c in "123456789ABCDGIJKLOQSVW" if c not in used]
    for i in pending:
        keys[i] = free.pop(0) if free else ""
    return keys

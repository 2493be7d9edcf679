"""The prompt panel and the pitch overlays of the current decision (no Qt)."""

from __future__ import annotations

from league_manager.match import actions as a
from league_manager.match.actions import Action, Prompt
from league_manager.match.events import Event
from league_manager.match.formations import offered
from league_manager.match.pitch import (
    is_wide,
    los_x,
    xy,
)
from league_manager.match.pitch import name as square_name
from league_manager.ui.match_board import labels
from league_manager.ui.match_board.choices import SAVED, Choice, Mark, Menu, target_kind
from league_manager.ui.match_board.core import BoardCore
from league_manager.ui.match_board.needs import action_need, block_lines
from league_manager.ui.match_board.reach import describe, percent, step_text


class BoardMenus(BoardCore):
    """The panel's title, lines and choices, and the overlays, for the decision now awaited."""

    # the panel ----------------------------------------------------------------------
    def note_events(self, events: list[Event]) -> None:
        """Start an end-of-half or end-of-match screen when the events call for one."""
        home, away = self.session.team_names()
        s = self.match.state
        score = f"{home} {s.score[0]} – {s.score[1]} {away}"
        for event in events:
            if event.kind == "half" and event.detail not in ("", "1"):
                label = "Half time" if event.detail == "2" else "End of normal time: extra time"
                self.notice = [label, score]
            elif event.kind in ("full_time", "concession"):
                self.notice = []

    def menu(self) -> Menu:
        """What the prompt panel shows now."""
        prompt = self.prompt
        home, away = self.session.team_names()
        if prompt is None:
            s = self.match.state
            lines = [f"{home} {s.score[0]} – {s.score[1]} {away}"]
            if s.conceded >= 0:
                lines.append(f"{(home, away)[s.conceded]} conceded.")
            return Menu("Full time", [Choice("Finish", "Return", command="finish")], lines=lines)
        if self.notice:
            return Menu(
                self.notice[0], [Choice("Continue", "Return", command="dismiss")], lines=self.notice[1:]
            )
        team_name = (home, away)[prompt.team]
        if not self.session.is_human(prompt.team):
            waiting = getattr(self.session, "waiting_text", None)
            if callable(waiting):  # a remote match: the other coach, or the server, has it
                return Menu(f"{team_name}: {waiting()}", [], team=prompt.team)
            reason = self.session.bot_reason()
            lines = [f"Why this move? {reason}"] if reason else []
            return Menu(f"{team_name} (bot) is playing…", [], lines=lines, team=prompt.team)
        if self.handover_team >= 0:
            lines = [f"Hand the board to the {team_name} coach."]
            return Menu(f"{team_name} to play", [Choice("Start", "Return", command="begin")], lines=lines,
                        team=prompt.team)  # fmt: skip
        if self.preview >= 0 and self.preview in self.plans:
            others = self._choices(prompt, self.buttons)
            walk_choices = [
                Choice("Go", "G", command="walk"),
                *others,
                Choice("Back", "Escape", command="back"),
            ]
            title = f"Move to {square_name(self.preview)}"
            return Menu(title, walk_choices, anchor=self.preview, lines=describe(self.plans[self.preview]))
        if self.focus >= 0:
            acts = self.targets.get(self.focus, []) + [
                x for x in self.buttons if x not in self.targets.get(self.focus, [])
            ]
            keys = labels.assign_keys(acts)
            choices = [
                Choice(labels.label(prompt, x, self.names), k, x) for x, k in zip(acts, keys, strict=True)
            ]
            choices.append(Choice("Back", "Escape", command="back"))
            who = self.match.state.board[self.focus]
            head = self.names[who] if who >= 0 else square_name(self.focus)
            return Menu(head, choices, anchor=self.focus, team=prompt.team)
        keys = labels.assign_keys(self.buttons)
        choices = [
            Choice(labels.label(prompt, x, self.names), k, x) for x, k in zip(self.buttons, keys, strict=True)
        ]
        if prompt.kind == a.SETUP:
            choices += self._formation_choices(prompt.team, {c.key for c in choices})
        return Menu(
            f"{team_name}: {labels.title(prompt, self.names)}",
            choices,
            anchor=self.anchor(),
            lines=self._lines(prompt),
            team=prompt.team,
        )

    def _formation_choices(self, team: int, taken: set[str]) -> list[Choice]:
        """The team's saved formations (when a whole formation may be taken now) and Save."""
        free = [k for k in "123456789" + "ACGIJKLOQVW" if k not in taken | labels.RESERVED]
        found = []
        if offered(self.match):
            for formation in self.session.formations.formations(team):
                key = free.pop(0) if free else ""
                found.append(Choice(f"Saved: {formation.name}", key, command=SAVED + formation.name))
        s = self.match.state
        if self.ask_name is not None and any(s.pos[p] >= 0 for p in s.players_of(team)):
            key = "S" if "S" not in taken else (free.pop(0) if free else "")
            found.append(Choice("Save this set-up as a formation…", key, command="save_formation"))
        return found

    def _choices(self, prompt: Prompt, acts: list[Action]) -> list[Choice]:
        keys = labels.assign_keys(acts, {"G"})
        return [Choice(labels.label(prompt, x, self.names), k, x) for x, k in zip(acts, keys, strict=True)]

    def _lines(self, prompt: Prompt) -> list[str]:
        lines: list[str] = []
        if prompt.kind == a.SETUP:
            lines.extend(self.setup_counts(prompt.team))
            lines.extend(f"• {p}" for p in prompt.info.get("problems", []))
            if self.selected >= 0:
                lines.append(f"Placing {self.names[self.selected]}: click a square or drag.")
            else:
                lines.append("Click or Tab to a player, then a square; or pick a formation.")
        elif prompt.kind == a.TURN:
            lines.append("Click a player (or Tab, Enter) for the actions open to them.")
        elif self.targets:
            lines.append("Click a highlighted square (arrows + Enter).")
        if prompt.kind == a.ACTIVATION:
            lines.extend(block_lines(self.match, prompt, self.names))
        if prompt.kind == a.BLOCK_DIE and "dice" in prompt.info:
            lines.append("Dice: " + ", ".join(map(str, prompt.info["dice"])))
        if self.message:
            lines.append(self.message)
        return lines

    def setup_counts(self, team: int) -> list[str]:
        """Live set-up legality: players on the pitch, on the line, in each wide zone."""
        s = self.match.state
        on = [s.pos[p] for p in s.players_of(team) if s.pos[p] >= 0]
        line = sum(1 for q in on if xy(q)[0] == los_x(team) and not is_wide(q))
        top = sum(1 for q in on if is_wide(q) and xy(q)[1] < 4)
        bottom = sum(1 for q in on if is_wide(q) and xy(q)[1] > 4)
        return [f"On the pitch {len(on)}/11 · on the line {line} (3+) · wide zones {top}/2 and {bottom}/2"]

    # overlays -----------------------------------------------------------------------
    def marks(self) -> list[Mark]:
        """Overlays for the current decision (targets with the roll or dice they need)."""
        found: list[Mark] = []
        if self.human_turn() and self.handover_team < 0:
            for square, plan in self.plans.items():
                if square not in self.targets:
                    found.append(Mark(square, "reach", percent(plan.p_with_rerolls)))
            for square, acts in self.targets.items():
                found.append(Mark(square, target_kind(acts[0]), self._need(acts[0])))
            if self.preview in self.plans:
                for step in self.plans[self.preview].steps:
                    found.append(Mark(step.square, "path", step_text(step)))
        if self.selected >= 0 and self.match.state.pos[self.selected] >= 0:
            found.append(Mark(self.match.state.pos[self.selected], "select"))
        prompt = self.prompt
        acting = prompt.info.get("player", -1) if prompt is not None else -1
        pos = self.match.state.pos
        if isinstance(acting, int) and 0 <= acting < len(pos) and pos[acting] >= 0:
            found.append(Mark(pos[acting], "select"))
        if self.focus >= 0:
            found.append(Mark(self.focus, "focus"))
        found.append(Mark(self.cursor, "cursor"))
        return found

    def _need(self, action: Action) -> str:
        prompt = self.prompt
        if prompt is None or prompt.kind != a.ACTIVATION:
            return ""
        return action_need(self.match, action, int(prompt.info.get("mp", 1)))

"""Spending SPP on advancements, SPP corrections, and a player's history."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from league_manager.core.errors import RuleViolation
from league_manager.core.limits import check_range
from league_manager.persistence import repositories as repo
from league_manager.persistence.models import (
    Advancement,
    League,
    Player,
    PlayerStatusEntry,
    SppEntry,
    Team,
    paid_advancements,
)
from league_manager.rules import advancement as rules
from league_manager.rules.dice import Dice, SeededDice
from league_manager.rules.model import Ruleset, SkillRef
from league_manager.services.base import ServiceBase, team_ruleset
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.classic_pick_undo import undo_star_pick
from league_manager.services.match_day.classic_star_picks import Kind, pick_star_roll, star_roll_choice
from league_manager.services.player_models import AdvanceChoice, HistoryEntry, PlayerRecord, StarRollChoice
from league_manager.services.read_models import TeamView
from league_manager.services.team_views import build_team_views

SPP_CORRECTION_MAX = 1000
"""The largest SPP a commissioner adds or removes in one correction."""


class AdvancementService(ServiceBase):
    """Advance players with SPP; every change is an advancement row plus an SPP ledger row."""

    def record(self, player_id: int) -> PlayerRecord:
        """A player's SPP, the advancements open to them and their history."""
        with self.transaction() as session:
            player, team, ruleset = self._load(session, player_id)
            progress = self._progress(session, player, ruleset, team)
            choices = []
            for option in rules.options(ruleset, progress):
                skills: tuple[str, ...] = ()
                if option.kind.startswith("chosen"):
                    skills = tuple(rules.chosen_skills(ruleset, progress, option.kind))
                rolled = ruleset.advancement.random_skills_rolled if option.kind.startswith("random") else 1
                choices.append(
                    AdvanceChoice(
                        option.kind, option.cost, option.affordable, option.categories, skills, rolled
                    )
                )
            return PlayerRecord(
                player_id=player_id,
                name=player.name,
                team=team.name,
                position=player.position,
                spp=progress.spp,
                advancements=progress.advancements,
                choices=tuple(choices),
                history=tuple(self._history(session, player_id)),
            )

    def advance(
        self,
        player_id: int,
        kind: str,
        *,
        skill: str | None = None,
        category: str | None = None,
        prefer: Sequence[str] = (),
        keep: Sequence[str] = (),
        dice: Dice | None = None,
        seed: int | None = None,
        fixture_id: int | None = None,
    ) -> Outcome[TeamView]:
        """Spend SPP on one advancement.

        Args:
            player_id: the player.
            kind: random_primary, chosen_primary, random_secondary, chosen_secondary or
                characteristic.
            skill: the skill for a chosen kind, or the skill to take instead when the
                characteristic roll offers nothing the coach wants.
            category: the category to roll on for a random kind (default: the first).
            prefer: characteristics in order of preference for a characteristic roll.
            keep: Season 3 random skill (two rolled, one kept): skills in order of
                preference; the first rolled is kept when neither is named.
            dice: dice to roll with (typed-in results come as ScriptedDice); else ``seed``.
            seed: seed for program dice.
            fixture_id: the fixture whose post-game this belongs to, if any.

        Raises:
            RuleViolation: too few SPP, skill outside access, characteristic at its limit…;
                nothing is changed.
        """
        dice = dice or SeededDice(seed)
        with self.transaction() as session:
            player, team, ruleset = self._load(session, player_id)
            if ruleset.classic:
                raise RuleViolation(
                    "advancement",
                    f"{ruleset.name} players do not buy advancements with SPP: they earn Star Player "
                    "rolls in the classic post-match (`fixture postgame`); pick for one with "
                    "`player star-roll`",
                )
            if player.status != "active":
                raise RuleViolation("advancement", f"{player.name} is not on the active roster")
            progress = self._progress(session, player, ruleset, team)
            if kind not in ruleset.advancement.kinds:
                kinds = ", ".join(ruleset.advancement.kinds)
                raise RuleViolation(
                    "advancement", f"unknown kind '{kind}' in {ruleset.name} (kinds: {kinds})"
                )
            if kind.startswith("chosen"):
                if not skill:
                    raise RuleViolation("skill", "name the skill to take (--skill)")
                result = rules.choose_skill(ruleset, progress, kind, skill)
            elif kind.startswith("random"):
                result = rules.roll_skill(ruleset, progress, kind, category, dice, keep)
            else:
                result = rules.roll_characteristic(ruleset, progress, dice, prefer, skill)
            session.add(
                Advancement(
                    player_id=player_id,
                    kind=kind,
                    skill=result.skill,
                    characteristic=result.characteristic,
                    spp_cost=result.spp_cost,
                    value_increase=result.value_increase,
                    fixture_id=fixture_id,
                )
            )
            gained = result.skill or f"+{result.characteristic}"
            seed = getattr(dice, "seed", None)
            used = f"; program dice seed {seed}" if seed is not None else ""
            dice_shown = ", ".join(map(str, result.rolls))
            rolled = f" ({result.note}; dice {dice_shown}{used})" if result.rolls else ""
            repo.add_spp(player_id, -result.spp_cost, f"Advancement: {gained}{rolled}", "advancement",
                         session=session, fixture_id=fixture_id)  # fmt: skip
            session.flush()
            view = build_team_views([team], session=session)[0]
        return Outcome(view, Changes(teams=frozenset({team.id or 0}), players=frozenset({player_id}),
                                     description=f"{player.name} gained {gained}"))  # fmt: skip

    def star_roll_choice(self, player_id: int) -> StarRollChoice | None:
        """A classic player's first open Star Player roll and the picks it allows (None: none open).

        Raises:
            NotFound: no such player.
        """
        with self.transaction() as session:
            player, _, ruleset = self._load(session, player_id)
            if not ruleset.classic:
                return None
            return star_roll_choice(player, ruleset, session=session)

    def star_roll(self, player_id: int, kind: Kind, name: str) -> Outcome[TeamView]:
        """The coach's pick for a classic player's first open Star Player roll.

        Args:
            player_id: the player.
            kind: skill, trait or characteristic.
            name: the skill or trait, or the characteristic the roll gave.

        Raises:
            RuleViolation: not a classic player, no open roll, or a pick the roll does not allow.
        """
        with self.transaction() as session:
            player, team, ruleset = self._load(session, player_id)
            if not ruleset.classic:
                raise RuleViolation(
                    "Star Player roll", f"{ruleset.name} players advance with `player advance`"
                )
            if player.status != "active":
                raise RuleViolation("Star Player roll", f"{player.name} is not on the active roster")
            gained = pick_star_roll(player, ruleset, kind, name, session=session)
            view = build_team_views([team], session=session)[0]
        return Outcome(view, Changes(teams=frozenset({team.id or 0}), players=frozenset({player_id}),
                                     description=f"{player.name} gained {gained}"))  # fmt: skip

    def undo_star_roll(self, player_id: int, reason: str) -> Outcome[TeamView]:
        """Take back a classic player's latest Star Player pick (its roll opens again).

        Raises:
            RuleViolation: not a classic player, no reason or no pick to take back.
            RuleViolations: a classic pre-match or post-match of his team since the pick
                (see :mod:`.classic_pick_undo`); nothing is changed.
        """
        with self.transaction() as session:
            player, team, ruleset = self._load(session, player_id)
            if not ruleset.classic:
                raise RuleViolation("Star Player roll", f"{ruleset.name} players have no Star Player rolls")
            lost = undo_star_pick(player, reason, session=session)
            view = build_team_views([team], session=session)[0]
        return Outcome(view, Changes(teams=frozenset({team.id or 0}), players=frozenset({player_id}),
                                     description=f"{player.name}'s pick {lost} taken back"))  # fmt: skip

    def adjust_spp(self, player_id: int, amount: int, reason: str) -> Outcome[TeamView]:
        """A commissioner's SPP correction (positive or negative), with its reason.

        Raises:
            RuleViolation: no reason, zero amount, or a balance that would go below zero.
        """
        if not reason.strip():
            raise RuleViolation("reason", "a correction needs a reason")
        if amount == 0:
            raise RuleViolation("amount", "the correction is zero")
        check_range(amount, "amount", -SPP_CORRECTION_MAX, SPP_CORRECTION_MAX)
        with self.transaction() as session:
            player, team, _ = self._load(session, player_id)
            balance = repo.PlayerFacts([player_id], session=session).spp[player_id]
            if balance + amount < 0:
                raise RuleViolation("SPP", f"{player.name} has {balance} SPP; cannot remove {-amount}")
            repo.add_spp(player_id, amount, reason.strip(), "correction", session=session)
            view = build_team_views([team], session=session)[0]
        return Outcome(view, Changes(teams=frozenset({team.id or 0}), players=frozenset({player_id})))

    # -- helpers ---------------------------------------------------------------------------

    def _load(self, session: Session, player_id: int) -> tuple[Player, Team, Ruleset]:
        player = repo.get_player(player_id, session=session)
        team = session.get(Team, player.team_id)
        assert team is not None
        team = repo.lock_team(team, session=session)
        session.refresh(player)
        league = session.get(League, team.league_id)
        assert league is not None
        return player, team, team_ruleset(team, league)

    @staticmethod
    def _progress(session: Session, player: Player, ruleset: Ruleset, team: Team) -> rules.PlayerProgress:
        assert player.id is not None
        facts = repo.PlayerFacts([player.id], session=session)
        position = ruleset.team(team.race).position(player.position)
        gained = tuple(SkillRef.parse(a.skill) for a in facts.advancements[player.id] if a.skill)
        return rules.PlayerProgress(
            position=position,
            skills=position.skills + gained,
            advancements=len(paid_advancements(facts.advancements[player.id])),
            spp=facts.spp[player.id],
            changes=facts.characteristic_changes(player.id),
            improvements=facts.improvements(player.id),
        )

    @staticmethod
    def _history(session: Session, player_id: int) -> list[HistoryEntry]:
        entries: list[HistoryEntry] = []
        for spp in session.exec(select(SppEntry).where(SppEntry.player_id == player_id)):
            entries.append(HistoryEntry(spp.created_at, "spp", spp.reason, spp.amount, spp.fixture_id))
        for adv in session.exec(select(Advancement).where(Advancement.player_id == player_id)):
            gained = adv.skill or f"+{adv.characteristic}"
            text = f"{adv.kind.replace('_', ' ')}: {gained} (value +{adv.value_increase:,} gp)"
            entries.append(HistoryEntry(adv.created_at, "advancement", text, 0, adv.fixture_id))
        rows = session.exec(
            select(PlayerStatusEntry)
            .where(PlayerStatusEntry.player_id == player_id)
            .order_by(col(PlayerStatusEntry.id))
        )
        for row in rows:
            entries.append(
                HistoryEntry(row.created_at, "status", f"{row.kind}: {row.reason}", 0, row.fixture_id)
            )
        return sorted(entries, key=lambda e: e.when)

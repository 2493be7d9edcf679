"""The match-day service: one transaction per step of a fixture's match day."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session

from league_manager.core.errors import NotFound, RuleViolation
from league_manager.match.result import MatchResult
from league_manager.persistence.classic_models import ClassicPreMatch
from league_manager.persistence.season_models import Fixture
from league_manager.services.base import ServiceBase
from league_manager.services.changes import Changes, Outcome
from league_manager.services.match_day.board_store import refuse_if_board_in_progress
from league_manager.services.match_day.cancel import cancel_pregame
from league_manager.services.match_day.classic_assassin import assassinate
from league_manager.services.match_day.classic_guard import is_classic_fixture
from league_manager.services.match_day.classic_handicap_mvps import draw_pregame_mvps, inspire
from league_manager.services.match_day.classic_handicap_picks import (
    add_talent,
    mark_handicap_picks,
    settle_appearance_fee,
)
from league_manager.services.match_day.classic_handicap_victims import name_handicap_players
from league_manager.services.match_day.classic_postmatch import run_classic_postmatch
from league_manager.services.match_day.classic_prematch import (
    classic_prematch_view,
    find_classic_prematch,
    run_classic_prematch,
)
from league_manager.services.match_day.classic_prematch_models import ClassicHires, ClassicPreMatchView
from league_manager.services.match_day.classic_undo import (
    player_ids,
    refuse_bb2020_correction,
    undo_classic_postmatch,
    undo_classic_prematch,
)
from league_manager.services.match_day.corrections import correct_result
from league_manager.services.match_day.dice import MatchDayDice
from league_manager.services.match_day.dice_plan import plan_postgame_dice, plan_pregame_dice
from league_manager.services.match_day.dice_slots import DiceSlot
from league_manager.services.match_day.engine_play import RESULT_STAGES, play_on_engine
from league_manager.services.match_day.inducements import Purchase
from league_manager.services.match_day.offer import build_offer
from league_manager.services.match_day.offer_models import InducementOffer
from league_manager.services.match_day.play import BOTS
from league_manager.services.match_day.postgame import apply_postgame
from league_manager.services.match_day.pregame import run_pregame
from league_manager.services.match_day.result import parse_result, store_result
from league_manager.services.match_day.store import (
    CANCELLABLE,
    CORRECTABLE,
    MatchDayView,
    lock_fixture_teams,
    match_day_view,
    require_match_day,
    set_stage,
)
from league_manager.services.season_read_models import PlayerStatLine


class MatchDayService(ServiceBase):
    """Pre-game, kick-off, result entry, post-game, corrections and engine play of fixtures."""

    def get(self, fixture: int) -> MatchDayView:
        """Everything recorded so far for a fixture's match day.

        Raises:
            RuleViolation: no pre-game yet.
        """
        with self.transaction() as session:
            day = require_match_day(
                fixture,
                ("pre_game", "in_progress", "result_entered", "post_game_applied"),
                "show the match day",
                session=session,
            )
            return match_day_view(day, session=session)

    def inducement_offer(
        self, fixture: int, purchases: Mapping[str, Sequence[Purchase]] | None = None
    ) -> InducementOffer:
        """What each side may buy before the pre-game (read-only), priced for it, with its budget.

        ``purchases`` is what the coaches have chosen so far; each line says how many more the
        rules and the budget allow on top, and ``problem`` why the choice would be refused.

        Raises:
            RuleViolation: the pre-game was run already, or the fixture is not open.
        """
        with self.transaction() as session:
            return build_offer(fixture, purchases or {}, session=session)

    def pregame(
        self,
        fixture: int,
        *,
        seed: int | None = None,
        typed: Sequence[int] = (),
        purchases: Mapping[str, Sequence[Purchase]] | None = None,
        all_typed: bool = False,
    ) -> Outcome[MatchDayView]:
        """Run the pre-game sequence (steps 1-7) and snapshot both rosters.

        Args:
            fixture: the fixture id.
            seed: seed of the program's dice (random when None).
            typed: physical dice typed in, used first, in the order the rolls happen.
            purchases: inducements per side ("home"/"away").
            all_typed: every roll must be typed; a missing one is refused, never rolled.

        Raises:
            RuleViolation: see :func:`league_manager.services.match_day.pregame.run_pregame`;
                with ``all_typed``, a roll that was not typed in.
        """
        dice = MatchDayDice(seed, typed, all_typed=all_typed)
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="pregame")
            day = run_pregame(fixture, purchases or {}, dice, session=session)
            dice.check_all_used()
            view = match_day_view(day, session=session)
        return Outcome(view, self._changes(view, "pre-game"))

    def is_classic(self, fixture: int) -> bool:
        """True when the fixture's league plays a classic (LRB 2004) ruleset: its pre-match is
        :meth:`classic_pregame`, and the engine does not play it."""
        with self.transaction() as session:
            return is_classic_fixture(fixture, session=session)

    def classic_pregame(
        self,
        fixture: int,
        *,
        seed: int | None = None,
        typed: Sequence[int] = (),
        hires: Mapping[str, ClassicHires] | None = None,
        pick: int | None = None,
        all_typed: bool = False,
    ) -> Outcome[ClassicPreMatchView]:
        """Run the classic pre-match (hires, gate, handicap, niggling injuries) and record it.

        Args:
            fixture: the fixture id.
            seed: seed of the program's dice (random when None).
            typed: physical dice typed in, used first, in the order the rolls happen (gate,
                handicap D66s, Team Anthem's gate die, It Wasn't Me!'s draw, then per team, home
                first: its niggling injuries, its Runesmith D6; then Bribe the Announcers' MVP
                draw, each Appearance Fee, the tabletop results' players; see ``docs/lrb2004.md``).
            hires: per side, freebooters, wizard, Runesmith, Master Chef dice, apothecary use.
            pick: the underdog's picked fifth handicap (D66) at 101+ rating points apart.
            all_typed: every roll must be typed; a missing one is refused, never rolled.

        Raises:
            RuleViolation: see :func:`.classic_prematch.run_classic_prematch`; typed dice
                left over.
        """
        dice = MatchDayDice(seed, typed, all_typed=all_typed)
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="pregame")
            row = run_classic_prematch(fixture, hires or {}, pick, dice, session=session)
            draw_pregame_mvps(row, dice, session=session)  # Bribe the Announcers: the MVP now
            mark_handicap_picks(row, dice, session=session)  # Appearance Fee rolled; coaches' picks
            name_handicap_players(row, dice, session=session)  # tabletop results' players, last
            dice.check_all_used()
            view = classic_prematch_view(row, session=session)
        teams = frozenset(int(view.record["sides"][side]["team_id"]) for side in ("home", "away"))
        return Outcome(view, Changes(fixtures=frozenset({fixture}), teams=teams,
                                     description=f"classic pre-match of fixture {fixture}"))  # fmt: skip

    def classic_inspire(
        self, fixture: int, player: int, *, seed: int | None = None, typed: Sequence[int] = (),
        all_typed: bool = False,
    ) -> Outcome[ClassicPreMatchView]:  # fmt: skip
        """The coach's Inspiration pick after the classic pre-match: an extra MVP (5 SPP, any Star
        Player roll at once) for one of his players who plays.

        Raises:
            NotFound: no classic pre-match for the fixture.
            RuleViolation: see :func:`.classic_handicap_mvps.inspire`; typed dice left over.
        """
        dice = MatchDayDice(seed, typed, all_typed=all_typed)
        with self.transaction() as session:
            row = _classic_prematch_row(fixture, session)
            inspire(row, player, dice, session=session)
            dice.check_all_used()
            view = classic_prematch_view(row, session=session)
        return Outcome(view, Changes(fixtures=frozenset({fixture}), players=frozenset({player}),
                                     description=f"Inspiration in fixture {fixture}"))  # fmt: skip

    def classic_talent(self, fixture: int, team: str, position: str) -> Outcome[ClassicPreMatchView]:
        """That Boy's Got Talent!: the position of the player who joins ``team`` for the match.

        Raises:
            NotFound: no classic pre-match, a team not in it, a position not on its list.
            RuleViolation: see :func:`.classic_handicap_picks.add_talent`.
        """
        with self.transaction() as session:
            row = _classic_prematch_row(fixture, session)
            add_talent(row, team, position, session=session)
            view = classic_prematch_view(row, session=session)
        return Outcome(view, Changes(fixtures=frozenset({fixture}),
                                     description=f"That Boy's Got Talent in fixture {fixture}"))  # fmt: skip

    def classic_appearance_fee(self, fixture: int, team: str, *, paid: bool) -> Outcome[ClassicPreMatchView]:
        """Whether ``team`` paid the Appearance Fee of its player (unpaid: he missed the match).

        Raises:
            NotFound: no classic pre-match, or a team not in it.
            RuleViolation: see :func:`.classic_handicap_picks.settle_appearance_fee`.
        """
        with self.transaction() as session:
            row = _classic_prematch_row(fixture, session)
            settle_appearance_fee(row, team, paid, session=session)
            view = classic_prematch_view(row, session=session)
        team_id = next(int(s["team_id"]) for s in view.record["sides"].values() if s["name"] == team)
        return Outcome(view, Changes(fixtures=frozenset({fixture}), teams=frozenset({team_id}),
                                     description=f"Appearance Fee in fixture {fixture}"))  # fmt: skip

    def classic_assassin(
        self, fixture: int, player: int, *, apothecary: bool = False, seed: int | None = None,
        typed: Sequence[int] = (), all_typed: bool = False,
    ) -> Outcome[ClassicPreMatchView]:  # fmt: skip
        """The Assassin's Injury roll against the opposing ``player`` (``apothecary``: his team
        spends its Apothecary on a casualty).

        Raises:
            NotFound: no classic pre-match, or no such player.
            RuleViolation: see :func:`.classic_assassin.assassinate`; typed dice left over.
        """
        dice = MatchDayDice(seed, typed, all_typed=all_typed)
        with self.transaction() as session:
            row = _classic_prematch_row(fixture, session)
            assassinate(row, player, dice, apothecary=apothecary, session=session)
            dice.check_all_used()
            view = classic_prematch_view(row, session=session)
        return Outcome(view, Changes(fixtures=frozenset({fixture}), players=frozenset({player}),
                                     description=f"Assassin in fixture {fixture}"))  # fmt: skip

    def classic_prematch(self, fixture: int) -> ClassicPreMatchView:
        """The fixture's classic pre-match record.

        Raises:
            NotFound: the fixture has had no classic pre-match.
        """
        with self.transaction() as session:
            row = _classic_prematch_row(fixture, session)
            return classic_prematch_view(row, session=session)

    def classic_postgame(
        self,
        fixture: int,
        *,
        seed: int | None = None,
        typed: Sequence[int] = (),
        injured: Sequence[int] = (),
        figures: Sequence[PlayerStatLine] | None = None,
        all_typed: bool = False,
        mvps: Sequence[int] = (),
    ) -> Outcome[ClassicPreMatchView]:
        """Run the classic post-match (winnings, fan factor, SPP and MVPs, Star Player rolls with
        ageing, serious injuries) and record it beside the pre-match.

        Args:
            fixture: the fixture id (pre-match run, score entered).
            seed: seed of the program's dice (random when None).
            typed: physical dice typed in, used first, in the order the rolls happen (see
                ``docs/lrb2004.md``, Post-match).
            injured: ids of the players who suffered a Serious Injury in the match.
            figures: per-player figures of the match (replacing stored ones); None keeps them.
            all_typed: every roll must be typed; a missing one is refused, never rolled.
            mvps: ids of the MVPs drawn on the table (each team's first draws; the rest rolled).

        Raises:
            RuleViolation: see :func:`.classic_postmatch.run_classic_postmatch`; typed dice
                left over.
        """
        dice = MatchDayDice(seed, typed, all_typed=all_typed)
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="postgame")
            row = run_classic_postmatch(fixture, injured, dice, session=session, figures=figures, mvps=mvps)
            dice.check_all_used()
            view = classic_prematch_view(row, session=session)
        record = view.record["post_match"]["sides"]
        teams = frozenset(int(record[side]["team_id"]) for side in ("home", "away"))
        players = frozenset(int(p["player_id"]) for side in ("home", "away") for p in record[side]["players"])
        return Outcome(view, Changes(fixtures=frozenset({fixture}), teams=teams, players=players,
                                     description=f"classic post-match of fixture {fixture}"))  # fmt: skip

    def classic_undo_postgame(self, fixture: int, reason: str) -> Outcome[list[str]]:
        """Undo a fixture's classic post-match by compensating ledger rows, with a reason.

        The fixture goes back to "post-match not done": its score may be corrected with
        ``set-result`` and the post-match run again.

        Returns:
            What changed, one line per treasury, fan factor and player SPP.

        Raises:
            RuleViolation: no reason, not a classic fixture, or no post-match.
            RuleViolations: what depends on it (see :mod:`.classic_undo`); nothing is changed.
        """
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="correct")
            row = find_classic_prematch(fixture, session=session)
            players = player_ids(json.loads(row.record_json).get("post_match") or {}) if row else frozenset()
            changes = undo_classic_postmatch(fixture, reason, session=session)
            notice = _undo_changes(fixture, "post-match undone", changes, session=session)
        return Outcome(changes, notice | Changes(players=players))

    def pregame_dice(
        self, fixture: int, purchases: Mapping[str, Sequence[Purchase]] | None = None
    ) -> tuple[DiceSlot, ...]:
        """The rolls the pre-game will make (read-only), in order, for typing physical dice.

        Raises:
            RuleViolation: the pre-game was run already, or the purchases would be refused.
        """
        with self.transaction() as session:
            slots = plan_pregame_dice(fixture, purchases or {}, session=session)
            session.rollback()  # a dry run: nothing is kept
            return slots

    def postgame_dice(
        self,
        fixture: int,
        typed: Sequence[int] = (),
        *,
        mvp: Sequence[str] = (),
        hire: Sequence[str] = (),
    ) -> tuple[DiceSlot, ...]:
        """The rolls the post-game will make (read-only), in order, given the dice typed so far.

        Raises:
            RuleViolation: no result yet, the post-game already applied, a bad MVP or hire.
        """
        with self.transaction() as session:
            slots = plan_postgame_dice(fixture, typed, mvp=mvp, hire=hire, session=session)
            session.rollback()  # a dry run: nothing is kept
            return slots

    def cancel_pregame(self, fixture: int, reason: str) -> Outcome[list[str]]:
        """Throw a pre-game away before any result so it can be run again (refunds included).

        Returns:
            What changed, one line per refunded treasury.

        Raises:
            RuleViolation: no pre-game, a result already entered, or no reason.
        """
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="cancel")
            if is_classic_fixture(fixture, session=session):  # LRB 2004: the classic pre-match
                changes = undo_classic_prematch(fixture, reason, session=session)
                return Outcome(changes, _undo_changes(fixture, "pre-match undone", changes, session=session))
            refuse_if_board_in_progress(fixture, "cancel the pre-game", session=session)
            day = require_match_day(fixture, CANCELLABLE, "cancel the pre-game", session=session)
            teams = frozenset({day.home_team_id, day.away_team_id})
            changes = cancel_pregame(day, reason, session=session)
        return Outcome(changes, Changes(teams=teams, fixtures=frozenset({fixture}),
                                        description=f"pre-game of fixture {fixture} cancelled"))  # fmt: skip

    def kick_off(self, fixture: int) -> Outcome[MatchDayView]:
        """Mark the match as being played (``pre_game`` → ``in_progress``)."""
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="kickoff")
            refuse_if_board_in_progress(fixture, "kick off", session=session)
            day = require_match_day(fixture, ("pre_game",), "kick off", session=session)
            set_stage(day, "in_progress", session=session)
            view = match_day_view(day, session=session)
        return Outcome(view, self._changes(view, "kick-off"))

    def record(self, fixture: int, result: MatchResult | Mapping[str, Any]) -> Outcome[MatchDayView]:
        """Enter the result document (engine or tabletop) and update the standings.

        Raises:
            RuleViolations: the problems with the document; nothing is changed.
        """
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="result")
            refuse_if_board_in_progress(fixture, "enter a result", session=session)
            day = require_match_day(fixture, RESULT_STAGES, "enter a result", session=session)
            store_result(day, parse_result(result, day), session=session)
            view = match_day_view(day, session=session)
        return Outcome(view, self._changes(view, "result"))

    def postgame(
        self,
        fixture: int,
        *,
        seed: int | None = None,
        typed: Sequence[int] = (),
        mvp: Sequence[str] = (),
        hire: Sequence[str] = (),
        all_typed: bool = False,
    ) -> Outcome[MatchDayView]:
        """Apply the post-game sequence in one transaction (all of it or nothing).

        Args:
            all_typed: every roll must be typed; a missing one is refused, never rolled.

        Raises:
            RuleViolation: no result yet, already applied, a bad MVP or hire; with
                ``all_typed``, a roll that was not typed in.
        """
        dice = MatchDayDice(seed, typed, all_typed=all_typed)
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="postgame")
            day = require_match_day(fixture, ("result_entered",), "apply the post-game", session=session)
            apply_postgame(day, dice, session=session, mvp=mvp, hire=hire)
            dice.check_all_used()
            view = match_day_view(day, session=session)
        return Outcome(view, self._changes(view, "post-game"))

    def correct(
        self,
        fixture: int,
        result: MatchResult | Mapping[str, Any],
        reason: str,
        *,
        recompute: bool = False,
    ) -> Outcome[MatchDayView]:
        """Replace a result with a recorded reason, reversing and re-applying its post-game.

        Args:
            recompute: revert the advancements bought with SPP the correction takes away
                and re-apply them in order (the commissioner confirmed it).

        Raises:
            CorrectionDependencies: advancements depend on the result (each named) and
                ``recompute`` was not given; nothing is changed.
            RuleViolations: conflicts with what was done since; nothing is changed.
        """
        with self.transaction() as session:
            lock_fixture_teams(fixture, session=session, step="correct")
            refuse_bb2020_correction(fixture, session=session)
            day = require_match_day(fixture, CORRECTABLE, "correct the result", session=session)
            changes = correct_result(
                day, parse_result(result, day), reason, session=session, recompute=recompute
            )
            view = match_day_view(day, session=session)
        return Outcome(view, self._changes(view, "correction: " + "; ".join(changes)))

    def play(self, fixture: int, *, seed: int | None = None, bot: str = "random") -> Outcome[MatchDayView]:
        """Play the fixture on the match engine and record its result (pre-game first when needed).

        Raises:
            RuleViolation: an unknown bot, or a fixture that cannot be played now.
        """
        if bot not in BOTS:
            raise RuleViolation("bot", f"unknown bot '{bot}' (bots: {', '.join(BOTS)})")
        dice = MatchDayDice(seed)
        with self.transaction() as session:
            day = play_on_engine(fixture, dice, bot, session=session)
            view = match_day_view(day, session=session)
        return Outcome(view, self._changes(view, "played on the engine"))

    @staticmethod
    def _changes(view: MatchDayView, what: str) -> Changes:
        return Changes(
            teams=view.team_ids,
            fixtures=frozenset({view.fixture_id}),
            description=f"fixture {view.fixture_id}: {what}",
        )


def _undo_changes(fixture: int, what: str, changes: list[str], *, session: Session) -> Changes:
    """The change notice of a classic undo: the fixture and both its teams."""
    row = session.get(Fixture, fixture)
    teams = frozenset(t for t in (row.home_team_id, row.away_team_id) if t) if row else frozenset()
    said = f"fixture {fixture}: {what}" + (": " + "; ".join(changes) if changes else "")
    return Changes(fixtures=frozenset({fixture}), teams=teams, description=said)


def _classic_prematch_row(fixture: int, session: Session) -> ClassicPreMatch:
    """The fixture's classic pre-match row.

    Raises:
        NotFound: the fixture has had no classic pre-match.
    """
    row = find_classic_prematch(fixture, session=session)
    if row is None:
        raise NotFound(f"fixture {fixture} has had no classic pre-match")
    return row

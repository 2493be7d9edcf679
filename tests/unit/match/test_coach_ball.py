"""The coach's ball plays and reasons: blitz odds from another square, a reason per activation,
and hand-offs or passes in a seeded game."""

from league_manager.match.bots.coach_ball import block_odds_from, dice_text
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.engine import Match
from league_manager.match.odds import block_odds
from league_manager.match.pitch import NEIGHBOURS, W, scoring_x
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset


def _match(seed: int) -> Match:
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("human"), seed, prefix="home-")
    away = generate_team(ruleset.team("human"), seed + 1, prefix="away-")
    return Match(home, away, seed=seed, snapshots=False, ruleset=ruleset, allow_inert=True)


def _play(match: Match, bots: tuple[CoachBot, CoachBot], until: int) -> tuple[list[str], list[str]]:
    kinds: list[str] = []
    reasons: list[str] = []
    while match.prompt is not None and len(kinds) < until:
        prompt = match.prompt
        action = bots[prompt.team].choose(match)
        assert match.is_legal(action)
        if action.kind.startswith("activate_"):
            reasons.append(bots[prompt.team].reason)
        kinds.append(action.kind)
        match.apply(action)
        if action.kind in ("activate_handoff", "activate_pass") and until > 1000:
            break  # the long run stops at the first ball play
    return kinds, reasons


def test_blitz_odds_from_a_square_count_the_assists_there_and_put_the_player_back() -> None:
    match = _match(3)
    bots = (CoachBot(1), CoachBot(2))
    _play(match, bots, 200)
    s = match.state
    for p in s.players_of(0):
        for foe in s.players_of(1):
            if s.pos[p] < 0 or s.pos[foe] < 0:
                continue
            for square in NEIGHBOURS[s.pos[foe]]:
                if s.board[square] >= 0:
                    continue
                board, pos = list(s.board), list(s.pos)
                there = block_odds_from(match, p, foe, square, blitz=True)
                assert s.board == board and s.pos == pos
                old = s.pos[p]
                s.board[old], s.board[square], s.pos[p] = -1, p, square
                moved = block_odds(match.ctx, p, foe, True)
                s.board[square], s.board[old], s.pos[p] = -1, p, old
                assert there == moved
                assert dice_text(there).endswith(("block", "they choose"))
                return
    raise AssertionError("no free square next to an opponent")


def test_every_coach_activation_has_a_reason_and_the_ball_is_handed_on() -> None:
    match = _match(11)
    kinds, reasons = _play(match, (CoachBot(11), CoachBot(12)), 100_000)
    assert reasons and all(reasons)
    assert "activate_handoff" in kinds or "activate_pass" in kinds
    assert any(r.startswith(("handoff to a free receiver", "pass to a free receiver")) for r in reasons)


def test_the_carrier_values_ground_more_late_in_the_half_and_a_square_that_scores_next_turn() -> None:
    match = _match(3)
    bots = (CoachBot(1), CoachBot(2))
    _play(match, bots, 200)
    s = match.state
    carrier = next(p for p in s.players_of(0) if s.pos[p] >= 0)
    coach = bots[0]
    y = 7
    back, ahead = 5 + y * W, 9 + y * W  # two empty-board squares far from the end zone
    near_goal = scoring_x(0) - 1 + y * W - (s.ma[carrier] - 1)  # scores next turn from here
    far_goal = near_goal - 4
    saved_turn, saved_pos = list(s.turn), list(s.pos)
    for p in s.players_of(1):
        s.pos[p] = -1  # no opponent near any square: only ground and threat count
    try:
        s.turn[0] = 1
        early = coach._safety(match, 0, ahead, carrier) - coach._safety(match, 0, back, carrier)
        s.turn[0] = 8
        late = coach._safety(match, 0, ahead, carrier) - coach._safety(match, 0, back, carrier)
        threat = coach._safety(match, 0, near_goal, carrier) - coach._safety(match, 0, far_goal, carrier)
    finally:
        s.turn, s.pos = saved_turn, saved_pos
    assert 0 < early < late
    assert threat > late  # four squares more, plus the bonus for scoring next turn

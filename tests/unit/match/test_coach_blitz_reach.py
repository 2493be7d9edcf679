"""A Blitz's walk keeps a square back for its block (BB2020: the block costs one square of the
move, or a Rush when none is left): the coach never plans a blitz whose walk spends the last
Rush, and a square that needs the block's Rush is priced with it."""

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_bot import CoachBot, Pick
from league_manager.match.bots.coach_hits import blitz
from league_manager.match.engine import Match
from league_manager.match.pitch import sq
from tests.unit.match.coach_positions import players, position


def _blitzer_and_their_carrier(steps_beyond_move: int) -> tuple[Match, CoachBot, set[Action], int, int]:
    """Their carrier alone at (20, 7); our fastest player on row 7, ``steps_beyond_move``
    squares more than its MA from the square in front of the carrier, (19, 7)."""
    probe, _bot, _options = position({}, -1)
    ours = players(probe, 0, 6)[0]
    theirs = players(probe, 1, 5)[0]
    start = 19 - (probe.state.ma[ours] + steps_beyond_move)
    match, bot, options = position({ours: sq(start, 7), theirs: sq(20, 7)}, theirs)
    match.state.turn = [8, 8]  # the last turn: the coach blitzes at any worth
    return match, bot, options, ours, theirs


def test_a_blitz_never_walks_on_its_last_rush() -> None:
    match, bot, options, ours, theirs = _blitzer_and_their_carrier(2)
    front = sq(19, 7)
    assert front in bot._plans(match, ours)  # a Move gets there on two Rushes
    assert front not in bot._plans(match, ours, blitz=True)  # a Blitz would have no block left
    assert blitz(bot, match, 0, options, theirs) is None  # no square beside the carrier left


def test_the_blocks_rush_is_priced_into_the_blitzers_reach() -> None:
    match, bot, options, ours, theirs = _blitzer_and_their_carrier(1)
    front = sq(19, 7)
    move = bot._plans(match, ours)[front]
    walk = bot._plans(match, ours, blitz=True)[front]
    assert walk.path == move.path and walk.p_with_rerolls < move.p_with_rerolls  # one Rush more
    assert blitz(bot, match, 0, options, theirs) == Action(acts.ACTIVATE[acts.BLITZ], ours)
    assert bot._foe == theirs and "reaching them" in bot.reason


def test_a_rooted_player_is_never_sent_on_a_blitz_it_could_not_block_in() -> None:
    probe, _bot, _options = position({}, -1)
    ours, theirs = players(probe, 0, 6)[0], players(probe, 1, 5)[0]
    for rooted in (False, True):
        match, bot, options = position({ours: sq(19, 7), theirs: sq(20, 7)}, theirs)
        match.state.turn = [8, 8]
        if rooted:
            match.state.rooted.add(ours)  # Take Root failed: no square to move, so no block
        action = blitz(bot, match, 0, options, theirs)
        assert (action is None) == rooted
        assert not rooted or set(bot._plans(match, ours, blitz=True)) <= {sq(19, 7)}


def test_a_blitzer_blocks_from_the_square_its_odds_were_priced_from() -> None:
    """A walk that passes a square beside the target goes on to its planned square (the block's
    assists and push were priced there) and blocks from it."""
    probe, _bot, _options = position({}, -1)
    ours, theirs = players(probe, 0, 6)[0], players(probe, 1, 5)[0]
    match, bot, _options = position({ours: sq(18, 6), theirs: sq(20, 7)}, theirs)
    first, priced = sq(19, 6), sq(19, 7)  # both beside the target
    walk = (Action(acts.MOVE, ours, first), Action(acts.MOVE, ours, priced))
    bot.take(Pick(Action(acts.ACTIVATE[acts.BLITZ], ours), walk, ours, theirs, acts.BLITZ, "blitz"))
    info = {"player": ours, "action": acts.BLITZ}
    bot._activation(match, Prompt(acts.ACTIVATION, 0, [Action(acts.MOVE, ours, first)], info))
    block = Action(acts.BLOCK, ours, sq(20, 7))
    beside = [Action(acts.MOVE, ours, priced), block, Action(acts.END_ACTIVATION)]
    assert bot._activation(match, Prompt(acts.ACTIVATION, 0, beside, info)) == walk[1]
    assert bot._activation(match, Prompt(acts.ACTIVATION, 0, [block], info)) == block


def test_a_blitzer_whose_walk_cannot_go_on_blocks_where_it_stands() -> None:
    probe, _bot, _options = position({}, -1)
    ours, theirs = players(probe, 0, 6)[0], players(probe, 1, 5)[0]
    match, bot, _options = position({ours: sq(19, 6), theirs: sq(20, 7)}, theirs)
    walk = (Action(acts.MOVE, ours, sq(19, 7)),)
    bot.take(Pick(Action(acts.ACTIVATE[acts.BLITZ], ours), walk, ours, theirs, acts.BLITZ, "blitz"))
    block = Action(acts.BLOCK, ours, sq(20, 7))
    prompt = Prompt(acts.ACTIVATION, 0, [block, Action(acts.END_ACTIVATION)], {"player": ours})
    assert bot._activation(match, prompt) == block  # the next square is not offered: hit now

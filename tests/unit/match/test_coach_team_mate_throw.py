"""The coach's team-mate throw on the half's last team turn: a Treeman throws the Halfling
carrier towards the end zone and the carrier runs in (through the engine, at a real
team-turn prompt); not before the last turn, not a carrier without Right Stuff, every player
put back after the count; a successful throw is not re-rolled; on the turn before, the
carrier too far out to run in ends next to the thrower."""

from league_manager.match import actions as acts
from league_manager.match.actions import Action, Prompt
from league_manager.match.bots.coach_bot import CoachBot
from league_manager.match.bots.coach_carrier import carrier_move
from league_manager.match.bots.coach_team_mate_throw import (
    LEAST,
    _quality_odds,
    best_throw,
    free_run,
    launch_squares,
    thrower_ready,
    throwers,
)
from league_manager.match.engine import Match
from league_manager.match.events import Event
from league_manager.match.pitch import NEIGHBOURS, scoring_x, sq, xy
from league_manager.match.skills import points
from league_manager.match.state import TURNS_PER_HALF
from league_manager.match.teams import generate_team
from league_manager.rules.loader import load_ruleset
from tests.unit.match.coach_positions import place, play_activation


def _halfling_turn(
    spots: dict[str, int], turn: int = TURNS_PER_HALF, seed: int = 3
) -> tuple[Match, dict[str, int]]:
    """Home's team turn in a Halfling mirror with only the named players on the pitch
    ("carrier": a Right Stuff Halfling holding the ball, "tree": a Treeman, "hefty": a Halfling
    without Right Stuff, "idle": a Halfling used to refresh the options) and the engine's own
    options for them; the turn counter set to ``turn``."""
    ruleset = load_ruleset("bb2020")
    home = generate_team(ruleset.team("halfling"), seed, prefix="home-")
    away = generate_team(ruleset.team("halfling"), seed + 1, prefix="away-")
    match = Match(home, away, seed=seed, snapshots=False, ruleset=ruleset, allow_inert=True)
    bots = (CoachBot(1), CoachBot(2))
    while (prompt := match.prompt) is not None and not (prompt.kind == acts.TURN and prompt.team == 0):
        match.apply(bots[prompt.team].choose(match))
    s = match.state
    c = match.ctx
    mine = list(s.players_of(0))
    light = [p for p in mine if c.has(p, points.RIGHT_STUFF)]
    who = {
        "carrier": light[0],
        "idle": light[1],
        "tree": next(p for p in mine if c.has(p, points.THROW_TEAM_MATE)),
        "hefty": next((p for p in mine if not c.has(p, points.RIGHT_STUFF) and s.st[p] <= 3), -1),
        "foe": next(iter(s.players_of(1))),
    }
    place(match, {who[name]: square for name, square in spots.items()} | {who["idle"]: sq(1, 0)})
    holder = who["hefty"] if "hefty" in spots else who["carrier"]
    s.carrier, s.ball = holder, s.pos[holder]
    s.turn[0] = turn
    match.apply(Action(acts.ACTIVATE[acts.MOVE], who["idle"]))  # the next prompt lists the placed players
    match.apply(Action(acts.END_ACTIVATION))
    return match, who


def test_on_the_last_turn_the_treeman_throws_the_carrier_who_runs_in() -> None:
    match, who = _halfling_turn({"carrier": sq(11, 7), "tree": sq(10, 7), "foe": sq(12, 1)})
    s = match.state
    carrier, tree = who["carrier"], who["tree"]
    assert scoring_x(0) - xy(s.pos[carrier])[0] > s.ma[carrier] + 2  # too far to run in
    coach = CoachBot(1)
    first = coach.choose(match)
    assert first == Action(acts.ACTIVATE[acts.TTM], tree)
    assert coach.reason.startswith("last turn: throw the carrier towards the end zone")
    match.apply(first)
    play_activation(match, coach)
    thrown = [e for e in match.events if e.kind == "throw_team_mate"]
    assert thrown and thrown[-1].other == carrier and xy(thrown[-1].square)[0] > 11  # thrown ahead
    landed = [e for e in match.events if e.kind == "landing"]
    assert landed and landed[-1].success  # this seed's dice: a successful throw, landed
    assert s.carrier == carrier and not s.used[carrier]
    run = coach.choose(match)
    assert run == Action(acts.ACTIVATE[acts.MOVE], carrier)
    assert coach.reason.startswith("run for the end zone")


def test_no_throw_before_the_last_turn_nor_of_a_carrier_without_right_stuff() -> None:
    match, who = _halfling_turn({"carrier": sq(11, 7), "tree": sq(10, 7)})
    assert match.prompt is not None
    s = match.state
    options = set(match.prompt.options)
    kept = (list(s.board), list(s.pos), s.ball, list(s.rerolls), list(s.extra_rerolls))
    found = best_throw(CoachBot(1), match, who["carrier"], throwers(match, options, who["carrier"]))
    assert found is not None and found.chance > LEAST and found.walk is None
    assert (s.board, s.pos, s.ball, s.rerolls, s.extra_rerolls) == kept  # players and re-rolls put back
    s.turn[0] = TURNS_PER_HALF - 1
    assert throwers(match, options, who["carrier"]) == []
    match, who = _halfling_turn({"hefty": sq(11, 7), "tree": sq(10, 7)})
    assert match.prompt is not None
    assert throwers(match, set(match.prompt.options), who["hefty"]) == []


def test_the_treeman_walks_next_to_the_carrier_to_throw_it() -> None:
    match, who = _halfling_turn({"carrier": sq(11, 7), "tree": sq(9, 7)})
    s = match.state
    tree = who["tree"]
    coach = CoachBot(1)
    first = coach.choose(match)
    assert first == Action(acts.ACTIVATE[acts.TTM], tree)
    assert coach._plan[0].kind == acts.MOVE and coach._plan[0].square in NEIGHBOURS[sq(11, 7)]
    assert coach._plan[-2] == Action(acts.THROW, tree, sq(11, 7))
    match.apply(first)
    play_activation(match, coach)  # every step legal where the engine asks
    rooted = any(e.kind == "rooted" and e.player == tree for e in match.events)
    thrown = [e for e in match.events if e.kind == "throw_team_mate" and e.player == tree]
    assert rooted or (thrown and thrown[-1].other == who["carrier"] and s.pos[tree] in NEIGHBOURS[sq(11, 7)])


def test_the_throw_counts_what_can_stop_it() -> None:
    match, who = _halfling_turn({"carrier": sq(11, 7), "tree": sq(10, 7)})
    s = match.state
    carrier, tree = who["carrier"], who["tree"]
    assert thrower_ready(match, tree, walks=False) == 1.0  # Take Root does not stop a throw
    assert thrower_ready(match, tree, walks=True) == 5 / 6  # but it stops the walk
    s.skills[tree] = s.skills[tree] | {"Always Hungry"}
    match.ctx.refresh_hooks(tree)
    assert thrower_ready(match, tree, walks=False) == 5 / 6  # a 1 fumbles or eats the carrier
    assert match.prompt is not None
    options = set(match.prompt.options)
    assert throwers(match, options, carrier) == [tree]
    s.tz_lost[carrier] = True  # it would crash-land
    assert throwers(match, options, carrier) == []


def test_a_successful_throw_is_not_rerolled_a_fumbled_one_is_nor_take_root_without_a_walk() -> None:
    match, who = _halfling_turn({"carrier": sq(11, 7), "tree": sq(10, 7)})
    coach = CoachBot(1)
    tree = who["tree"]
    offer = Prompt(
        acts.REROLL,
        0,
        [Action(acts.USE_TEAM_REROLL, tree), Action(acts.DECLINE)],
        {"player": tree, "roll": "throw", "skill": ""},
    )
    pro = Prompt(acts.REROLL, 0, [Action(acts.USE_PRO, tree), Action(acts.DECLINE)], dict(offer.info))
    match.ctx.events.append(Event("throw_quality", 0, tree, (3,), 5, detail="successful"))
    assert coach._reroll(match, offer) == Action(acts.DECLINE)
    assert coach._reroll(match, pro) == Action(acts.DECLINE)  # not with Pro (or a skill) either
    match.ctx.events.append(Event("throw_quality", 0, tree, (1,), 5, detail="fumbled"))
    assert coach._reroll(match, offer) == Action(acts.USE_TEAM_REROLL, tree)
    assert coach._reroll(match, pro) == Action(acts.USE_PRO, tree)
    root = Prompt(acts.REROLL, 0, list(offer.options), {"player": tree, "roll": "take_root", "skill": ""})
    coach._player, coach._plan = tree, [Action(acts.THROW, tree, sq(11, 7))]
    assert coach._reroll(match, root) == Action(acts.DECLINE)  # rooted, it throws all the same
    coach._plan = [Action(acts.MOVE, tree, sq(11, 6)), Action(acts.THROW, tree, sq(11, 7))]
    assert coach._reroll(match, root) == Action(acts.USE_TEAM_REROLL, tree)  # it must walk first


def test_the_turn_before_the_last_a_far_carrier_ends_next_to_its_thrower() -> None:
    match, who = _halfling_turn({"carrier": sq(6, 7), "tree": sq(12, 9)}, turn=TURNS_PER_HALF - 1)
    assert match.prompt is not None
    s = match.state
    launch = launch_squares(match, 0, who["carrier"])
    assert launch == frozenset(NEIGHBOURS[sq(12, 9)])
    coach = CoachBot(1)
    assert carrier_move(coach, match, 0, set(match.prompt.options), who["carrier"]) is not None
    end = coach._plan[-1].square
    assert end in launch
    s.turn[0] = TURNS_PER_HALF - 2
    assert launch_squares(match, 0, who["carrier"]) == frozenset()
    s.turn[0] = TURNS_PER_HALF - 1
    place(match, {who["carrier"]: sq(6, 7), who["tree"]: sq(9, 9)})
    s.ball = sq(6, 7)
    assert launch_squares(match, 0, who["carrier"]) == frozenset()  # the thrower is too far back


def test_the_run_after_landing_takes_no_dice_only_round_team_mates_and_tackle_zones() -> None:
    match, who = _halfling_turn(
        {"carrier": sq(11, 7), "tree": sq(10, 7), "hefty": sq(20, 7), "foe": sq(22, 9)}
    )
    carrier = who["carrier"]
    s = match.state
    s.carrier, s.ball = carrier, s.pos[carrier]
    assert free_run(match, carrier, sq(19, 7), 7) == 6  # round the team-mate on (20, 7)
    assert free_run(match, carrier, sq(21, 9), 7) is None  # it starts marked: a dodge
    assert free_run(match, carrier, sq(19, 11), 7) == 6  # a lane clear of the foe's tackle zone
    assert free_run(match, carrier, sq(19, 7), 5) is None  # out of its reach


def test_the_throws_quality_odds_follow_the_engines_roll() -> None:
    match, who = _halfling_turn({"carrier": sq(11, 7), "tree": sq(10, 7)})
    s = match.state
    tree = who["tree"]
    s.rerolls[0], s.extra_rerolls[0] = 0, 0
    odds = _quality_odds(match, tree)
    pa = s.pa[tree]  # 5+ with Strong Arm's +1: superb on 4+ Quick, 5+ Short; a 1 fumbles
    assert pa == 5
    assert odds[1] == [("superb", 3 / 6, 0), ("successful", 2 / 6, 0)]
    assert odds[2] == [("superb", 2 / 6, 0), ("successful", 3 / 6, 0)]
    s.rerolls[0] = 1  # the coach re-rolls the fumble (and nothing else) with the team's
    assert odds != _quality_odds(match, tree)
    assert _quality_odds(match, tree)[1] == [
        ("superb", 3 / 6, 0),
        ("superb", 3 / 6 * 1 / 6, 1),
        ("successful", 2 / 6, 0),
        ("successful", 2 / 6 * 1 / 6, 1),
    ]
    s.skills[tree] = s.skills[tree] | {"Pro"}  # the coach takes Pro before a team re-roll
    match.ctx.refresh_hooks(tree)
    assert _quality_odds(match, tree)[1][1] == ("superb", 3 / 6 * 1 / 6 * 4 / 6, 0)

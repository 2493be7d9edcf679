"""The learned value's weights (generated: do not edit by hand).

Made by
``benchmarks/fit_value.py 200 2 --races mirrors --target half --ridge 1.0``
on 2026-11-26: 200 coach-v-coach games (BB2020, mirrors), 39572 positions; a ridge
regression of the net touchdowns still to come (``--target half``: those of this half, plus the
value fitted on second halves at the second half's kick-off) on
:data:`~league_manager.match.bots.learned_value.FEATURES`.
Held-out games: R^2 0.083, correlation 0.350 (the hand-made position
value's: 0.302).
"""

WEIGHTS: dict[str, float] = {
    "act": -0.10400,
    "idle": 0.13496,
    "recv": -0.01654,
    "recv_time": 0.19461,
    "recv_second": 0.22272,
    "time": -0.20707,
    "carry": -0.24124,
    "carry_dead": -0.02052,
    "carry_time": 0.12490,
    "carry_gain": 0.78379,
    "carry_threat": -0.03299,
    "carry_threat_last": -0.22817,
    "carry_in_time": 0.14535,
    "carry_marked": -0.01979,
    "carry_near": -0.03594,
    "carry_reach": 0.03531,
    "carry_guard": 0.01015,
    "carry_side": -0.21798,
    "loose_near": -0.18809,
    "loose_act": 0.01546,
    "loose_reach": 0.03188,
    "players": 0.16464,
    "players_time": 0.67785,
    "rerolls_time": 0.10247,
}

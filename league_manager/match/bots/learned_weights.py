"""The learned value's weights (generated: do not edit by hand).

Made by
``benchmarks/fit_value.py 200 2 --races mirrors --target half --ridge 1.0``
on 2026-11-26: 200 coach-v-coach games (BB2020, mirrors), 38572 positions; a ridge
regression of the net touchdowns still to come (``--target half``: those of this half, plus the
value fitted on second halves at the second half's kick-off) on
:data:`~league_manager.match.bots.learned_value.FEATURES`.
Held-out games: R^2 0.135, correlation 0.370 (the hand-made position
value's: 0.362).
"""

WEIGHTS: dict[str, float] = {
    "act": -0.24121,
    "idle": 0.17733,
    "recv": -0.04625,
    "recv_time": 0.15830,
    "recv_second": -0.04545,
    "time": 1.04625,
    "carry": -0.18331,
    "carry_dead": -0.03125,
    "carry_time": 0.15634,
    "carry_gain": 0.72789,
    "carry_threat": 0.06418,
    "carry_threat_last": -0.20533,
    "carry_in_time": 0.10664,
    "carry_marked": -0.02664,
    "carry_near": -0.03179,
    "carry_reach": -0.05198,
    "carry_guard": 0.01149,
    "carry_side": -0.20201,
    "loose_near": -0.08802,
    "loose_act": -0.05384,
    "loose_reach": 0.16768,
    "players": -0.04879,
    "players_time": 1.23525,
    "rerolls_time": 0.12874,
}

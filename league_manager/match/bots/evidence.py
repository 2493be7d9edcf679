"""When a look-ahead has seen enough to overrule the coach: a gain clear of the samples' spread.

The veteran and the legend try every idea on the same dice seeds (common random numbers), so
sample *i* of the coach's first idea and sample *i* of another form a pair, and the pairs'
differences say how much the other idea gains and how sure that is. Measured on veteran and
legend games (``benchmarks/lookahead_diagnosis.py``), most ideas the coach offers are the same
turn in another order and end in the same position, and a constant margin let the bots
overrule the coach on the noise of a few samples, about a third of the veteran's decisions,
for no gain over the turn and the other team's reply. So another idea replaces the first only
when its mean paired gain is above the fixed floor *and* a number of standard errors of the
paired differences (:data:`Z` unless the caller asks for another number).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z = 1.5
"""Standard errors of the paired differences the mean gain must clear (the veteran's)."""


def clear_gain(first: Sequence[float], other: Sequence[float], floor: float, z: float = Z) -> float | None:
    """The mean gain of ``other`` over ``first`` (paired samples, the same seeds in the same
    order) when it clears both ``floor`` and ``z`` standard errors; None otherwise.

    Args:
        first: the coach's first idea's values, sample by sample.
        other: another idea's values on the same samples.
        floor: the least mean gain that can ever overrule the first idea.
        z: the standard errors of the paired differences the gain must clear.

    Returns:
        The mean gain, or None when the evidence is not clear.
    """
    n = min(len(first), len(other))
    if n == 0:
        return None
    diffs = [other[i] - first[i] for i in range(n)]
    mean = sum(diffs) / n
    if n > 1:
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        needed = max(floor, z * spread / math.sqrt(n))
    else:
        needed = floor
    return mean if mean > needed else None

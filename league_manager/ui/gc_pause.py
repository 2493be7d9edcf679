"""Keep Python's cyclic garbage collector off while Python code runs on a worker thread.

Python runs its cyclic collector on whichever thread happens to allocate. On a worker thread
it would destroy abandoned Qt objects (a widget's wrapper caught in a reference cycle) there,
off the thread that owns them, and the process can crash. So the desktop's busy workers (the
operations runner, the board's bot thought) pause the collector for as long as they run; the
remote-play threads, which mostly wait on the network, do not. The pauses nest: the collector
comes back, if it was on, when the last one ends, and the garbage made meanwhile goes in its
next collection. Pause and resume only from the GUI thread (there is no lock). Anki takes the
same precaution.
"""

from __future__ import annotations

import gc

_depth = 0
_was_enabled = False


def pause(collect_first: bool = False) -> None:
    """Turn the collector off until the matching :func:`resume` (``collect_first``: collect on
    this thread before, when this is the outermost pause and automatic collection is on; under
    the application's :class:`~league_manager.ui.garbage.GuiThreadCollector` it is off, and the
    collector's timer collects instead)."""
    global _depth, _was_enabled
    if _depth == 0:
        if collect_first and gc.isenabled():
            gc.collect()
        _was_enabled = gc.isenabled()
        gc.disable()
    _depth += 1


def resume() -> None:
    """End one :func:`pause`; the last one turns the collector back on if it was on."""
    global _depth
    if _depth == 0:
        raise RuntimeError("gc_pause.resume() without a pause")
    _depth -= 1
    if _depth == 0 and _was_enabled:
        gc.enable()


def paused() -> int:
    """How many pauses are open."""
    return _depth


def reset() -> None:
    """Close every open pause and turn the collector on (a test that leaked one cleans up)."""
    global _depth
    _depth = 0
    gc.enable()

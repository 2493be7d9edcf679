"""The installed Qt binding keeps Python's reference counts (guards a pinned-out release).

PySide6 6.12.0 returns ``True`` from ``Signal.emit()`` without taking a reference: each
emit frees one reference of ``True`` until the interpreter aborts ("deallocating True")
or memory is corrupted (the intermittent segfaults of the test suite). pyproject.toml
keeps that release out; this test fails if a binding with the fault comes back.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Qt, Signal, Slot


class _Emitter(QObject):
    plain = Signal()
    number = Signal(int)


class _Receiver(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.got: list[int] = []

    @Slot(int)
    def take(self, n: int) -> None:
        self.got.append(n)


def _true_and_false() -> tuple[int, int]:
    return sys.getrefcount(True), sys.getrefcount(False)


def test_emitting_signals_leaves_the_reference_counts_of_the_booleans_alone(qapp: object) -> None:
    emitter, receiver = _Emitter(), _Receiver()
    emitter.number.connect(receiver.take, Qt.ConnectionType.DirectConnection)
    before = _true_and_false()
    for n in range(100):
        emitter.plain.emit()
        emitter.number.emit(n)
    assert _true_and_false() == before
    assert receiver.got == list(range(100))

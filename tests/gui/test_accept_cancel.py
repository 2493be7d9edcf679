"""The dialogs' foot (``widgets.accept_cancel``): Enter presses the accept button, Escape and
Cancel reject, and a button made already keeps its look."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLineEdit, QPushButton, QVBoxLayout

from league_manager.ui.widgets import accept_cancel, button


def _dialog(qtbot: Any, made: bool) -> tuple[QDialog, QLineEdit, list[str]]:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    layout = QVBoxLayout(dialog)
    name = QLineEdit()
    layout.addWidget(name)
    pressed: list[str] = []
    accept = button("Hire", "save", primary=True) if made else "Hire"
    accept_cancel(layout, accept, lambda: pressed.append("accept"), lambda: pressed.append("cancel"))
    dialog.show()
    qtbot.waitExposed(dialog)
    name.setFocus()
    return dialog, name, pressed


def test_enter_in_a_field_presses_the_accept_button(qtbot: Any) -> None:
    for made in (False, True):
        _, name, pressed = _dialog(qtbot, made)
        qtbot.keyClick(name, Qt.Key.Key_Return)
        assert pressed == ["accept"], made  # not Cancel, the first button after the field


def test_escape_and_cancel_reject_and_a_made_button_keeps_its_style(qtbot: Any) -> None:
    dialog, name, pressed = _dialog(qtbot, True)
    hire = [b for b in dialog.findChildren(QPushButton) if b.text() == "Hire"]
    assert [b.objectName() for b in hire] == ["primary"]
    qtbot.keyClick(name, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected and pressed == []  # the dialog's own reject
    dialog, _, pressed = _dialog(qtbot, False)
    cancel = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel")
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    assert pressed == ["cancel"]

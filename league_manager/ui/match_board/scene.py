"""The pitch scene: 26x15 squares, zones and lines, player tokens, the ball, overlays, dugouts.

The static pitch is drawn once; tokens, ball and overlays are rebuilt from the match state and
the controller's marks on every update (a few dozen items: well under a frame).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from league_manager.match import actions as a
from league_manager.match.pitch import HALF_LINE, LENGTH, ON_PITCH, WIDTH, sq, xy
from league_manager.match.state import CASUALTY, KO, PRONE, RESERVE, SENT_OFF, STUNNED, State
from league_manager.rules.team_colours import TeamColours, board_colours, ink
from league_manager.ui.match_board.controller import BoardController, Mark

S = 40.0
"""Side of a square in scene units."""
DUG_H = 104.0
"""Height of a dugout band: the home one above the pitch, the away one below it."""
DUG_CELL = 30.0
PITCH_X = 0.0
PITCH_Y = DUG_H + 8
DUG_TOP = (0.0, PITCH_Y + WIDTH * S + 8)
"""Top of each team's dugout band."""
GUTTER = 280.0
"""Width of the strip right of the pitch and dugouts where the prompt panel goes when it would
cover a token or a square to click anywhere next to the player (so the whole pitch stays
visible). At 1366x768 the view is limited by its height, so the strip costs the pitch little."""
BOX_SHARES = (0.40, 0.20, 0.25, 0.15)
"""Share of the band's length for each box of ``BOXES``."""
DEFAULT_COLOURS = (TeamColours("#1f5fa8", "#f2f2f2"), TeamColours("#d9771e", "#1a1a1a"))
"""Home blue, away orange (told apart with any colour vision) when a game brings no colours."""
GRASS = ((QColor("#3f7d3a"), QColor("#467f40")), (QColor("#2d5a2a"), QColor("#31602e")))
"""The two shades of the pitch, light theme then dark."""
MARK_COLOURS = {
    "move": QColor(200, 255, 150, 95),
    "block": QColor(230, 60, 60, 110),
    "foul": QColor(160, 40, 160, 110),
    "pass": QColor(60, 140, 230, 100),
    "push": QColor(250, 200, 40, 120),
    "place": QColor(80, 200, 120, 60),
    "kick": QColor(250, 200, 40, 70),
    "player": QColor(255, 255, 255, 60),
    "target": QColor(250, 200, 40, 110),
    "reach": QColor(200, 255, 150, 40),
    "path": QColor(255, 225, 80, 130),
}
BOXES = (("Reserves", RESERVE), ("KO'd", KO), ("Casualties", CASUALTY), ("Sent off", SENT_OFF))


def square_rect(square: int) -> QRectF:
    """The scene rectangle of a pitch square."""
    x, y = xy(square)
    return QRectF(PITCH_X + x * S, PITCH_Y + y * S, S, S)


def gutter_rect() -> QRectF:
    """The scene rectangle of the panel strip right of the pitch (see :data:`GUTTER`)."""
    return QRectF(PITCH_X + LENGTH * S + 4, 0.0, GUTTER, DUG_TOP[1] + DUG_H)


def square_at(point: QPointF) -> int:
    """The pitch square under a scene point, or -1."""
    x = int((point.x() - PITCH_X) // S)
    y = int((point.y() - PITCH_Y) // S)
    if 0 <= x < LENGTH and 0 <= y < WIDTH:
        return sq(x, y)
    return -1


def initials(position: str) -> str:
    """Two or three letters for a position ("Blitzer" -> "Bz", "Black Orc" -> "BO")."""
    words = [w for w in position.replace("-", " ").split() if w]
    if len(words) >= 2:
        return "".join(w[0] for w in words[:3]).upper()
    word = words[0] if words else "?"
    return (word[0] + (word[2] if len(word) > 2 else "")).title()


def reach_fill(text: str) -> QColor:
    """The shade of a far square: green when safe, through yellow, to red when risky."""
    digits = "".join(c for c in text if c.isdigit())
    chance = int(digits) if digits else 100
    if chance >= 90:
        return QColor(200, 255, 150, 40)
    if chance >= 67:
        return QColor(240, 230, 90, 55)
    return QColor(240, 120, 70, 65)


def thinned_labels(marks: tuple[Mark, ...]) -> set[int]:
    """The far squares whose chance is written: not next to a written square with the same one.

    A block of squares with one chance shows it on a few squares, not on every one; a square
    whose chance differs from its neighbours always shows it (the shade tells the rest, and
    the path preview gives the exact figure).
    """
    shown: dict[int, str] = {}
    for mark in sorted(marks, key=lambda m: (xy(m.square)[1], xy(m.square)[0])):
        if not mark.text:
            continue
        x, y = xy(mark.square)
        near = (
            shown.get(sq(x + dx, y + dy))
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if 0 <= x + dx < LENGTH and 0 <= y + dy < WIDTH
        )
        if mark.text not in near:
            shown[mark.square] = mark.text
    return set(shown)


class ReachLayer(QGraphicsItem):
    """Far squares a player can reach, each with its chance, painted once and cached."""

    def __init__(self, marks: tuple[Mark, ...]) -> None:
        super().__init__()
        self.marks = marks
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return QRectF(PITCH_X, PITCH_Y, LENGTH * S, WIDTH * S)

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        painter.setFont(QFont("Sans", 7, QFont.Weight.Bold))
        labelled = thinned_labels(self.marks)
        for mark in self.marks:
            r = square_rect(mark.square)
            painter.fillRect(r, reach_fill(mark.text))
            if mark.square in labelled:
                box = painter.fontMetrics().boundingRect(mark.text)
                chip = QRectF(
                    r.center().x() - box.width() / 2 - 2,
                    r.bottom() - box.height() - 1,
                    box.width() + 4,
                    box.height(),
                )
                painter.fillRect(chip, QColor(0, 0, 0, 70))
                painter.setPen(QColor("white"))
                painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, mark.text)


class PitchScene(QGraphicsScene):
    """Everything drawn on the board."""

    def __init__(self, dark: bool = False, colours: tuple[TeamColours, ...] = ()) -> None:
        super().__init__()
        self.dark = dark
        home, away = colours if len(colours) == 2 else DEFAULT_COLOURS
        shown = board_colours(home, away, GRASS[dark][0].name())
        self.fills = tuple(QColor(c.primary) for c in shown)
        """Token body colour per team (the away team's changed when the two clash)."""
        self.rims = tuple(QColor(c.secondary) for c in shown)
        """Token rim and dugout frame colour per team."""
        self.inks = tuple(QColor(ink(c.primary)) for c in shown)
        """Number and position colour per team, readable on the token body."""
        self.dugout_slots: dict[int, QRectF] = {}
        """Player index -> scene rectangle of their dugout token."""
        self._dynamic: list[QGraphicsItem] = []
        self._reach_marks: tuple[Mark, ...] = ()
        self._reach_item: ReachLayer | None = None
        self.setSceneRect(QRectF(PITCH_X - 4, -4, LENGTH * S + 8 + GUTTER, DUG_TOP[1] + DUG_H + 8))
        self._text_colour = QColor("#ddd") if dark else QColor("#333")

    # static (painted as the background, which the view caches) ---------------------
    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        painter.fillRect(QRectF(rect), QColor("#1e2124") if self.dark else QColor("#e8e8e4"))
        grass = GRASS[self.dark]
        for team, top in enumerate(DUG_TOP):
            painter.setPen(QPen(self.rims[team], 2))
            painter.setBrush(QBrush(QColor(0, 0, 0, 30)))
            painter.drawRect(QRectF(PITCH_X + 1, top + 1, LENGTH * S - 2, DUG_H - 2))
            painter.fillRect(QRectF(PITCH_X + 2, top + 2, 10, DUG_H - 4), self.fills[team])
        painter.translate(0, PITCH_Y)
        for x in range(LENGTH):
            for y in range(WIDTH):
                colour = grass[(x + y) % 2]
                if x in (0, LENGTH - 1):
                    colour = colour.darker(125)
                painter.fillRect(QRectF(PITCH_X + x * S, y * S, S, S), colour)
        painter.setPen(QPen(QColor(0, 0, 0, 40), 0.5))
        for x in range(LENGTH + 1):
            painter.drawLine(QPointF(PITCH_X + x * S, 0), QPointF(PITCH_X + x * S, WIDTH * S))
        for y in range(WIDTH + 1):
            painter.drawLine(QPointF(PITCH_X, y * S), QPointF(PITCH_X + LENGTH * S, y * S))
        bold = QPen(QColor(255, 255, 255, 200), 2.5)
        painter.setPen(bold)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(PITCH_X, 0, LENGTH * S, WIDTH * S))
        for x in (1, LENGTH - 1):
            painter.drawLine(QPointF(PITCH_X + x * S, 0), QPointF(PITCH_X + x * S, WIDTH * S))
        painter.setPen(QPen(QColor("white"), 3.0))
        half_x = PITCH_X + HALF_LINE * S
        painter.drawLine(QPointF(half_x, 0), QPointF(half_x, WIDTH * S))
        painter.setPen(QPen(QColor(255, 255, 255, 150), 1.0))
        for y in (4, WIDTH - 4):
            painter.drawLine(QPointF(PITCH_X, y * S), QPointF(PITCH_X + LENGTH * S, y * S))
        painter.setPen(QPen(QColor(255, 255, 255, 130), 1.5, Qt.PenStyle.DashLine))
        for x in (HALF_LINE - 1, HALF_LINE + 1):
            painter.drawLine(QPointF(PITCH_X + x * S, 4 * S), QPointF(PITCH_X + x * S, (WIDTH - 4) * S))
        painter.translate(0, -PITCH_Y)

    # dynamic -----------------------------------------------------------------------
    def update_from(self, ctl: BoardController, names: tuple[str, str]) -> None:
        """Redraw tokens, ball, overlays and dugouts from the controller's match."""
        for item in self._dynamic:
            self.removeItem(item)
        self._dynamic = []
        s = ctl.match.state
        marks = ctl.marks()
        self._reach_layer(tuple(m for m in marks if m.kind == "reach"))
        for mark in marks:
            if mark.kind != "reach":
                self._mark(mark, s.board[mark.square] >= 0)
        prompt = ctl.prompt
        if prompt is not None and prompt.kind == a.PUSH and ctl.human_turn() and ctl.handover_team < 0:
            origin = int(prompt.info.get("from", -1))
            for target in ctl.targets:
                if origin >= 0:
                    self._arrow(origin, target)
        for p in range(s.size):
            if s.pos[p] >= 0:
                self._token(s, p, square_rect(s.pos[p]), ctl)
        if s.ball >= 0 and ON_PITCH[s.ball]:
            self._ball(s.ball, s.carrier >= 0)
        self._dugouts(s, ctl, names)

    def _reach_layer(self, marks: tuple[Mark, ...]) -> None:
        """The far squares with their chances: one cached item, kept while they do not change."""
        if marks == self._reach_marks:
            return
        if self._reach_item is not None:
            self.removeItem(self._reach_item)
            self._reach_item = None
        self._reach_marks = marks
        if marks:
            self._reach_item = ReachLayer(marks)
            self._reach_item.setZValue(4)
            self.addItem(self._reach_item)

    def _add(self, item: QGraphicsItem, z: float) -> None:
        item.setZValue(z)
        self._dynamic.append(item)

    def _mark(self, mark: Mark, occupied: bool = False) -> None:
        r = square_rect(mark.square)
        if mark.kind == "cursor":
            pen = QPen(QColor("#ffe14d"), 2.5, Qt.PenStyle.DashLine)
            self._add(self.addRect(r.adjusted(2, 2, -2, -2), pen), 30)
            return
        if mark.kind in ("select", "focus"):
            self._add(self.addRect(r.adjusted(1, 1, -1, -1), QPen(QColor("white"), 3)), 29)
            return
        colour = MARK_COLOURS.get(mark.kind, MARK_COLOURS["target"])
        self._add(self.addRect(r, QPen(colour.darker(150), 1), QBrush(colour)), 5)
        if occupied:  # a token hides the fill: frame the square above it
            solid = QColor(colour)
            solid.setAlpha(255)
            self._add(self.addRect(r.adjusted(1.5, 1.5, -1.5, -1.5), QPen(solid, 3)), 28)
        if mark.text:
            faint = mark.kind == "reach"
            text = self.addSimpleText(mark.text, QFont("Sans", 7 if faint else 8, QFont.Weight.Bold))
            text.setBrush(QBrush(QColor("white")))
            box = text.boundingRect()
            x, y = r.center().x() - box.width() / 2, r.bottom() - box.height() - 1
            chip = QRectF(x - 2, y, box.width() + 4, box.height())
            shade = QColor(0, 0, 0, 70 if faint else 150)
            self._add(self.addRect(chip, QPen(Qt.PenStyle.NoPen), QBrush(shade)), 31)
            text.setPos(x, y)
            self._add(text, 32)

    def _arrow(self, origin: int, target: int) -> None:
        a_pt = square_rect(origin).center()
        b_pt = square_rect(target).center()
        pen = QPen(QColor("#ffd000"), 3)
        self._add(self.addLine(a_pt.x(), a_pt.y(), b_pt.x(), b_pt.y(), pen), 27)
        dx, dy = b_pt.x() - a_pt.x(), b_pt.y() - a_pt.y()
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / length, dy / length
        tip = QPointF(b_pt.x(), b_pt.y())
        left = QPointF(tip.x() - 10 * ux + 6 * uy, tip.y() - 10 * uy - 6 * ux)
        right = QPointF(tip.x() - 10 * ux - 6 * uy, tip.y() - 10 * uy + 6 * ux)
        head = self.addPolygon(QPolygonF([tip, left, right]), pen, QBrush(QColor("#ffd000")))
        self._add(head, 27)

    def _token(self, s: State, p: int, r: QRectF, ctl: BoardController, small: bool = False) -> None:
        team = s.team[p]
        colour = QColor(self.fills[team])
        ink_colour = self.inks[team]
        status = s.status[p]
        if s.used[p] and status not in (RESERVE, KO, CASUALTY, SENT_OFF):  # faded: used this turn
            colour.setAlpha(110)
        inset = 5 if not small else 3
        body = r.adjusted(inset, inset, -inset, -inset)
        pen = QPen(self.rims[team], 2.5)
        if s.tz_lost[p]:
            pen = QPen(self.rims[team], 2.5, Qt.PenStyle.DotLine)
        item: QGraphicsItem
        if status in (PRONE, STUNNED):
            path = QPainterPath()
            path.addRoundedRect(body.adjusted(0, body.height() * 0.25, 0, -body.height() * 0.1), 5, 5)
            item = self.addPath(path, pen, QBrush(colour.darker(130)))
        else:
            item = self.addEllipse(body, pen, QBrush(colour))
        self._add(item, 10)
        snap = s.teams[team].players[p - (0 if team == 0 else len(s.teams[0].players))]
        number = self.addSimpleText(
            str(snap.number), QFont("Sans", 10 if not small else 8, QFont.Weight.Bold)
        )
        number.setBrush(QBrush(ink_colour))
        nb = number.boundingRect()
        number.setPos(body.center().x() - nb.width() / 2, body.top() + (1 if not small else 0))
        self._add(number, 12)
        pos = self.addSimpleText(initials(snap.position), QFont("Sans", 6 if not small else 5))
        pos.setBrush(QBrush(ink_colour))
        pb = pos.boundingRect()
        pos.setPos(body.center().x() - pb.width() / 2, body.bottom() - pb.height() - 1)
        self._add(pos, 12)
        badge = {PRONE: "P", STUNNED: "S✶"}.get(status, "")
        if ctl.match.distracted(p):
            badge = "D"  # Season 3 Distracted: Standing without a tackle zone
        if badge and not small:
            mark = self.addSimpleText(badge, QFont("Sans", 7, QFont.Weight.Bold))
            mark.setBrush(QBrush(QColor("#ffe14d") if status == STUNNED else QColor("#ffffff")))
            mark.setPos(r.left() + 1, r.top())
            self._add(mark, 13)
        if s.carrier == p:
            ring = self.addEllipse(r.adjusted(1, 1, -1, -1), QPen(QColor("#f5c400"), 3))
            self._add(ring, 11)

    def _ball(self, square: int, carried: bool) -> None:
        r = square_rect(square)
        size = 12.0
        box = (
            QRectF(r.right() - size - 2, r.top() + 2, size, size)
            if carried
            else QRectF(r.center().x() - size / 2, r.center().y() - size / 2, size, size)
        )
        ball = self.addEllipse(box, QPen(QColor("#3b2508"), 1.5), QBrush(QColor("#a8642a")))
        self._add(ball, 20)

    def _dugouts(self, s: State, ctl: BoardController, names: tuple[str, str]) -> None:
        """Each team's band: its name, then Reserves, KO'd, Casualties and Sent off side by side."""
        self.dugout_slots = {}
        selected = ctl.selected
        for team, top in enumerate(DUG_TOP):
            title = self.addSimpleText(names[team], QFont("Sans", 10, QFont.Weight.Bold))
            title.setBrush(QBrush(self._text_colour))
            title.setPos(PITCH_X + 18, top + 3)
            self._add(title, 15)
            left = PITCH_X + 18
            for (label, status), share in zip(BOXES, BOX_SHARES, strict=True):
                width = (LENGTH * S - 26) * share
                players = [p for p in s.players_of(team) if s.pos[p] < 0 and s.status[p] == status]
                head = self.addSimpleText(f"{label} ({len(players)})", QFont("Sans", 8))
                head.setBrush(QBrush(self._text_colour))
                head.setPos(left, top + 24)
                self._add(head, 15)
                columns = max(1, int((width - 8) // DUG_CELL))
                for i, p in enumerate(players):
                    row, column = divmod(i, columns)
                    r = QRectF(left + column * DUG_CELL, top + 40 + row * DUG_CELL, DUG_CELL, DUG_CELL)
                    self._token(s, p, r, ctl, small=True)
                    self.dugout_slots[p] = r
                    if p == selected:
                        self._add(self.addRect(r, QPen(QColor("#ffe14d"), 2.5)), 29)
                    injury = s.stats[p].injury
                    if status == CASUALTY and injury:
                        tag = self.addSimpleText(injury[:3], QFont("Sans", 5))
                        tag.setBrush(QBrush(QColor("#ff8080")))
                        tag.setPos(r.left() + 1, r.top())
                        self._add(tag, 14)
                left += width

    def dugout_player_at(self, point: QPointF) -> int:
        """The dugout token under a scene point, or -1."""
        for p, r in self.dugout_slots.items():
            if r.contains(point):
                return p
        return -1

    def in_dugout(self, point: QPointF) -> bool:
        """True for a point inside either dugout band."""
        inside = PITCH_X <= point.x() <= PITCH_X + LENGTH * S
        return inside and any(top <= point.y() <= top + DUG_H for top in DUG_TOP)

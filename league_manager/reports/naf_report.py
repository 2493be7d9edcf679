"""The NAF tournament report (``nafReport`` XML, namespace ``http://www.bloodbowl.net``).

Per coach: NAF name, number and race; per game: a time stamp and two player records with
the team rating (team value in tens of thousands), touchdowns and casualties (all in
``badlyHurt``, as the NAF's other writers do). Byes are not games and are left out; only
coaches with a NAF number are reported, as the NAF cannot rank the others.
"""

from __future__ import annotations

from xml.etree import ElementTree as ET

from league_manager.services.event_views import EntryView, EventState

NAMESPACE = "http://www.bloodbowl.net"


def naf_report(state: EventState, organiser: str) -> str:
    """The report as XML text.

    Args:
        state: the event, with its reported games.
        organiser: the organiser's NAF name.
    """
    ET.register_namespace("", NAMESPACE)
    root = ET.Element(f"{{{NAMESPACE}}}nafReport")
    ET.SubElement(root, f"{{{NAMESPACE}}}organiser").text = organiser
    coaches = ET.SubElement(root, f"{{{NAMESPACE}}}coaches")
    for entry in state.entries:
        if entry.naf_number is None:
            continue
        coach = ET.SubElement(coaches, f"{{{NAMESPACE}}}coach")
        ET.SubElement(coach, f"{{{NAMESPACE}}}name").text = entry.coach
        ET.SubElement(coach, f"{{{NAMESPACE}}}number").text = str(entry.naf_number)
        ET.SubElement(coach, f"{{{NAMESPACE}}}team").text = entry.race
    for game in state.games:
        if game.b is None or game.score_a is None or game.score_b is None:
            continue
        if game.a.naf_number is None or game.b.naf_number is None:
            continue
        node = ET.SubElement(root, f"{{{NAMESPACE}}}game")
        ET.SubElement(node, f"{{{NAMESPACE}}}timeStamp").text = game.reported_at or ""
        _record(node, game.a, game.score_a, game.cas_a)
        _record(node, game.b, game.score_b, game.cas_b)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _record(game: ET.Element, entry: EntryView, touchdowns: int, casualties: int) -> None:
    record = ET.SubElement(game, f"{{{NAMESPACE}}}playerRecord")
    ET.SubElement(record, f"{{{NAMESPACE}}}name").text = entry.coach
    ET.SubElement(record, f"{{{NAMESPACE}}}number").text = str(entry.naf_number)
    ET.SubElement(record, f"{{{NAMESPACE}}}teamRating").text = str(entry.team_value // 10_000)
    ET.SubElement(record, f"{{{NAMESPACE}}}touchDowns").text = str(touchdowns)
    ET.SubElement(record, f"{{{NAMESPACE}}}badlyHurt").text = str(casualties)

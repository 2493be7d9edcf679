"""Team roster PDFs: one team on a roster page plus a reference page."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer

from league_manager.reports.history_charts import team_drawing
from league_manager.reports.layout import DocumentInfo, Marker, PageOptions, render
from league_manager.reports.roster_front import roster_front
from league_manager.reports.roster_reference import roster_reference
from league_manager.reports.theme import styles
from league_manager.rules.model import Ruleset
from league_manager.services.history_models import TeamSeries
from league_manager.services.read_models import TeamView


def ruleset_label(ruleset: Ruleset | None, ruleset_id: str, version: str = "") -> str:
    """The footer's ruleset text: ``"Blood Bowl 2020 (2025.05)"``."""
    if ruleset is not None:
        return f"{ruleset.name} ({version or ruleset.version})"
    return f"{ruleset_id} ({version})" if version else ruleset_id


def roster_story(
    team: TeamView,
    ruleset: Ruleset | None,
    options: PageOptions,
    *,
    settings: Mapping[str, object] | None = None,
    bookmarks: str | None = None,
) -> list[Flowable]:
    """The flowables of one team's roster: the roster page, a page break, the reference.

    Args:
        team: the team.
        ruleset: its ruleset; None prints the roster with the skill texts of the read model only.
        options: paper and orientation.
        settings: the league's house-rule settings (for discounted inducements).
        bookmarks: when given, a key prefix: the team becomes an outline entry with
            its two pages below it (used by the league book).
    """
    front = styles(8.4 if options.landscape else 8.6)
    reference = styles(7.4)
    story: list[Flowable] = []
    if bookmarks is not None:
        story += [
            Marker(bookmarks, team.name, 0, caption=f"{team.name} ({team.race})"),
            Marker(f"{bookmarks}-roster", "Roster", 1),
        ]
    story += roster_front(team, ruleset, options, front)
    story.append(PageBreak())
    if bookmarks is not None:
        story.append(Marker(f"{bookmarks}-reference", "Reference", 1))
    story += roster_reference(team, ruleset, options, reference, settings)
    return story


def roster_pdf(
    team: TeamView,
    ruleset: Ruleset | None = None,
    *,
    options: PageOptions | None = None,
    settings: Mapping[str, object] | None = None,
    printed: date | None = None,
    history: TeamSeries | None = None,
) -> bytes:
    """Build one team's roster as PDF bytes.

    Args:
        team: the team read model.
        ruleset: the team's ruleset (``load_ruleset(team.ruleset)``); without it the
            reference page lists the skills with the read model's texts only.
        options: paper and orientation (A4 portrait by default).
        settings: the league's house-rule settings (inducement discounts).
        printed: the date in the footer (today by default).
        history: the team's TV, treasury and dedicated fans over its games; once it has
            played, a last page charts them.

    Returns:
        The PDF file contents.
    """
    options = options or PageOptions()
    info = DocumentInfo(
        title=f"{team.name} — team roster",
        caption=f"{team.name} ({team.race})",
        ruleset=ruleset_label(ruleset, team.ruleset, team.ruleset_version),
        printed=printed or date.today(),
    )
    story = roster_story(team, ruleset, options, settings=settings)
    if history is not None and len(history.points) > 1:
        st = styles(8.6)
        story += [PageBreak(), KeepTogether([
            Paragraph("Team history", st.heading),
            team_drawing(history, options.frame_size[0], 300),
            Spacer(1, 8),
            Paragraph("Team value as the pre-game recorded it (games entered without a pre-game have "
                      "none); treasury and dedicated fans after each game.", st.note),
        ])]  # fmt: skip
    return render(story, options, info)

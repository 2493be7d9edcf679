"""A match day in words (HTML): each roll and its effect, the result, every post-game change."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from league_manager.services.match_day.records import PregameSide
    from league_manager.services.match_day.store import MatchDayView

from league_manager.core.errors import LeagueError
from league_manager.rules.loader import load_ruleset

SIDES = ("home", "away")


def _gp(value: Any) -> str:
    return f"{int(value or 0):,} gp"


def player_label(team: str, player: dict[str, Any]) -> str:
    """A player as the match day names it: "Team #n Name" (both teams may have a "Thrower #11")."""
    return f"{team} #{player.get('number')} {player.get('name', '')}"


def race_label(ruleset: str, race: str) -> str:
    """The team list's name for a race id ("chaosdwarf" → "Chaos Dwarf"); the id when unknown.

    ``ruleset`` is the match-day view's "<ruleset id> <version>".
    """
    try:
        roster = load_ruleset(ruleset.split(" ", 1)[0]).teams.get(race)
    except LeagueError:
        return race
    return roster.name if roster is not None else race


def names(view: MatchDayView) -> dict[str, str]:
    """Snapshot player ids to "Team #n Name"."""
    found = {
        str(p["id"]): player_label(str(s.get("name", side)), p)
        for side, s in view.snapshots.items()
        for p in s.get("players", [])
    }
    for hired in view.post.hired if view.post else ():
        found[str(hired.player_id)] = found.get(hired.journeyman, str(hired.player_id))
    return found


def _team_html(side: str, t: PregameSide) -> str:
    ind = t.inducements
    lines = ind.lines if ind else ()
    bought = ", ".join(f"{x.quantity} × {escape(x.name)} ({_gp(x.cost)})" for x in lines)
    return (
        f"<li><b>{escape(t.name)}</b> ({side}): fans D3 {t.fans_roll} + "
        f"{t.dedicated_fans} dedicated = fan factor <b>{t.fan_factor}</b>; "
        f"CTV {_gp(t.ctv)}; journeymen {len(t.journeymen)}; "
        f"inducements {bought or 'none'} (petty cash {_gp(ind.petty_cash if ind else 0)}, "
        f"from the treasury {_gp(ind.paid_from_treasury if ind else 0)})</li>"
    )


def pregame_html(view: MatchDayView) -> str:
    """The pre-game rolls and their effects."""
    pre = view.pre
    out = ["<h3>Pre-game</h3><ul>"]
    out.extend(_team_html(side, t) for side, t in pre.sides())
    weather = pre.weather
    if weather:
        out.append(
            f"<li>Weather {list(weather.dice)}: <b>{escape(weather.result)}</b> — "
            f"{escape(weather.effect)}</li>"
        )
    prayers = pre.prayers
    for side, prayer in prayers.rolled():
        out.append(
            f"<li>Prayer to Nuffle for {escape(side)}: {prayer.roll} "
            f"<b>{escape(prayer.name)}</b> ({escape(prayer.lasts)})</li>"
        )
    kick = pre.kick_off
    if kick:
        out.append(f"<li>Coin toss {kick.toss_roll}: {kick.toss_winner} receives, {kick.kicking} kicks</li>")
    engine = pre.engine
    if engine is not None:
        out.append(f"<li>Played on the engine ({escape(engine.bot)} bots)</li>")
    out.append("</ul>")
    if pre.rolls:
        out.append("<p><b>Rolls</b> (program = the program's dice, typed = physical dice):<br/>")
        out.append(
            "<br/>".join(f"{escape(r.label)}: {r.die} → <b>{r.result}</b> ({r.source})" for r in pre.rolls)
        )
        out.append("</p>")
    return "".join(out)


def result_html(view: MatchDayView) -> str:
    """The recorded result."""
    r = view.result
    if not r:
        return "<p>No result yet.</p>"
    conceded = "" if r.get("conceded") is None else f" ({SIDES[r['conceded']]} conceded)"
    who = names(view)
    out = [
        f"<h3>Result: {escape(view.home)} {r['home']['score']} – {r['away']['score']} "
        f"{escape(view.away)}{conceded}</h3>",
        f"<p>Casualties inflicted {r['home']['casualties_inflicted']} – "
        f"{r['away']['casualties_inflicted']}</p><ul>",
    ]
    for p in r.get("players", []):
        bits = [
            f"{n} {p[k]}"
            for k, n in (("td", "TD"), ("comp", "COMP"), ("defl", "DEF"), ("intc", "INT"), ("cas", "CAS"))
            if p.get(k)
        ]
        if p.get("injury"):
            bits.append(f"suffered {p['injury']}" + (f" ({p['lasting']})" if p.get("lasting") else ""))
        if bits:
            out.append(f"<li>{escape(who.get(str(p['id']), str(p['id'])))}: {', '.join(bits)}</li>")
    out.append("</ul>")
    return "".join(out)


def postgame_html(view: MatchDayView) -> str:
    """Every post-game change."""
    post = view.post
    if post is None:
        return "<p>The post-game sequence has not been applied yet.</p>"
    who = names(view)
    out = ["<h3>Post-game: every change</h3><ul>"]
    for side, t in post.sides():
        name = view.home if side == "home" else view.away
        roll = "no roll" if t.fans_roll is None else f"roll {t.fans_roll}"
        loss = f" (−{_gp(t.mistake_loss)})" if t.mistake_loss else ""
        mvp = who.get(str(t.mvp), str(t.mvp or "none"))
        nominees = ", ".join(who.get(n, n) for n in t.mvp_nominees)
        among = f" among {escape(nominees)}" if nominees else ""
        lost = f"; {t.spp_lost} SPP lost by conceding" if t.spp_lost else ""
        out.append(
            f"<li><b>{escape(name)}</b> {t.outcome}: winnings <b>{_gp(t.winnings)}</b>; "
            f"dedicated fans {t.fans_change:+d} ({roll}); MVP {escape(mvp)} ({t.mvp_chosen}{among}); "
            f"expensive mistakes: {escape(t.expensive_mistake)}{loss}{lost}</li>"
        )
    for p in post.players:
        out.append(f"<li>{escape(who.get(p.id, p.id))}: +{p.spp} SPP</li>")
    for injury in post.injuries:
        name = who.get(str(injury.player_id), str(injury.player_id))
        out.append(f"<li>{escape(name)}: {escape(injury.injury)} {escape(injury.lasting or '')}</li>")
    for even in post.getting_even:
        name = who.get(str(even.player_id), str(even.player_id))
        gained = f"gains <b>{escape(even.hatred)}</b>" if even.gained else "no Hatred"
        out.append(f"<li>{escape(name)}: Getting Even D6 {even.roll}, {gained}</li>")
    for hired in post.hired:
        out.append(
            f"<li>Hired {escape(who.get(hired.journeyman, hired.journeyman))} ({_gp(hired.cost)})</li>"
        )
    out.append("</ul>")
    return "".join(out)


def corrections_html(view: MatchDayView) -> str:
    """Corrections of the fixture: replaced results and cancelled pre-games, with their reasons."""
    return "".join(
        f"<p>Correction ({escape(c['reason'])}): "
        f"{escape('; '.join(c['changes']) or 'no balance changed')}</p>"
        for c in view.corrections
    )


AUDIT_LINK = "audit:dice"
"""The link under a match-day record that shows the dice record (seeds) for an audit."""


def audit_html(view: MatchDayView, shown: bool) -> str:
    """The program dice's seeds, which repeat the rolls: a link, or (``shown``) the list itself."""
    engine = view.pre.engine
    seeds = [
        (what, seed)
        for what, seed in (
            ("Pre-game program dice", view.pre.seed),
            ("Match on the engine", engine.seed if engine is not None else None),
            ("Post-game program dice", view.post.seed if view.post is not None else None),
        )
        if seed is not None
    ]
    if not seeds:
        return ""
    if not shown:
        return f"<p><a href='{AUDIT_LINK}'>Dice record for an audit…</a></p>"
    items = "".join(f"<li>{what}: seed {seed}</li>" for what, seed in seeds)
    return (
        "<h3>Dice record for an audit</h3><p>Typing a seed into the dice box of a step repeats "
        f"the program's rolls of that step.</p><ul>{items}</ul>"
    )


def full_html(view: MatchDayView, audit: bool = False) -> str:
    """Everything recorded for the match day, then the dice record (a link unless ``audit``)."""
    post = postgame_html(view) if view.post else ""
    return pregame_html(view) + result_html(view) + post + corrections_html(view) + audit_html(view, audit)

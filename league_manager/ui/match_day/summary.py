"""A match day in words (HTML): each roll and its effect, the result, every post-game change."""

from __future__ import annotations

from html import escape
from typing import Any

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


def names(view: Any) -> dict[str, str]:
    """Snapshot player ids to "Team #n Name"."""
    found = {
        str(p["id"]): player_label(str(s.get("name", side)), p)
        for side, s in view.snapshots.items()
        for p in s.get("players", [])
    }
    for hired in (view.postgame or {}).get("hired", []):
        found[str(hired["player_id"])] = found.get(str(hired["journeyman"]), str(hired["player_id"]))
    return found


def pregame_html(view: Any) -> str:
    """The pre-game rolls and their effects."""
    pre = view.pregame
    teams = pre.get("teams", {})
    out = ["<h3>Pre-game</h3><ul>"]
    for side in SIDES:
        t = teams.get(side, {})
        ind = t.get("inducements", {})
        bought = ", ".join(
            f"{x['quantity']} × {escape(x['name'])} ({_gp(x['cost'])})" for x in ind.get("lines", [])
        )
        out.append(
            f"<li><b>{escape(t.get('name', side))}</b> ({side}): fans D3 {t.get('fans_roll')} + "
            f"{t.get('dedicated_fans')} dedicated = fan factor <b>{t.get('fan_factor')}</b>; "
            f"CTV {_gp(t.get('ctv'))}; journeymen {len(t.get('journeymen', []))}; "
            f"inducements {bought or 'none'} (petty cash {_gp(ind.get('petty_cash'))}, "
            f"from the treasury {_gp(ind.get('paid_from_treasury'))})</li>"
        )
    weather = pre.get("weather", {})
    if weather:
        out.append(
            f"<li>Weather {weather.get('dice')}: <b>{escape(str(weather.get('result')))}</b> — "
            f"{escape(str(weather.get('effect', '')))}</li>"
        )
    prayers = pre.get("prayers", {})
    for prayer in prayers.get("results", []):
        out.append(
            f"<li>Prayer to Nuffle for {escape(str(prayers.get('team')))}: {prayer['roll']} "
            f"<b>{escape(prayer['name'])}</b> ({escape(str(prayer['lasts']))})</li>"
        )
    kick = pre.get("kick_off", {})
    if kick:
        out.append(
            f"<li>Coin toss {kick.get('toss_roll')}: {kick.get('toss_winner')} receives, "
            f"{kick.get('kicking')} kicks</li>"
        )
    engine = pre.get("engine") or {}
    if engine.get("seed") is not None:
        bots = escape(str(engine.get("bot")))
        out.append(f"<li>Played on the engine ({bots} bots), seed {engine['seed']}</li>")
    out.append("</ul>")
    rolls = pre.get("rolls", [])
    if rolls:
        seed = f"; program dice seed {pre['seed']}" if pre.get("seed") is not None else ""
        out.append(f"<p><b>Rolls</b> (program = seeded dice, typed = physical dice{seed}):<br/>")
        out.append(
            "<br/>".join(
                f"{escape(r['label'])}: {r['die']} → <b>{r['result']}</b> ({r['source']})" for r in rolls
            )
        )
        out.append("</p>")
    return "".join(out)


def result_html(view: Any) -> str:
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


def postgame_html(view: Any) -> str:
    """Every post-game change."""
    post = view.postgame
    if not post:
        return "<p>The post-game sequence has not been applied yet.</p>"
    who = names(view)
    seed = f" (program dice seed {post['seed']})" if post.get("seed") is not None else ""
    out = [f"<h3>Post-game: every change{seed}</h3><ul>"]
    for side in SIDES:
        t = post["teams"][side]
        name = view.home if side == "home" else view.away
        roll = "no roll" if t["fans_roll"] is None else f"roll {t['fans_roll']}"
        loss = f" (−{_gp(t['mistake_loss'])})" if t["mistake_loss"] else ""
        out.append(
            f"<li><b>{escape(name)}</b> {t['outcome']}: winnings <b>{_gp(t['winnings'])}</b>; "
            f"dedicated fans {t['fans_change']:+d} ({roll}); MVP "
            f"{escape(who.get(str(t['mvp']), str(t['mvp'] or 'none')))} ({t['mvp_chosen']}); "
            f"expensive mistakes: {escape(str(t['expensive_mistake']))}{loss}</li>"
        )
    for p in post.get("players", []):
        out.append(f"<li>{escape(who.get(str(p['id']), str(p['id'])))}: +{p['spp']} SPP</li>")
    for injury in post.get("injuries", []):
        name = who.get(str(injury["player_id"]), str(injury["player_id"]))
        out.append(
            f"<li>{escape(name)}: {escape(str(injury['injury']))} "
            f"{escape(str(injury.get('lasting') or ''))}</li>"
        )
    for hired in post.get("hired", []):
        out.append(
            f"<li>Hired {escape(who.get(str(hired['journeyman']), str(hired['journeyman'])))} "
            f"({_gp(hired['cost'])})</li>"
        )
    out.append("</ul>")
    return "".join(out)


def corrections_html(view: Any) -> str:
    """Corrections of the fixture: replaced results and cancelled pre-games, with their reasons."""
    return "".join(
        f"<p>Correction ({escape(c['reason'])}): "
        f"{escape('; '.join(c['changes']) or 'no balance changed')}</p>"
        for c in view.corrections
    )


def full_html(view: Any) -> str:
    """Everything recorded for the match day."""
    post = postgame_html(view) if view.postgame else ""
    return pregame_html(view) + result_html(view) + post + corrections_html(view)

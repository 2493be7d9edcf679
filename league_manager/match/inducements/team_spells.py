"""Spells with no target, chosen among a few options: Temporal Distortion (Asur High Mage) and the
Weather Mage's weather roll (a common inducement, not a wizard).

``OPTION_SPELLS`` gives, per spell, its option labels and its effect; ``wizards`` offers them
(CHOOSE with ``player = -1 - index`` of the spell and ``square = -2 - option``).
"""

from __future__ import annotations

from collections.abc import Callable

from league_manager.match.core import Ctx, Proc
from league_manager.match.events import Event
from league_manager.match.inducements.necro_spells import DANSE, danse_macabre
from league_manager.match.inducements.nurgle_spells import VIGOROUS_GROWTH, vigorous_growth
from league_manager.match.inducements.slann_spells import TECTONIC_SHIFT, tectonic_shift
from league_manager.match.state import TURNS_PER_HALF

TEMPORAL_DISTORTION = "Temporal Distortion"
TEMPORAL_TARGET = 5
WEATHER_ROLL = "Weather Mage"
WEATHER_MODIFIERS = (-2, -1, 0, 1, 2)
WEATHER_LABELS = tuple(f"weather roll {m:+d}" if m else "weather roll" for m in WEATHER_MODIFIERS)


def temporal_distortion(c: Ctx, team: int, wizard: str, option: int) -> Proc[None]:
    """D6 5+: both turn markers move one space forwards (option 0: each team loses a turn of the
    half) or backwards (option 1: each gains one); a marker stays within 0..8."""
    s = c.s
    roll = c.d6("temporal distortion")
    ok = roll >= TEMPORAL_TARGET
    step = 1 if option == 0 else -1
    if ok:
        s.turn = [max(0, min(TURNS_PER_HALF, t + step)) for t in s.turn]
    detail = ("forwards" if step > 0 else "backwards") + (f": turns {s.turn[0]}/{s.turn[1]}" if ok else "")
    c.emit(
        Event(
            "temporal_distortion", team, rolls=(roll,), target=TEMPORAL_TARGET, success=ok, rule=wizard,
            detail=detail,
        )
    )  # fmt: skip
    yield from ()


def weather_mage(c: Ctx, team: int, caster: str, option: int) -> Proc[None]:
    """2D6 plus the chosen modifier on the Weather table; the result replaces the weather until the
    end of the opposition's next team turn or of the drive, whichever comes first."""
    from league_manager.match.procedures.kickoff_events import weather_for

    s = c.s
    modifier = WEATHER_MODIFIERS[option]
    a, b = c.d6("weather"), c.d6("weather")
    total = max(2, min(12, a + b + modifier))
    if not s.weather_mage[0]:
        s.weather_mage = (s.weather, 1 - team)
    s.weather = weather_for(total)
    mods = (("Weather Mage", modifier),) if modifier else ()
    c.emit(Event("weather", team, rolls=(a, b), modifiers=mods, rule=caster, detail=s.weather))
    yield from ()


def restore_weather(c: Ctx, team: int | None = None) -> None:
    """The weather the Weather Mage replaced comes back: at the end of ``team``'s team turn when
    it is the one the mage waits for, or at the end of the drive (``team`` None)."""
    s = c.s
    weather, until = s.weather_mage
    if not weather or (team is not None and team != until):
        return
    s.weather = weather
    s.weather_mage = ("", -1)
    c.emit(Event("weather", detail=weather, rule=WEATHER_ROLL))


OPTION_SPELLS: dict[str, tuple[tuple[str, ...], Callable[[Ctx, int, str, int], Proc[None]]]] = {
    TEMPORAL_DISTORTION: (("turn markers forwards", "turn markers backwards"), temporal_distortion),
    WEATHER_ROLL: (WEATHER_LABELS, weather_mage),
    DANSE: (("Linemen +1 MA, AG or PA this turn",), danse_macabre),
    VIGOROUS_GROWTH: (("opposition Rushes -2 this turn",), vigorous_growth),
    TECTONIC_SHIFT: (("opposition Rushes -1 this turn",), tectonic_shift),
}
"""Per option spell: the label of each option and the spell cast with the chosen one."""
